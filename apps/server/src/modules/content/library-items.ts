import { QueryBuilder } from 'drizzle-orm/pg-core';
import { contentItem } from '../../db/schema/index';

/*
 * The content module's read-only piece for other modules' statements: the library items with
 * their owner, name and kind, a subquery to join, so a report that names what played stays one
 * query (PostgreSQL flattens it: the plan is the table's). Other modules never name the
 * content_item table (apps/server/test/module-graph).
 */

const qb = new QueryBuilder();

/** Every library item's id, owner, name and kind, under the alias given: one per role. */
export function libraryItemsAs<TAlias extends string>(alias: TAlias) {
  return qb
    .select({
      id: contentItem.id,
      ownerId: contentItem.ownerId,
      name: contentItem.name,
      kind: contentItem.kind,
    })
    .from(contentItem)
    .as(alias);
}
