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
