import { QueryBuilder } from 'drizzle-orm/pg-core';
import { campaign } from '../../db/schema/index';

/*
 * The campaigns module's read-only piece for other modules' statements: each campaign's id,
 * owner and name as a subquery to join, so a wallet history, an earnings row or a monthly receipt
 * that names the campaign (or keeps to a buyer's own) stays one query. PostgreSQL flattens a
 * plain subquery into the outer join: the plan is the table's. Other modules never name the
 * campaign table (apps/server/test/module-graph.test.ts).
 */

const qb = new QueryBuilder();

/** Every campaign's `id`, `owner_id` and `name`, under the alias given (one per role). */
export function campaignsAs<TAlias extends string>(alias: TAlias) {
  return qb
    .select({ id: campaign.id, ownerId: campaign.ownerId, name: campaign.name })
    .from(campaign)
    .as(alias);
}
