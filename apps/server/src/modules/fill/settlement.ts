import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { matchesTargeting, ZCampaignTargeting } from '@screenline/shared/campaign';
import { chargeMicros, ownerShareMicros } from '@screenline/shared/platform-settings';
import type { TImpression } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { adSpace, campaign, impression, ledgerAccount, location } from '../../db/schema/index';
import { PLATFORM_REVENUE_ACCOUNT_ID, transfer, walletAccountId } from '../ledger/ledger';
import { approvedFloorsOf } from '../monetization/monetization-directory';

const DAY_MS = 86_400_000;

/** What a settled batch charged one campaign. */
export interface TSettlement {
  campaignId: string;
  plays: number;
  chargedMicros: number;
}

type TAdPlay = TImpression & { campaignId: string };

/**
 * Stores a TV's batch and bills its ad plays (issue 9 item 6) in the caller's transaction:
 * `store` inserts the plays with the charges given (`impression.billed_micros`, set once) and
 * answers the ids it inserted. Only those are billed, so a batch sent again, or twice at once,
 * is billed once.
 *
 * Each new play of a campaign is charged floor(shown ms × bid / 1000), capped at what the
 * campaign's hold has left and at what its daily cap has left on the play's UTC day, in the order
 * the plays started; 0 when the play failed (a stall is not billed), the space is not monetized,
 * the campaign is not approved or does not target the space, or the creative is not one of the
 * campaign's. Then one ledger transaction per campaign: hold −sum, the space owner's wallet + the
 * sum less commission, the platform's revenue + the rest. An emptied hold leaves the campaign out
 * of every fill (ad-rotation.ts); its state is the campaigns module's to change.
 *
 * The holds are locked first, in campaign-id order (two batches never deadlock), so a concurrent
 * batch of the same campaigns waits here, and then sees the first one's rows and charges: the
 * plays it finds already stored are neither priced nor inserted again.
 */
export async function storeAndSettle(
  tx: TDb,
  batch: {
    deviceId: string;
    ownerId: string;
    adSpaceId: string;
    commissionBasisPoints: number;
    plays: readonly TImpression[];
  },
  store: (billed: ReadonlyMap<string, number>) => Promise<string[]>,
): Promise<{ inserted: string[]; settlements: TSettlement[] }> {
  const priced = await price(tx, batch);
  const inserted = await store(priced?.billed ?? new Map());
  if (!priced) return { inserted, settlements: [] };

  // A play priced but not inserted (another TV stored its id in between: a forged or clashing
  // id) is not charged; what the plays after it were capped at was then only lower.
  const stored = new Set(inserted);
  const settlements: TSettlement[] = [];
  for (const [campaignId, plays] of priced.byCampaign) {
    const charged = plays.filter(
      (play) => stored.has(play.id) && (priced.billed.get(play.id) ?? 0) > 0,
    );
    const sum = charged.reduce((total, play) => total + (priced.billed.get(play.id) ?? 0), 0);
    if (sum > 0) settlements.push({ campaignId, plays: charged.length, chargedMicros: sum });
  }
  if (settlements.length === 0) return { inserted, settlements };
  const wallet = await walletAccountId(tx, batch.ownerId);
  for (const settlement of settlements) {
    const hold = priced.holds.get(settlement.campaignId);
    if (!hold) throw new Error(`Campaign ${settlement.campaignId} was priced without its hold.`);
    const share = ownerShareMicros(settlement.chargedMicros, batch.commissionBasisPoints);
    await transfer(tx, {
      kind: 'impression-charge',
      description: `Ad plays: ${settlement.plays} ${settlement.plays === 1 ? 'play' : 'plays'}`,
      campaignId: settlement.campaignId,
      deviceId: batch.deviceId,
      adSpaceId: batch.adSpaceId,
      entries: [
        { accountId: hold, amountMicros: -settlement.chargedMicros },
        { accountId: wallet, amountMicros: share },
        { accountId: PLATFORM_REVENUE_ACCOUNT_ID, amountMicros: settlement.chargedMicros - share },
      ],
    });
  }
  return { inserted, settlements };
}

/**
 * The charge of each new billable play, with the holds locked; null when nothing in the batch
 * can be billed.
 */
