import { inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpace, location, playlist, scheduleEntry, screenGroup } from '../../db/schema/index';
import { isId } from '@screenline/shared/id';

const TABLES = { location, adSpace, playlist, scheduleEntry, screenGroup } as const;
export type TScreenResource = keyof typeof TABLES;

/**
 * The access policy's owner lookups for the screen-owner resources: the owner of each id, in one
 * query. Ids that are not uuids own nothing (the policy answers 404 for them).
 */
export function createScreenOwnersRepository(db: TDb) {
  return {
    async findOwners(
      resource: TScreenResource,
      ids: readonly string[],
    ): Promise<Map<string, string>> {
      const wanted = ids.filter(isId);
      if (wanted.length === 0) return new Map();
      const table = TABLES[resource];
      const rows = await db
        .select({ id: table.id, ownerId: table.ownerId })
        .from(table)
        .where(inArray(table.id, wanted));
      return new Map(rows.map((row) => [row.id, row.ownerId]));
    },
  };
}
