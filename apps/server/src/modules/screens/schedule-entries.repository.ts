import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { playlist, scheduleEntry } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';
import { SCHEDULE_ENTRIES_MAX } from '@screenline/shared/schedule';

/** The fields of an entry a screen owner edits. */
export interface TScheduleFields {
  playlistId: string;
  firstDay: string;
  lastDay: string | null;
  weekdays: number[];
  startTime: string;
  endTime: string;
  priority: number;
}

/** A list position: the first day of the last entry seen, and its id as the tie-breaker. */
export interface TSchedulePosition {
  firstDay: string;
  id: string;
}

const selection = { entry: scheduleEntry, playlistName: playlist.name };

export function createScheduleEntriesRepository(db: TDb) {
  /** Entries with their playlist's name. */
  const selectWithPlaylist = () =>
    db
      .select(selection)
      .from(scheduleEntry)
      .innerJoin(playlist, eq(playlist.id, scheduleEntry.playlistId));

  return {
    /** The owner's entries by first day, on one ad space and/or of one playlist when asked. */
    async list(
      ownerId: string,
      filter: {
        adSpaceId?: string | undefined;
        playlistId?: string | undefined;
        limit: number;
        after?: TSchedulePosition | undefined;
      },
    ) {
      const conditions: SQL[] = [eq(scheduleEntry.ownerId, ownerId)];
      if (filter.adSpaceId) conditions.push(eq(scheduleEntry.adSpaceId, filter.adSpaceId));
      if (filter.playlistId) conditions.push(eq(scheduleEntry.playlistId, filter.playlistId));
      if (filter.after) {
        conditions.push(
          sql`(${scheduleEntry.firstDay}, ${scheduleEntry.id}) > (${filter.after.firstDay}::date, ${filter.after.id}::uuid)`,
        );
      }
      return selectWithPlaylist()
        .where(and(...conditions))
        .orderBy(asc(scheduleEntry.firstDay), asc(scheduleEntry.id))
        .limit(filter.limit);
    },

    async findById(ownerId: string, id: string) {
      const [row] = await selectWithPlaylist().where(
        and(eq(scheduleEntry.ownerId, ownerId), eq(scheduleEntry.id, id)),
      );
      return row;
    },

    /**
     * Adds an entry and bumps its ad space's content version, in one transaction. Null when the
     * ad space or the playlist went away since the service checked them (the foreign keys say so).
     */
    async insert(values: TScheduleFields & { ownerId: string; adSpaceId: string }) {
      try {
        return await db.transaction(async (tx) => {
          // The bump locks the space's row: concurrent inserts count one after the other.
          await bumpContentVersion(tx, { adSpaceIds: [values.adSpaceId] });
          const [count] = await tx
            .select({ entries: sql<number>`count(*)::int` })
            .from(scheduleEntry)
            .where(eq(scheduleEntry.adSpaceId, values.adSpaceId));
          if (Number(count?.entries ?? 0) >= SCHEDULE_ENTRIES_MAX) return 'full' as const;
          const [row] = await tx
            .insert(scheduleEntry)
            .values(values)
            .returning({ id: scheduleEntry.id });
          if (!row) throw new Error('The insert returned no row.');
          return row.id;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return null;
        throw error;
      }
    },

    /**
     * Saves the fields, moves `updatedAt` to now (the resolver's second tie-break: the most
     * recently changed entry wins) and bumps the ad space's content version, in one transaction.
     * `not-found` when the entry is gone, `missing-reference` when the new playlist is.
     */
    async update(
      ownerId: string,
      id: string,
      fields: TScheduleFields,
    ): Promise<'updated' | 'not-found' | 'missing-reference'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(scheduleEntry)
            .set({ ...fields, updatedAt: sql`now()` })
            .where(and(eq(scheduleEntry.ownerId, ownerId), eq(scheduleEntry.id, id)))
            .returning({ adSpaceId: scheduleEntry.adSpaceId });
          if (!row) return 'not-found';
          await bumpContentVersion(tx, { adSpaceIds: [row.adSpaceId] });
          return 'updated';
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'missing-reference';
        throw error;
      }
    },

    /**
     * Deletes the entry and bumps its ad space's content version; answers that space's id, or
     * null when the entry was not there.
     */
    async delete(ownerId: string, id: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(scheduleEntry)
          .where(and(eq(scheduleEntry.ownerId, ownerId), eq(scheduleEntry.id, id)))
          .returning({ adSpaceId: scheduleEntry.adSpaceId });
        if (!row) return null;
        await bumpContentVersion(tx, { adSpaceIds: [row.adSpaceId] });
        return row.adSpaceId;
      });
    },
  };
}

export type TScheduleEntriesRepository = ReturnType<typeof createScheduleEntriesRepository>;
export type TScheduleEntryRow = NonNullable<
  Awaited<ReturnType<TScheduleEntriesRepository['findById']>>
>;
