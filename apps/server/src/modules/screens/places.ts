import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { adSpace, location } from '../../db/schema/index';

/*
 * The screens module's read-only pieces for other modules' statements (docs/ARCHITECTURE.md: a
 * module reaches another's data only through what the owner exports): the ad spaces and their
 * locations as subqueries to join, so a list that shows a space's name, city or time zone stays
 * one query. PostgreSQL flattens a plain subquery into the outer join: the plan is the table's.
 * Writes stay in the screens services; other modules never name the adSpace or location table.
 */

const qb = new QueryBuilder();

/** Every ad space (all its columns), under the alias given: join one per role in a statement. */
export function spacesAs<TAlias extends string>(alias: TAlias) {
  return qb.select(getTableColumns(adSpace)).from(adSpace).as(alias);
}

/** Every location (all its columns), under the alias given. */
export function locationsAs<TAlias extends string>(alias: TAlias) {
  return qb.select(getTableColumns(location)).from(location).as(alias);
}

/** {@link spacesAs} under the alias `ad_spaces`. */
export const adSpaceRows = spacesAs('ad_spaces');

/** {@link locationsAs} under the alias `locations`. */
export const locationRows = locationsAs('locations');
