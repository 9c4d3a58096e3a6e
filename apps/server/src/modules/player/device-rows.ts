import { QueryBuilder } from 'drizzle-orm/pg-core';
import { device } from '../../db/schema/index';

const qb = new QueryBuilder();

/**
 * The player module's read-only piece for other modules' statements: each TV's `id`, `name`,
 * `ad_space_id` and `owner_id` as a subquery to join under the alias given (PostgreSQL flattens
 * it into the outer join: the plan is the table's). The proof-of-play overview names its flagged
 * TVs with it; player imports proof-of-play, so the piece reaches it through `app.deps.devicesAs`
 * (apps/server/src/app.ts), not an import.
 */
export function devicesAs<TAlias extends string>(alias: TAlias) {
  return qb
    .select({
      id: device.id,
      name: device.name,
      adSpaceId: device.adSpaceId,
      ownerId: device.ownerId,
    })
    .from(device)
    .as(alias);
}
