import type { TDb } from '../../db/database';
import { findMemberIdsOfGroups } from './group-membership';

/**
 * The screens module's facade for modules that act on a screen group's members (modules/fleet:
 * commands and takeovers sent to a group, issue 23). It reads; it checks no access: the caller
 * has already required `screenGroup.read` on the ids.
 */
export function createScreenGroupDirectory(db: TDb) {
  return {
    /** The distinct ids of the owner's spaces the groups hold now (tag groups by their tags). */
    memberIdsOf: (ownerId: string, groupIds: readonly string[]): Promise<string[]> =>
      findMemberIdsOfGroups(db, ownerId, groupIds),
  };
}

export type TScreenGroupDirectory = ReturnType<typeof createScreenGroupDirectory>;
