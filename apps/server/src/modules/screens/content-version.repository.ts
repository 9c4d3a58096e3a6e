import { eq, inArray, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpace, scheduleEntry, screenGroup } from '../../db/schema/index';
import { isSpaceInGroup } from './group-membership';

/**
 * Which ad spaces a change reaches. Every change that alters what a screen plays bumps those
 * spaces' content version (issue 7 item 7): the player's manifest keys on it, so a TV refetches
 * exactly when its screen would play something else.
 */
export interface TContentVersionScope {
  /** These spaces themselves (their default playlist or schedule changed). */
  adSpaceIds?: readonly string[];
  /** Spaces playing this playlist: as their default or through any schedule entry, groups' too. */
  playlistId?: string;
  /** Spaces at this location (its time zone moves every window). */
  locationId?: string;
}

/**
 * Bumps the content version of every ad space in scope; pass the transaction of the change.
 * Answers the ids of the spaces bumped: once the transaction commits, the caller publishes them
 * on the player change bus (lib/player-changes.ts).
 */
export async function bumpContentVersion(db: TDb, scope: TContentVersionScope): Promise<string[]> {
  const conditions = [];
  if (scope.adSpaceIds && scope.adSpaceIds.length > 0)
    conditions.push(inArray(adSpace.id, [...scope.adSpaceIds]));
  if (scope.playlistId) {
    conditions.push(eq(adSpace.defaultPlaylistId, scope.playlistId));
    conditions.push(
      inArray(
        adSpace.id,
        db
          .select({ id: scheduleEntry.adSpaceId })
          .from(scheduleEntry)
          .where(eq(scheduleEntry.playlistId, scope.playlistId)),
      ),
    );
    // A group entry's spaces: the update's own ad_space row is the one the membership tests.
    conditions.push(sql`exists (
      select 1 from ${scheduleEntry} join ${screenGroup} on ${screenGroup.id} = ${scheduleEntry.groupId}
      where ${scheduleEntry.playlistId} = ${scope.playlistId} and ${isSpaceInGroup})`);
  }
  if (scope.locationId) conditions.push(eq(adSpace.locationId, scope.locationId));
  if (conditions.length === 0) return [];
  const bumped = await db
    .update(adSpace)
    .set({ contentVersion: sql`${adSpace.contentVersion} + 1` })
    .where(or(...conditions))
    .returning({ id: adSpace.id });
  return bumped.map((row) => row.id);
}
