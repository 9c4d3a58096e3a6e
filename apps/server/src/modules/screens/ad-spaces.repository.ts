import { and, arrayContains, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpace, location, playlist, scheduleEntry } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';
import { requireWithinEntryLimit } from './entry-limit';
import { findEntriesPlayingOn } from './group-membership';
import { escapeLike, type TNamePosition } from './name-order';

export type TAdSpaceColumns = Pick<
  typeof adSpace.$inferInsert,
  | 'name'
  | 'locationId'
  | 'orientation'
  | 'resolutionWidth'
  | 'resolutionHeight'
  | 'defaultPlaylistId'
  | 'tags'
>;

export interface TAdSpaceFilter {
  search?: string | undefined;
  locationId?: string | undefined;
  tag?: string | undefined;
  limit: number;
  after?: TNamePosition | undefined;
}

const sortName = sql<string>`lower(${adSpace.name})`;

/** Queries of the ad spaces an owner keeps (issue 7 item 2). */
export function createAdSpacesRepository(db: TDb) {
  return {
    ...adSpaceQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: TAdSpaceQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(adSpaceQueries(tx)));
    },
  };
}

function adSpaceQueries(db: TDb) {
  /** Spaces with their location and the name of their default playlist. */
  const selectWithNames = () =>
    db
      .select({
        adSpace,
        location: {
          id: location.id,
          name: location.name,
          timeZone: location.timeZone,
          city: location.city,
        },
        defaultPlaylistName: playlist.name,
        sortName,
      })
      .from(adSpace)
      .innerJoin(location, eq(location.id, adSpace.locationId))
      .leftJoin(playlist, eq(playlist.id, adSpace.defaultPlaylistId))
      .$dynamic();

  return {
    async list(ownerId: string, filter: TAdSpaceFilter) {
      const conditions: SQL[] = [eq(adSpace.ownerId, ownerId)];
      if (filter.search) conditions.push(ilike(adSpace.name, `%${escapeLike(filter.search)}%`));
      if (filter.locationId) conditions.push(eq(adSpace.locationId, filter.locationId));
      if (filter.tag) conditions.push(arrayContains(adSpace.tags, [filter.tag]));
      if (filter.after) {
        conditions.push(
          sql`(${sortName}, ${adSpace.id}) > (${filter.after.name}::text, ${filter.after.id}::uuid)`,
        );
      }
      return selectWithNames()
        .where(and(...conditions))
        .orderBy(asc(sortName), asc(adSpace.id))
        .limit(filter.limit);
    },

    /** Every space of the owner with its location, by name (the TV's setup list). */
    async listAll(ownerId: string) {
      return selectWithNames()
        .where(eq(adSpace.ownerId, ownerId))
        .orderBy(asc(sortName), asc(adSpace.id));
    },

    async findById(ownerId: string, id: string) {
      const [row] = await selectWithNames().where(
        and(eq(adSpace.ownerId, ownerId), eq(adSpace.id, id)),
      );
      return row;
    },

    /**
     * The schedule entries that play on the spaces, their own and their groups', with their
     * playlists' names (a page of spaces resolves what each plays from these, in memory).
     */
    findEntries(adSpaceIds: readonly string[]) {
      return findEntriesPlayingOn(db, adSpaceIds);
    },

    /** Refuses (and rolls back) when a change left a space with too many entries. */
    requireWithinEntryLimit(adSpaceIds: readonly string[], path = 'body.tags') {
      return requireWithinEntryLimit(db, adSpaceIds, path);
    },

    /**
     * The space, locked until the transaction ends: a schedule entry added meanwhile (its
     * foreign key locks this row) waits, so a refusal's list of entries stays true.
     */
    async lockById(ownerId: string, id: string) {
      const [row] = await db
        .select()
        .from(adSpace)
        .where(and(eq(adSpace.ownerId, ownerId), eq(adSpace.id, id)))
        .for('update');
      return row;
    },

    /** The spaces, locked until the transaction ends, in id order (no two bulk calls deadlock). */
    async lockByIds(ownerId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(adSpace)
        .where(and(eq(adSpace.ownerId, ownerId), inArray(adSpace.id, [...ids])))
        .orderBy(asc(adSpace.id))
        .for('update');
    },

    async insert(ownerId: string, values: TAdSpaceColumns): Promise<string> {
      const [row] = await db
        .insert(adSpace)
        .values({ ...values, ownerId })
        .returning({ id: adSpace.id });
      if (!row) throw new Error('The insert returned no row.');
      return row.id;
    },

    async update(ownerId: string, id: string, values: Partial<TAdSpaceColumns>): Promise<void> {
      await db
        .update(adSpace)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(adSpace.ownerId, ownerId), eq(adSpace.id, id)));
    },

    async updateMany(
      ownerId: string,
      ids: readonly string[],
      values: Partial<TAdSpaceColumns>,
    ): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(adSpace)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(adSpace.ownerId, ownerId), inArray(adSpace.id, [...ids])));
    },

    /** Several spaces now play something else; answers the ids bumped. */
    bumpContentVersions(ids: readonly string[]): Promise<string[]> {
      return bumpContentVersion(db, { adSpaceIds: ids });
    },

    /** The on hours (TPowerSchedule as jsonb; null: always on). */
    async setPowerSchedule(ownerId: string, id: string, schedule: unknown): Promise<void> {
      await db
        .update(adSpace)
        .set({ powerSchedule: schedule, updatedAt: new Date() })
        .where(and(eq(adSpace.ownerId, ownerId), eq(adSpace.id, id)));
    },

    async deleteEntriesOf(adSpaceId: string): Promise<void> {
      await db.delete(scheduleEntry).where(eq(scheduleEntry.adSpaceId, adSpaceId));
    },

    async deleteById(ownerId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(adSpace)
        .where(and(eq(adSpace.ownerId, ownerId), eq(adSpace.id, id)))
        .returning({ id: adSpace.id });
      return deleted.length === 1;
    },

    /** The space now plays something else: its player's manifest must change. */
    async bumpContentVersion(id: string): Promise<void> {
      await bumpContentVersion(db, { adSpaceIds: [id] });
    },
  };
}

export type TAdSpaceQueries = ReturnType<typeof adSpaceQueries>;
export type TAdSpacesRepository = ReturnType<typeof createAdSpacesRepository>;
export type TAdSpaceWithNames = NonNullable<Awaited<ReturnType<TAdSpaceQueries['findById']>>>;
export type TEntryWithName = Awaited<ReturnType<TAdSpaceQueries['findEntries']>>[number];
