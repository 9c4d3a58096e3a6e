import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import {
  adSpace,
  playlist,
  scheduleEntry,
  screenGroup,
  screenGroupMember,
} from '../../db/schema/index';

/**
 * Which ad spaces a screen group holds (issue 23 item 1), written once as SQL so every query that
 * needs it (what a space plays, the entry limit, the content version bumps) agrees: a static
 * group holds the spaces in screen_group_member; a tag group every space of its owner carrying
 * all of its tags. Correlated on `ad_space` and `screen_group` as the outer query names them.
 */
export const isSpaceInGroup: SQL = sql`(
  (${screenGroup.kind} = 'static' and exists (
    select 1 from ${screenGroupMember}
    where ${screenGroupMember.groupId} = ${screenGroup.id}
      and ${screenGroupMember.adSpaceId} = ${adSpace.id}))
  or (${screenGroup.kind} = 'tags' and ${adSpace.ownerId} = ${screenGroup.ownerId}
    and ${adSpace.tags} @> ${screenGroup.tags})
)`;

/**
 * Every schedule entry that plays on the spaces, in one query each for their own entries and
 * their groups' (a group entry comes once per member it reaches). `adSpaceId` is the space the
 * row plays on; `groupName` names the group of a group entry.
 */
export async function findEntriesPlayingOn(db: TDb, adSpaceIds: readonly string[]) {
  if (adSpaceIds.length === 0) return [];
  const ids = [...adSpaceIds];
  const [own, grouped] = await Promise.all([
    db
      .select({
        entry: scheduleEntry,
        playlistName: playlist.name,
        groupName: sql<string | null>`null`,
        adSpaceId: sql<string>`${scheduleEntry.adSpaceId}`,
      })
      .from(scheduleEntry)
      .innerJoin(playlist, eq(playlist.id, scheduleEntry.playlistId))
      .where(inArray(scheduleEntry.adSpaceId, ids)),
    db
      .select({
        entry: scheduleEntry,
        playlistName: playlist.name,
        groupName: sql<string | null>`${screenGroup.name}`,
        adSpaceId: sql<string>`${adSpace.id}`,
      })
      .from(scheduleEntry)
      .innerJoin(playlist, eq(playlist.id, scheduleEntry.playlistId))
      .innerJoin(screenGroup, eq(screenGroup.id, scheduleEntry.groupId))
      .innerJoin(adSpace, and(inArray(adSpace.id, ids), isSpaceInGroup))
      .orderBy(asc(scheduleEntry.id)),
  ]);
  // Both lists in the order the pages show them: by first day, start time, id.
  return [...own, ...grouped].sort(
    (a, b) =>
      compare(a.entry.firstDay, b.entry.firstDay) ||
      compare(a.entry.startTime, b.entry.startTime) ||
      compare(a.entry.id, b.entry.id),
  );
}

export type TEntryPlayingOn = Awaited<ReturnType<typeof findEntriesPlayingOn>>[number];

/** Plain code-unit order: the same in every locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * How many entries play on each space, its own and its groups' (issue 19 item 3's limit counts
 * both). Spaces without any answer 0.
 */
export async function countEntriesPlayingOn(
  db: TDb,
  adSpaceIds: readonly string[],
): Promise<Map<string, number>> {
  if (adSpaceIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select ${adSpace.id} as id,
      (select count(*) from ${scheduleEntry} e where e.ad_space_id = ${adSpace.id})
      + (select count(*) from ${scheduleEntry} e join ${screenGroup} on ${screenGroup.id} = e.group_id
         where ${isSpaceInGroup}) as entries
    from ${adSpace}
    where ${inArray(adSpace.id, [...adSpaceIds])}`);
  return new Map(
    rowsOf<{ id: string; entries: string | number }>(result).map((row) => [
      row.id,
      Number(row.entries),
    ]),
  );
}

/** The ids of the spaces a group holds now. */
export async function findGroupMemberIds(db: TDb, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: adSpace.id })
    .from(adSpace)
    .innerJoin(screenGroup, and(eq(screenGroup.id, groupId), isSpaceInGroup));
  return rows.map((row) => row.id);
}

/** The spaces of the groups, by name: one query for a page of groups. */
export async function findGroupMembers(db: TDb, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: screenGroup.id, id: adSpace.id, name: adSpace.name })
    .from(adSpace)
    .innerJoin(screenGroup, and(inArray(screenGroup.id, [...groupIds]), isSpaceInGroup))
    .orderBy(asc(sql`lower(${adSpace.name})`), asc(adSpace.id));
}

/**
 * The distinct ids of the owner's spaces the groups hold now (a tag group by its tags at this
 * moment), in one query. Only the owner's spaces count, whatever a static group names.
 */
export async function findMemberIdsOfGroups(
  db: TDb,
  ownerId: string,
  groupIds: readonly string[],
): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: adSpace.id })
    .from(adSpace)
    .innerJoin(
      screenGroup,
      and(inArray(screenGroup.id, [...groupIds]), eq(screenGroup.ownerId, ownerId), isSpaceInGroup),
    )
    .where(eq(adSpace.ownerId, ownerId));
  return rows.map((row) => row.id);
}
