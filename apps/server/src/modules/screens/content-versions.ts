import type { TDb } from '../../db/database';
import { bumpContentVersion } from './content-version.repository';

/**
 * The screens module's facade for modules whose changes alter what ad spaces play without
 * touching their schedule (monetization approved, suspended or withdrawn changes the ad slots'
 * fill): bumps those spaces' content version in the caller's transaction and answers the ids to
 * publish on the player change bus once it commits.
 */
export function bumpAdSpaceContentVersions(
  tx: TDb,
  adSpaceIds: readonly string[],
): Promise<string[]> {
  return bumpContentVersion(tx, { adSpaceIds });
}

/**
 * The content version a manifest version starts with (`v12-…` → 12), or null: a TV whose
 * manifest carries the space's current content version is up to date.
 */
export function contentVersionOf(manifestVersion: string | null): number | null {
  const match = manifestVersion ? /^v(\d+)-/.exec(manifestVersion) : null;
  return match ? Number(match[1]) : null;
}
