import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpace, location } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';
import { escapeLike, type TNamePosition } from './name-order';

export type TLocationRow = typeof location.$inferSelect;
export type TLocationColumns = Omit<
  typeof location.$inferInsert,
  'id' | 'ownerId' | 'createdAt' | 'updatedAt'
>;

export interface TLocationFilter {
  search?: string | undefined;
  limit: number;
  after?: TNamePosition | undefined;
}

// Case-insensitive, so "apple" sorts before "Banana"; the id breaks ties between equal names.
const sortName = sql<string>`lower(${location.name})`;

/** Queries of the locations an owner keeps (issue 7 item 1). */
export function createLocationsRepository(db: TDb) {
  return {
    ...locationQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: TLocationQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(locationQueries(tx)));
    },
  };
}

function locationQueries(db: TDb) {
  /** The owner's locations with how many ad spaces stand at each (one grouped count, joined). */
  const selectWithCount = (ownerId: string) => {
    const counts = db
      .select({ locationId: adSpace.locationId, count: sql<number>`count(*)::int`.as('count') })
      .from(adSpace)
      .where(eq(adSpace.ownerId, ownerId))
      .groupBy(adSpace.locationId)
      .as('space_count');
    return db
      .select({ location, adSpaceCount: sql<number>`coalesce(${counts.count}, 0)`, sortName })
      .from(location)
      .leftJoin(counts, eq(counts.locationId, location.id))
      .$dynamic();
  };

  return {
    async list(ownerId: string, filter: TLocationFilter) {
      const conditions: SQL[] = [eq(location.ownerId, ownerId)];
      if (filter.search) conditions.push(ilike(location.name, `%${escapeLike(filter.search)}%`));
      if (filter.after) {
        conditions.push(
          sql`(${sortName}, ${location.id}) > (${filter.after.name}::text, ${filter.after.id}::uuid)`,
        );
      }
      return selectWithCount(ownerId)
        .where(and(...conditions))
        .orderBy(asc(sortName), asc(location.id))
        .limit(filter.limit);
    },

    async findById(ownerId: string, id: string) {
      const [row] = await selectWithCount(ownerId).where(
        and(eq(location.ownerId, ownerId), eq(location.id, id)),
      );
      return row;
    },

    /**
     * The location, locked until the transaction ends: an ad space added meanwhile (its foreign
     * key locks this row) waits, so a refusal's list of spaces stays true until the delete.
     */
    async lockById(ownerId: string, id: string): Promise<TLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(location)
        .where(and(eq(location.ownerId, ownerId), eq(location.id, id)))
        .for('update');
      return row;
    },

    async insert(ownerId: string, values: TLocationColumns): Promise<TLocationRow> {
      const [row] = await db
        .insert(location)
        .values({ ...values, ownerId })
        .returning();
      if (!row) throw new Error('The insert returned no row.');
      return row;
    },

    async update(ownerId: string, id: string, values: Partial<TLocationColumns>): Promise<void> {
      await db
        .update(location)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(location.ownerId, ownerId), eq(location.id, id)));
    },

    /** The ad spaces standing at the location, by name. */
    async findAdSpaces(locationId: string) {
      return db
        .select({ id: adSpace.id, name: adSpace.name })
        .from(adSpace)
        .where(eq(adSpace.locationId, locationId))
        .orderBy(asc(sql`lower(${adSpace.name})`), asc(adSpace.id));
    },

    async deleteById(ownerId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(location)
        .where(and(eq(location.ownerId, ownerId), eq(location.id, id)))
        .returning({ id: location.id });
      return deleted.length === 1;
    },

    /** Every ad space at the location now plays on other wall-clock instants; answers their ids. */
    bumpSpacesAt(locationId: string): Promise<string[]> {
      return bumpContentVersion(db, { locationId });
    },
  };
}

export type TLocationQueries = ReturnType<typeof locationQueries>;
export type TLocationsRepository = ReturnType<typeof createLocationsRepository>;
