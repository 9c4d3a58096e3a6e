import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TMonetizationState } from '@screenline/shared/monetization';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { adSpace, location, monetizationRequest, user } from '../../db/schema/index';
import { createdOrder, type TCreatedDirection } from '../../lib/created-order';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export interface TMonetizationFilter {
  ownerId?: string | undefined;
  adSpaceId?: string | undefined;
  state?: TMonetizationState | undefined;
  direction: TCreatedDirection;
  cursor?: string | undefined;
  limit: number;
}

/** Monetization requests (issue 9 item 3) and the owner's earnings from the ledger. */
export function createMonetizationRepository(db: TDb) {
  const selectView = () =>
    db
      .select({
        request: monetizationRequest,
        adSpace: { id: adSpace.id, name: adSpace.name },
        location: { id: location.id, name: location.name, city: location.city },
        owner: { id: user.id, name: user.name, email: user.email },
        decider: sql<
          string | null
        >`(select u.name from "user" u where u.id = ${monetizationRequest.decidedBy})`,
      })
      .from(monetizationRequest)
      .innerJoin(adSpace, eq(adSpace.id, monetizationRequest.adSpaceId))
      .innerJoin(location, eq(location.id, adSpace.locationId))
      .innerJoin(user, eq(user.id, monetizationRequest.ownerId))
      .$dynamic();

  return {
    /** The access policy's owner lookup: the owner of each request id. */
    async findOwners(ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = ids.filter(isUuid);
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
        .set({ ...decision, decidedAt: now, updatedAt: now })
        .where(and(eq(monetizationRequest.id, id), inArray(monetizationRequest.state, [...from])))
        .returning();
      return row;
    },

    /**
     * What the owner's wallet was credited for plays, per ad space and UTC day (ledger
     * transactions of kind impression-charge name the space they settle).
     */
    async earnings(ownerId: string, range: { from: string; to: string }) {
      return rowsOf<{ ad_space_id: string; day: string; earned: string }>(
        await db.execute(sql`
          select t.ad_space_id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            sum(e.amount_micros)::text as earned
          from ledger_entry e
          join ledger_account a on a.id = e.account_id and a.kind = 'wallet' and a.user_id = ${ownerId}
          join ledger_transaction t on t.id = e.transaction_id
          where t.kind = 'impression-charge' and t.ad_space_id is not null
            and t.created_at >= ${range.from}::date::timestamp at time zone 'UTC'
            and t.created_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'
          group by 1, 2`),
      );
    },

    /**
     * The owner's paid plays (billed above 0) per ad space and UTC day of arrival: they settle in
     * the transaction that stores them, so they fall on the same day as their ledger credit.
     */
    async billedPlays(ownerId: string, range: { from: string; to: string }) {
      return rowsOf<{ ad_space_id: string; day: string; plays: string; shown_ms: string }>(
        await db.execute(sql`
          select ad_space_id, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            count(*)::text as plays, coalesce(sum(shown_ms), 0)::text as shown_ms
          from impression
          where owner_id = ${ownerId} and billed_micros > 0
            and received_at >= ${range.from}::date::timestamp at time zone 'UTC'
            and received_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'
          group by 1, 2`),
      );
    },

    async adSpaceNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: adSpace.id, name: adSpace.name })
        .from(adSpace)
        .where(inArray(adSpace.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type TMonetizationRepository = ReturnType<typeof createMonetizationRepository>;
export type TMonetizationRow = NonNullable<
  Awaited<ReturnType<TMonetizationRepository['findById']>>
>;
