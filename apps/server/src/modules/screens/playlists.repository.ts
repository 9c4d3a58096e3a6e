import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { adSpace, playlist, scheduleEntry, screenGroup } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';

export type TPlaylistRow = typeof playlist.$inferSelect;

/** A list position: `lower(name)` of the last playlist seen, as the database printed it, and its id. */
export interface TPlaylistPosition {
  name: string;
  id: string;
}

/** Case-insensitive, so "apple" and "Banana" sort the way people expect. */
const sortKey = sql<string>`lower(${playlist.name})`;

export function createPlaylistsRepository(db: TDb) {
  return {
    /** A page of the owner's playlists by name; each row carries its sort key for the cursor. */
    async list(
      ownerId: string,
      filter: { search?: string | undefined; limit: number; after?: TPlaylistPosition | undefined },
    ) {
      const conditions: SQL[] = [eq(playlist.ownerId, ownerId)];
      if (filter.search) conditions.push(ilike(playlist.name, `%${escapeLike(filter.search)}%`));
      if (filter.after) {
        conditions.push(
          sql`(${sortKey}, ${playlist.id}) > (${filter.after.name}::text, ${filter.after.id}::uuid)`,
        );
      }
      return db
        .select({ playlist, sortKey })
        .from(playlist)
        .where(and(...conditions))
        .orderBy(asc(sortKey), asc(playlist.id))
        .limit(filter.limit);
    },

    async findById(ownerId: string, id: string): Promise<TPlaylistRow | undefined> {
      const [row] = await db
        .select()
        .from(playlist)
        .where(and(eq(playlist.ownerId, ownerId), eq(playlist.id, id)));
      return row;
    },

    /** The owner's playlists among `ids` (others' and missing ids are left out), by id. */
    async findByIds(ownerId: string, ids: readonly string[]): Promise<TPlaylistRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(playlist)
        .where(and(eq(playlist.ownerId, ownerId), inArray(playlist.id, [...ids])))
        .orderBy(asc(playlist.id));
    },

    /**
     * Where the playlists are used, in two queries for any number of them: the ad spaces that
     * play each by default, and the schedule entries naming each with their space's name.
     */
    async findUsage(ownerId: string, playlistIds: readonly string[]) {
      if (playlistIds.length === 0) return { defaults: [], entries: [] };
      const ids = [...playlistIds];
      const [defaults, entries] = await Promise.all([
        db
          .select({
            playlistId: sql<string>`${adSpace.defaultPlaylistId}`,
            id: adSpace.id,
            name: adSpace.name,
          })
          .from(adSpace)
          .where(and(eq(adSpace.ownerId, ownerId), inArray(adSpace.defaultPlaylistId, ids)))
          .orderBy(asc(sql`lower(${adSpace.name})`), asc(adSpace.id)),
        db
          .select({
            playlistId: scheduleEntry.playlistId,
            scheduleEntryId: scheduleEntry.id,
            // A group entry (issue 23) names its group where a space's entry names the space.
            adSpaceId: sql<string>`coalesce(${adSpace.id}, ${screenGroup.id})`,
            adSpaceName: sql<string>`coalesce(${adSpace.name}, ${screenGroup.name} || ' (group)')`,
            firstDay: scheduleEntry.firstDay,
            startTime: scheduleEntry.startTime,
            endTime: scheduleEntry.endTime,
          })
          .from(scheduleEntry)
          .leftJoin(adSpace, eq(adSpace.id, scheduleEntry.adSpaceId))
          .leftJoin(screenGroup, eq(screenGroup.id, scheduleEntry.groupId))
          .where(and(eq(scheduleEntry.ownerId, ownerId), inArray(scheduleEntry.playlistId, ids)))
          .orderBy(
            asc(sql`lower(coalesce(${adSpace.name}, ${screenGroup.name}))`),
            asc(sql`coalesce(${adSpace.id}, ${screenGroup.id})`),
            asc(scheduleEntry.firstDay),
            asc(scheduleEntry.startTime),
            asc(scheduleEntry.id),
          ),
      ]);
      return { defaults, entries };
    },

    async insert(values: { ownerId: string; name: string; items: unknown[] }) {
      const [row] = await db.insert(playlist).values(values).returning();
      if (!row) throw new Error('The insert returned no row.');
      return row;
    },

    /**
     * Saves changes and bumps the version, and the content version of every ad space playing the
     * playlist (by default or through the schedule), in one transaction; answers the row and the
     * ids of the spaces bumped. Undefined when the owner has no such playlist.
     */
    async update(
      ownerId: string,
      id: string,
      changes: { name?: string | undefined; items?: unknown[] | undefined },
    ): Promise<{ row: TPlaylistRow; adSpaceIds: string[] } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(playlist)
          .set({
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.items === undefined ? {} : { items: changes.items }),
            version: sql`${playlist.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(playlist.ownerId, ownerId), eq(playlist.id, id)))
          .returning();
        if (!row) return undefined;
        return { row, adSpaceIds: await bumpContentVersion(tx, { playlistId: id }) };
      });
    },

    /**
     * Deletes the playlist. `in-use` when an ad space or a schedule entry still names it: the
     * foreign keys refuse it, so a reference made after the service's check is caught too.
     */
    async delete(ownerId: string, id: string): Promise<'deleted' | 'not-found' | 'in-use'> {
      try {
        const deleted = await db
          .delete(playlist)
          .where(and(eq(playlist.ownerId, ownerId), eq(playlist.id, id)))
          .returning({ id: playlist.id });
        return deleted.length === 1 ? 'deleted' : 'not-found';
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'in-use';
        throw error;
      }
    },

    /**
     * The owner's playlists with an item naming the content item, by name. The containment test
     * (`items @> '[{"contentId": …}]'`) is answered by the GIN index on items.
     */
    async findUsersOfContent(ownerId: string, contentId: string) {
      const needle = JSON.stringify([{ contentId }]);
      return db
        .select({ id: playlist.id, name: playlist.name })
        .from(playlist)
        .where(and(eq(playlist.ownerId, ownerId), sql`${playlist.items} @> ${needle}::jsonb`))
        .orderBy(asc(sortKey), asc(playlist.id));
    },
  };
}

export type TPlaylistsRepository = ReturnType<typeof createPlaylistsRepository>;

/** LIKE treats %, _ and \ specially; a search for them means the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
