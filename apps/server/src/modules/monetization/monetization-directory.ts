import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TOrientation } from '@screenline/shared/ad-space';
import type { TVenueType } from '@screenline/shared/location';
import type { TDb } from '../../db/database';
import { monetizationRequest } from '../../db/schema/index';
import { adSpaceRows, locationRows } from '../screens/places';

/**
 * The approved monetizations (at most one per space), with the floor and the targeting they were
 * approved with: a read-only piece other modules join in their own statements (alerts' watch
 * list, the marketplace's monetized spaces), never the monetization_request table itself.
 */
export const approvedMonetizations = new QueryBuilder()
  .select({
    adSpaceId: monetizationRequest.adSpaceId,
    floorMicrosPerSecond: monetizationRequest.floorMicrosPerSecond,
    approvedCity: monetizationRequest.approvedCity,
    approvedVenueType: monetizationRequest.approvedVenueType,
    approvedOrientation: monetizationRequest.approvedOrientation,
  })
  .from(monetizationRequest)
  .where(eq(monetizationRequest.state, 'approved'))
  .as('approved_monetizations');

/** A monetized space as the marketplace targets it: what the super-user approved (issue 17). */
export interface TApprovedSpace {
  floorMicrosPerSecond: number;
  city: string;
  venueType: TVenueType;
  orientation: TOrientation;
}

/**
 * Each monetized space's floor and the targeting it was approved with (its location's city and
 * venue type and its orientation when approved): editing them afterwards changes nothing in the
 * marketplace until the owner asks for monetization again (docs/marketplace.md). Without ids:
 * every monetized space.
 */
export async function approvedSpacesOf(
  db: TDb,
  adSpaceIds?: readonly string[],
): Promise<Map<string, TApprovedSpace>> {
  if (adSpaceIds && adSpaceIds.length === 0) return new Map();
  // A request approved before the snapshot existed (or written straight to the table) is
  // targeted as the space is now.
  const rows = await db
    .select({
      adSpaceId: monetizationRequest.adSpaceId,
      floor: monetizationRequest.floorMicrosPerSecond,
      city: sql<string>`coalesce(${monetizationRequest.approvedCity}, ${locationRows.city})`,
      venueType: sql<TVenueType>`coalesce(${monetizationRequest.approvedVenueType}, ${locationRows.venueType})`,
      orientation: sql<TOrientation>`coalesce(${monetizationRequest.approvedOrientation}, ${adSpaceRows.orientation})`,
    })
    .from(monetizationRequest)
    .innerJoin(adSpaceRows, eq(adSpaceRows.id, monetizationRequest.adSpaceId))
    .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
    .where(
      and(
        eq(monetizationRequest.state, 'approved'),
        adSpaceIds ? inArray(monetizationRequest.adSpaceId, [...adSpaceIds]) : undefined,
      ),
    );
  return new Map(
    rows.map((row) => [
      row.adSpaceId,
      {
        floorMicrosPerSecond: row.floor,
        city: row.city,
        venueType: row.venueType,
        orientation: row.orientation,
      },
    ]),
  );
}

/**
 * The monetization module's facade for the modules that fill and sell ad slots (campaigns, the
 * manifest's fill): the floor price per second of each space whose monetization is approved.
 * Spaces that are not monetized now are absent. Without ids: every monetized space. No access
 * check: the callers decide what they may show of it. At most one request per space is open
 * (pending or approved: `monetization_open_idx`), so "a request is approved" is "the space is
 * monetized now"; only these spaces' ad slots are filled and billed.
 */
export async function approvedFloorsOf(
  db: TDb,
  adSpaceIds?: readonly string[],
): Promise<Map<string, number>> {
  if (adSpaceIds && adSpaceIds.length === 0) return new Map();
  const rows = await db
    .select({
      adSpaceId: monetizationRequest.adSpaceId,
      floor: monetizationRequest.floorMicrosPerSecond,
    })
    .from(monetizationRequest)
    .where(
      and(
        eq(monetizationRequest.state, 'approved'),
        adSpaceIds ? inArray(monetizationRequest.adSpaceId, [...adSpaceIds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.adSpaceId, row.floor]));
}

/**
 * Every approved monetization period of these spaces (ended ones too), with the targeting each
 * was approved with: settlement bills a play by the period it was played in.
 */
export function monetizedPeriodsOf(tx: TDb, adSpaceIds: readonly string[]) {
  return tx
    .select({
      adSpaceId: monetizationRequest.adSpaceId,
      approvedAt: monetizationRequest.approvedAt,
      endedAt: monetizationRequest.endedAt,
      floor: monetizationRequest.floorMicrosPerSecond,
      city: monetizationRequest.approvedCity,
      venueType: monetizationRequest.approvedVenueType,
      orientation: monetizationRequest.approvedOrientation,
    })
    .from(monetizationRequest)
    .where(
      and(
        inArray(monetizationRequest.adSpaceId, [...adSpaceIds]),
        isNotNull(monetizationRequest.approvedAt),
      ),
    );
}
