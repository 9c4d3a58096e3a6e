import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TScreenGroupKind } from '@screenline/shared/screen-group';
import type { TDb } from '../../db/database';
import { scheduleEntry, screenGroup, screenGroupMember } from '../../db/schema/index';
import { bumpContentVersion } from './content-version.repository';
import { requireWithinEntryLimit } from './entry-limit';
import { findGroupMemberIds, findGroupMembers } from './group-membership';

const sortName = sql<string>`lower(${screenGroup.name})`;
const entryCount = sql<number>`(select count(*)::int from ${scheduleEntry} where ${scheduleEntry.groupId} = ${screenGroup.id})`;

/** Queries of an owner's screen groups (issue 23 item 1). */
export function createScreenGroupsRepository(db: TDb) {
  return {
    ...groupQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: TScreenGroupQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(groupQueries(tx)));
    },
  };
}

function groupQueries(db: TDb) {
  const selectGroups = () =>
    db.select({ group: screenGroup, scheduleEntryCount: entryCount }).from(screenGroup).$dynamic();

  /** Adds spaces to a static group; those already in it stay once. */
  async function addMembers(groupId: string, adSpaceIds: readonly string[]): Promise<void> {
    if (adSpaceIds.length === 0) return;
    await db
      .insert(screenGroupMember)
      .values(adSpaceIds.map((adSpaceId) => ({ groupId, adSpaceId })))
      .onConflictDoNothing();
  }

  return {
    addMembers,

    /** Every group of the owner, by name (an owner keeps at most SCREEN_GROUPS_MAX). */
    async list(ownerId: string) {
      return selectGroups()
        .where(eq(screenGroup.ownerId, ownerId))
        .orderBy(asc(sortName), asc(screenGroup.id));
    },

    async findById(ownerId: string, id: string) {
      const [row] = await selectGroups().where(
        and(eq(screenGroup.ownerId, ownerId), eq(screenGroup.id, id)),
      );
      return row;
    },

    async countOf(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(screenGroup)
        .where(eq(screenGroup.ownerId, ownerId));
      return Number(row?.n ?? 0);
    },

    /** The members of the groups, by name. */
    findMembers(groupIds: readonly string[]) {
      return findGroupMembers(db, groupIds);
    },

    memberIdsOf(groupId: string) {
      return findGroupMemberIds(db, groupId);
    },

    /** The group, locked until the transaction ends: membership changes go one at a time. */
    async lockById(ownerId: string, id: string) {
      const [row] = await db
        .select()
        .from(screenGroup)
        .where(and(eq(screenGroup.ownerId, ownerId), eq(screenGroup.id, id)))
        .for('update');
      return row;
    },

    async hasEntries(groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(scheduleEntry)
        .where(eq(scheduleEntry.groupId, groupId));
      return Number(row?.n ?? 0) > 0;
    },

    async insert(
      ownerId: string,
      values: { name: string; kind: TScreenGroupKind; tags: string[] },
    ): Promise<string> {
      const [row] = await db
        .insert(screenGroup)
        .values({ ...values, ownerId })
        .returning({ id: screenGroup.id });
      if (!row) throw new Error('The insert returned no row.');
      return row.id;
    },

    async update(id: string, values: { name?: string; tags?: string[] }): Promise<void> {
      await db
        .update(screenGroup)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(screenGroup.id, id));
    },

    /** Replaces a static group's members. */
    async setMembers(groupId: string, adSpaceIds: readonly string[]): Promise<void> {
      await db.delete(screenGroupMember).where(eq(screenGroupMember.groupId, groupId));
      await addMembers(groupId, adSpaceIds);
    },

    async deleteById(id: string): Promise<void> {
      // Its members and schedule entries go with it (on delete cascade).
      await db.delete(screenGroup).where(eq(screenGroup.id, id));
    },

    /** The spaces now play something else: their players' manifests must change. */
    bumpContentVersion(adSpaceIds: readonly string[]) {
      return bumpContentVersion(db, { adSpaceIds });
    },

    /** Refuses (and rolls back) when the change left a space with too many entries. */
    requireWithinEntryLimit(adSpaceIds: readonly string[], path: string) {
      return requireWithinEntryLimit(db, adSpaceIds, path);
    },
  };
}

export type TScreenGroupQueries = ReturnType<typeof groupQueries>;
export type TScreenGroupsRepository = ReturnType<typeof createScreenGroupsRepository>;
export type TScreenGroupRow = NonNullable<Awaited<ReturnType<TScreenGroupQueries['findById']>>>;