async function price(
  tx: TDb,
  batch: { adSpaceId: string; plays: readonly TImpression[] },
): Promise<{
  billed: Map<string, number>;
  byCampaign: Map<string, TAdPlay[]>;
  holds: Map<string, string>;
} | null> {
  const ads = batch.plays.filter(
    (play): play is TAdPlay =>
      play.campaignId !== null && play.adSpaceId === batch.adSpaceId && play.endReason !== 'failed',
  );
  if (ads.length === 0) return null;
  const floors = await approvedFloorsOf(tx, [batch.adSpaceId]);
  if (!floors.has(batch.adSpaceId)) return null;
  const [space] = await tx
    .select({
      orientation: adSpace.orientation,
      city: location.city,
      venueType: location.venueType,
    })
    .from(adSpace)
    .innerJoin(location, eq(location.id, adSpace.locationId))
    .where(eq(adSpace.id, batch.adSpaceId));
  if (!space) return null;
  const target = { adSpaceId: batch.adSpaceId, ...space };

  const rows = await tx
    .select({
      id: campaign.id,
      state: campaign.state,
      targeting: campaign.targeting,
      creativeIds: campaign.creativeIds,
      bidMicrosPerSecond: campaign.bidMicrosPerSecond,
      dailyCapMicros: campaign.dailyCapMicros,
    })
    .from(campaign)
    .where(inArray(campaign.id, [...new Set(ads.map((play) => play.campaignId))]));
  const billable = rows.filter(
    (row) =>
      row.state === 'approved' && matchesTargeting(target, ZCampaignTargeting.parse(row.targeting)),
  );
  if (billable.length === 0) return null;

  // lockBalance, for every hold of the batch in one statement, in campaign-id order. A campaign
  // without a hold has nothing to charge.
  const holdRows = await tx
    .select({
      accountId: ledgerAccount.id,
      campaignId: ledgerAccount.campaignId,
      balance: ledgerAccount.balanceMicros,
    })
    .from(ledgerAccount)
    .where(
      and(
        eq(ledgerAccount.kind, 'campaign-hold'),
        inArray(
          ledgerAccount.campaignId,
          billable.map((row) => row.id),
        ),
      ),
    )
    .orderBy(ledgerAccount.campaignId)
    .for('update');
  const holds = new Map<string, string>();
  const left = new Map<string, number>();
  for (const row of holdRows) {
    if (!row.campaignId) continue;
    holds.set(row.campaignId, row.accountId);
    left.set(row.campaignId, row.balance);
  }
  // With the holds locked, what is stored and billed for these campaigns stands still.
  const existing = await storedAlready(
    tx,
    ads.map((play) => play.id),
  );
  const fresh = ads.filter((play) => !existing.has(play.id));
  const capLeft = await dailyCapLeft(tx, billable, fresh);

  const billed = new Map<string, number>();
  const byCampaign = new Map<string, TAdPlay[]>();
  for (const row of billable) {
    const plays = fresh
      .filter(
        (play) => play.campaignId === row.id && row.creativeIds.includes(play.creativeId ?? ''),
      )
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.sequence - b.sequence);
    byCampaign.set(row.id, plays);
    let hold = left.get(row.id) ?? 0;
    for (const play of plays) {
      const capKey = `${row.id}/${utcDay(play.startedAt)}`;
      const cap = capLeft.get(capKey) ?? Number.POSITIVE_INFINITY;
      const charge = Math.min(chargeMicros(play.shownMs, row.bidMicrosPerSecond), hold, cap);
      if (charge <= 0) continue;
      hold -= charge;
      if (capLeft.has(capKey)) capLeft.set(capKey, cap - charge);
      billed.set(play.id, charge);
    }
  }
  return { billed, byCampaign, holds };
}

/** Which of these ids are stored already. */
async function storedAlready(tx: TDb, ids: readonly string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: impression.id })
    .from(impression)
    .where(inArray(impression.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The UTC day (`YYYY-MM-DD`) a play started on: daily caps count per UTC day. */
const utcDay = (startedAt: string) => new Date(startedAt).toISOString().slice(0, 10);

/**
 * What each capped campaign may still be charged on each UTC day the plays started on: its cap
 * less what its plays of that day were billed already. Keys `campaignId/day`.
 */
async function dailyCapLeft(
  tx: TDb,
  campaigns: ReadonlyArray<{ id: string; dailyCapMicros: number | null }>,
  plays: readonly TAdPlay[],
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  for (const row of campaigns) {
    if (row.dailyCapMicros === null) continue;
    const days = new Set(
      plays.filter((play) => play.campaignId === row.id).map((play) => utcDay(play.startedAt)),
    );
    for (const day of days) {
      const from = Date.parse(`${day}T00:00:00Z`);
      const [billed] = rowsOf<{ total: string }>(
        await tx.execute(sql`select coalesce(sum(${impression.billedMicros}), 0)::text as total
          from ${impression}
          where ${and(
            eq(impression.campaignId, row.id),
            gte(impression.startedAt, new Date(from)),
            lt(impression.startedAt, new Date(from + DAY_MS)),
          )}`),
      );
      left.set(`${row.id}/${day}`, Math.max(0, row.dailyCapMicros - Number(billed?.total ?? 0)));
    }
  }
  return left;
}
