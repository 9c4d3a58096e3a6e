import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { adSpace, playlist, scheduleEntry, screenGroup } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';
import { requireWithinEntryLimit } from './entry-limit';
import { findGroupMemberIds, isSpaceInGroup } from './group-membership';

/** Where an entry plays: one ad space or one screen group (issue 23). */
export type TEntryTarget =
  { adSpaceId: string; groupId?: undefined } | { groupId: string; adSpaceId?: undefined };

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

const selection = {
  entry: scheduleEntry,
  playlistName: playlist.name,
  groupName: sql<string | null>`${screenGroup.name}`,
};

/**
 * The spaces an entry's change reaches, locked by their content version bump (concurrent changes
 * count one after the other): its ad space, or every member of its group.
 */
async function bumpTarget(
  tx: TDb,
  target: { adSpaceId: string | null; groupId: string | null },
): Promise<string[]> {
  const ids = target.adSpaceId
    ? [target.adSpaceId]
    : target.groupId
      ? await findGroupMemberIds(tx, target.groupId)
      : [];
  await bumpContentVersion(tx, { adSpaceIds: ids });
  return ids;
}

export function createScheduleEntriesRepository(db: TDb) {
  /** Entries with their playlist's name. */
  const selectWithPlaylist = () =>
    db
      .select(selection)
      .from(scheduleEntry)
      .innerJoin(playlist, eq(playlist.id, scheduleEntry.playlistId))
      .leftJoin(screenGroup, eq(screenGroup.id, scheduleEntry.groupId));

  return {
    /**
     * The owner's entries by first day; when asked, those that play on one ad space (its own and
     * its groups'), of one group, of one playlist.
     */
    async list(
      ownerId: string,
      filter: {
        adSpaceId?: string | undefined;
        groupId?: string | undefined;
        playlistId?: string | undefined;
        limit: number;
        after?: TSchedulePosition | undefined;
      },
    ) {
      const conditions: SQL[] = [eq(scheduleEntry.ownerId, ownerId)];
      if (filter.adSpaceId) {
        // The inner screen_group and ad_space name the subquery's own rows.
        conditions.push(sql`(${scheduleEntry.adSpaceId} = ${filter.adSpaceId}
          or ${scheduleEntry.groupId} in (
            select ${screenGroup.id} from ${screenGroup} join ${adSpace}
              on ${adSpace.id} = ${filter.adSpaceId} and ${isSpaceInGroup}))`);
      }
      if (filter.groupId) conditions.push(eq(scheduleEntry.groupId, filter.groupId));
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
     * Adds an entry and bumps the content version of every space it plays on, in one
     * transaction; refuses (AppError, nothing stored) when a space would have more entries than
     * the limit. Answers the id and those spaces; null when the target or the playlist went away
     * since the service checked them (the foreign keys say so).
     */
    async insert(values: TScheduleFields & { ownerId: string } & TEntryTarget) {
      try {
        return await db.transaction(async (tx) => {
          const target = { adSpaceId: values.adSpaceId ?? null, groupId: values.groupId ?? null };
          const adSpaceIds = await bumpTarget(tx, target);
          const [row] = await tx
            .insert(scheduleEntry)
            .values({ ...values, ...target })
            .returning({ id: scheduleEntry.id });
          if (!row) throw new Error('The insert returned no row.');
          await requireWithinEntryLimit(tx, adSpaceIds, 'body.adSpaceId');
          return { id: row.id, adSpaceIds };
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
    ): Promise<string[] | 'not-found' | 'missing-reference'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(scheduleEntry)
            .set({ ...fields, updatedAt: sql`now()` })
            .where(and(eq(scheduleEntry.ownerId, ownerId), eq(scheduleEntry.id, id)))
            .returning({ adSpaceId: scheduleEntry.adSpaceId, groupId: scheduleEntry.groupId });
          if (!row) return 'not-found';
          return bumpTarget(tx, row);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'missing-reference';
        throw error;
      }
    },

    /**
     * Deletes the entry and bumps the content version of the spaces it played on; answers their
     * ids, or null when the entry was not there.
     */
    async delete(ownerId: string, id: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(scheduleEntry)
          .where(and(eq(scheduleEntry.ownerId, ownerId), eq(scheduleEntry.id, id)))
          .returning({ adSpaceId: scheduleEntry.adSpaceId, groupId: scheduleEntry.groupId });
        if (!row) return null;
        return bumpTarget(tx, row);
      });
    },
  };
}

export type TScheduleEntriesRepository = ReturnType<typeof createScheduleEntriesRepository>;
export type TScheduleEntryRow = NonNullable<
  Awaited<ReturnType<TScheduleEntriesRepository['findById']>>
>;
