import type { TAdCategory } from '@screenline/shared/ad-category';
import type { TCampaignTargeting, TDaypart } from '@screenline/shared/campaign';
import { sql } from 'drizzle-orm';
import {
  adSpace,
  campaign,
  campaignEvent,
  location,
  monetizationRequest,
} from '../src/db/schema/index';
import {
  campaignHoldAccountId,
  EXTERNAL_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../src/modules/ledger/ledger';
import type { TTestApp } from './harness';

/**
 * Marketplace rows straight into their tables, for tests of fill and billing: the campaigns and
 * money routes are other modules'. Money still moves only through `transfer`, so the ledger
 * audit at the end of each test file holds.
 */

/** Long before any test's plays: when fixtures' approvals and campaigns took effect. */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');

/**
 * Approves the space's monetization at this floor (micros per second), since LONG_AGO (or the
 * instant given), with the space's targeting as it is now.
 */
export async function approveMonetization(
  t: TTestApp,
  space: { adSpaceId: string; ownerId: string },
  floorMicrosPerSecond = 1000,
  approvedAt: Date = LONG_AGO,
): Promise<string> {
  const [row] = await t.app.deps.db
    .insert(monetizationRequest)
    .values({
      ...space,
      floorMicrosPerSecond,
      state: 'approved',
      approvedAt,
      approvedCity: sql`(select l.city from ${adSpace} s join ${location} l on l.id = s.location_id where s.id = ${space.adSpaceId})`,
      approvedVenueType: sql`(select l.venue_type from ${adSpace} s join ${location} l on l.id = s.location_id where s.id = ${space.adSpaceId})`,
      approvedOrientation: sql`(select s.orientation from ${adSpace} s where s.id = ${space.adSpaceId})`,
    })
    .returning({ id: monetizationRequest.id });
  if (!row) throw new Error('no monetization request inserted');
  return row.id;
}

export interface TCampaignRow {
  ownerId: string;
  creativeIds: string[];
  name?: string;
  targeting?: TCampaignTargeting;
  startDate?: string;
  endDate?: string;
  dayparts?: TDaypart[];
  bidMicrosPerSecond?: number;
  budgetMicros?: number;
  dailyCapMicros?: number | null;
  destinationUrl?: string | null;
  state?: 'approved' | 'paused' | 'pending' | 'completed' | 'canceled';
  category?: TAdCategory | null;
  /** When a super-user approved it (the owner's decision deadline counts from it): LONG_AGO. */
  approvedAt?: Date;
}

/**
 * An approved campaign (by default running from 2020 to 2099, all day, 0.01 per second) whose
 * budget is held: the buyer's wallet is topped up from outside and the budget moved to the hold.
 * Its history says it was approved at LONG_AGO and, in any other state, moved to it a second
 * later (so plays of the tests' time see it in that state).
 */
export async function insertFundedCampaign(t: TTestApp, input: TCampaignRow): Promise<string> {
  const budgetMicros = input.budgetMicros ?? 10_000_000;
  return t.app.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaign)
      .values({
        ownerId: input.ownerId,
        name: input.name ?? 'Winter sale',
        creativeIds: input.creativeIds,
        targeting: input.targeting ?? {},
        startDate: input.startDate ?? '2020-01-01',
        endDate: input.endDate ?? '2099-12-31',
        dayparts: input.dayparts ?? [],
        bidMicrosPerSecond: input.bidMicrosPerSecond ?? 10_000,
        budgetMicros,
        dailyCapMicros: input.dailyCapMicros ?? null,
        destinationUrl: input.destinationUrl ?? null,
        state: input.state ?? 'approved',
        category: input.category ?? null,
        decidedAt: input.state === 'pending' ? null : (input.approvedAt ?? LONG_AGO),
      })
      .returning({ id: campaign.id });
    if (!row) throw new Error('no campaign inserted');
    const state = input.state ?? 'approved';
    await tx.insert(campaignEvent).values([
      { campaignId: row.id, fromState: 'pending', toState: 'approved', at: LONG_AGO },
      ...(state === 'approved'
        ? []
        : [
            {
              campaignId: row.id,
              fromState: 'approved' as const,
              toState: state,
              at: new Date(LONG_AGO.getTime() + 1000),
            },
          ]),
    ]);
    const wallet = await walletAccountId(tx, input.ownerId);
    await transfer(tx, {
      kind: 'top-up',
      description: 'Top-up approved: test',
      entries: [
        { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -budgetMicros },
        { accountId: wallet, amountMicros: budgetMicros },
      ],
    });
    await transfer(tx, {
      kind: 'campaign-hold',
      description: 'Campaign budget held',
      campaignId: row.id,
      entries: [
        { accountId: wallet, amountMicros: -budgetMicros },
        { accountId: await campaignHoldAccountId(tx, row.id), amountMicros: budgetMicros },
      ],
    });
    return row.id;
  });
}
