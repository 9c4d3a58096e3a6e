import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TMonetizationState } from '@screenline/shared/monetization';
import type { TDb } from '../../db/database';
import { monetizationRequest } from '../../db/schema/index';
import { adSpaceRows, locationRows } from '../screens/places';
import { people, personNameOf } from '../me/people';
import { createdOrder, type TCreatedDirection } from '../../lib/created-order';
import { isId } from '@screenline/shared/id';

export interface TMonetizationFilter {
  ownerId?: string | undefined;
  adSpaceId?: string | undefined;
  state?: TMonetizationState | undefined;
  direction: TCreatedDirection;
  cursor?: string | undefined;
  limit: number;
}

/** Monetization requests (issue 9 item 3) and the names of the spaces an owner earned on. */
export function createMonetizationRepository(db: TDb) {
  const selectView = () =>
    db
      .select({
        request: monetizationRequest,
        adSpace: { id: adSpaceRows.id, name: adSpaceRows.name },
        location: { id: locationRows.id, name: locationRows.name, city: locationRows.city },
        owner: { id: people.id, name: people.name, email: people.email },
        decider: personNameOf(monetizationRequest.decidedBy),
      })
      .from(monetizationRequest)
      .innerJoin(adSpaceRows, eq(adSpaceRows.id, monetizationRequest.adSpaceId))
      .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
      .innerJoin(people, eq(people.id, monetizationRequest.ownerId))
      .$dynamic();

  return {
    /** The access policy's owner lookup: the owner of each request id. */
    async findOwners(ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = ids.filter(isId);
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: monetizationRequest.id, ownerId: monetizationRequest.ownerId })
        .from(monetizationRequest)
        .where(inArray(monetizationRequest.id, wanted));
      return new Map(rows.map((row) => [row.id, row.ownerId]));
    },

    async list(filter: TMonetizationFilter) {
      const order = createdOrder(monetizationRequest, filter.direction, filter.cursor);
      return selectView()
        .where(
          and(
            filter.ownerId ? eq(monetizationRequest.ownerId, filter.ownerId) : undefined,
            filter.adSpaceId ? eq(monetizationRequest.adSpaceId, filter.adSpaceId) : undefined,
            filter.state ? eq(monetizationRequest.state, filter.state) : undefined,
            order.after,
          ),
        )
        .orderBy(...order.orderBy)
        .limit(filter.limit + 1);
    },

    async findById(id: string) {
      const [row] = await selectView().where(eq(monetizationRequest.id, id));
      return row;
    },

    async insert(values: { adSpaceId: string; ownerId: string; floorMicrosPerSecond: number }) {
      const [row] = await db
        .insert(monetizationRequest)
        .values(values)
        .returning({ id: monetizationRequest.id });
      if (!row) throw new Error('The monetization request was not stored.');
      return row.id;
    },

    /** The request's state, locked until the transaction ends. */
    async lockState(id: string) {
      const [row] = await db
        .select({ state: monetizationRequest.state })
        .from(monetizationRequest)
        .where(eq(monetizationRequest.id, id))
        .for('update');
      return row?.state;
    },

    /** Moves a request from one of `from` to `to`, only if it is still in one of them. */
    async move(
      id: string,
      from: readonly TMonetizationState[],
      decision: { state: TMonetizationState; decidedBy: string; reason: string | null },
    ) {
      const now = new Date();
      const [row] = await db
        .update(monetizationRequest)
        .set({
          ...decision,
          decidedAt: now,
          updatedAt: now,
          // The period the space is monetized in, and what campaigns target as approved.
          ...(decision.state === 'approved'
            ? {
                approvedAt: now,
                approvedCity: sql`(select ${locationRows.city} from ${adSpaceRows} join ${locationRows} on ${locationRows.id} = ${adSpaceRows.locationId} where ${adSpaceRows.id} = ${monetizationRequest.adSpaceId})`,
                approvedVenueType: sql`(select ${locationRows.venueType} from ${adSpaceRows} join ${locationRows} on ${locationRows.id} = ${adSpaceRows.locationId} where ${adSpaceRows.id} = ${monetizationRequest.adSpaceId})`,
                approvedOrientation: sql`(select ${adSpaceRows.orientation} from ${adSpaceRows} where ${adSpaceRows.id} = ${monetizationRequest.adSpaceId})`,
              }
            : {
                endedAt: sql`case when ${monetizationRequest.approvedAt} is not null then ${now.toISOString()}::timestamptz end`,
              }),
        })
        .where(and(eq(monetizationRequest.id, id), inArray(monetizationRequest.state, [...from])))
        .returning();
      return row;
    },

    async adSpaceNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: adSpaceRows.id, name: adSpaceRows.name })
        .from(adSpaceRows)
        .where(inArray(adSpaceRows.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type TMonetizationRepository = ReturnType<typeof createMonetizationRepository>;
export type TMonetizationRow = NonNullable<
  Awaited<ReturnType<TMonetizationRepository['findById']>>
>;
