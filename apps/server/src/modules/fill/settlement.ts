import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { matchesTargeting, ZCampaignTargeting } from '@screenline/shared/campaign';
import { chargeMicros, ownerShareMicros } from '@screenline/shared/platform-settings';
import type { TImpression } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { adSpace, campaign, impression, ledgerAccount, location } from '../../db/schema/index';
import { PLATFORM_REVENUE_ACCOUNT_ID, transfer, walletAccountId } from '../ledger/ledger';
import { approvedFloorsOf } from './monetized-spaces';

const DAY_MS = 86_400_000;

/** What a settled batch charged, per campaign (the bench and the tests read it). */
export interface TSettlement {
  campaignId: string;
  plays: number;
  chargedMicros: number;
}

/**
 * Bills the ad plays a batch has just stored (issue 9 item 6), inside the transaction that
 * stored them: only rows this transaction inserted reach here, so a batch sent again, or twice at
 * once, is billed once (the second insert waits on the first's rows and inserts none).
 *
 * Each play of a campaign is charged floor(shown ms × bid / 1000), capped at what the campaign's
 * hold has left (locked for the rest of the transaction) and at what its daily cap has left on
 * the play's UTC day; 0 when the campaign is not approved, does not target the space, the space
 * is not monetized, the creative is not the campaign's, or the play failed (a stall is not
 * billed). Then one ledger transaction per campaign: hold −sum, the space owner's wallet + the
 * sum less commission, the platform's revenue + the rest. An emptied hold leaves the campaign
 * out of every fill (ad-rotation.ts); its state is the campaigns module's to change.
 */
export async function settleImpressions(
  tx: TDb,
  batch: {
    deviceId: string;
    ownerId: string;
    adSpaceId: string;
    commissionBasisPoints: number;
    plays: readonly TImpression[];
  },
): Promise<TSettlement[]> {
  const ads = batch.plays.filter(
    (play): play is TImpression & { campaignId: string } =>
      play.campaignId !== null && play.adSpaceId === batch.adSpaceId && play.endReason !== 'failed',
  );
  if (ads.length === 0) return [];
  const floors = await approvedFloorsOf(tx, [batch.adSpaceId]);
  if (!floors.has(batch.adSpaceId)) return [];
  const [space] = await tx
    .select({
      orientation: adSpace.orientation,
      city: location.city,
      venueType: location.venueType,
    })
    .from(adSpace)
    .innerJoin(location, eq(location.id, adSpace.locationId))
    .where(eq(adSpace.id, batch.adSpaceId));
  if (!space) return [];
  const target = { adSpaceId: batch.adSpaceId, ...space };

  const campaignIds = [...new Set(ads.map((play) => play.campaignId))].sort();
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
    .where(inArray(campaign.id, campaignIds));
  const billable = rows
    .filter(
      (row) =>
        row.state === 'approved' &&
        matchesTargeting(target, ZCampaignTargeting.parse(row.targeting)),
    )
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  if (billable.length === 0) return [];

  // Every hold at once, locked in campaign-id order: two batches lock them in the same order and
  // never deadlock, and no other settlement moves them until this transaction ends (lockBalance,
  // for many accounts in one statement). A campaign without a hold has nothing to charge.
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
  const holds = new Map<string, { accountId: string; left: number }>();
  for (const row of holdRows)
    if (row.campaignId) holds.set(row.campaignId, { accountId: row.accountId, left: row.balance });
  // With the holds locked, no other settlement of these campaigns runs: the day's totals hold.
  const capLeft = await dailyCapLeft(tx, billable, ads);

  const charges: Array<{ id: string; billed: number }> = [];
  const settlements: TSettlement[] = [];
  for (const row of billable) {
    const hold = holds.get(row.id);
    if (!hold) continue;
    const plays = ads
      .filter(
        (play) => play.campaignId === row.id && row.creativeIds.includes(play.creativeId ?? ''),
      )
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.sequence - b.sequence);
    let sum = 0;
    let charged = 0;
    for (const play of plays) {
      const capKey = `${row.id}/${utcDay(play.startedAt)}`;
      const cap = capLeft.get(capKey) ?? Number.POSITIVE_INFINITY;
      const billed = Math.min(chargeMicros(play.shownMs, row.bidMicrosPerSecond), hold.left, cap);
      if (billed <= 0) continue;
      hold.left -= billed;
      if (capLeft.has(capKey)) capLeft.set(capKey, cap - billed);
      sum += billed;
      charged += 1;
      charges.push({ id: play.id, billed });
    }
    if (sum > 0) settlements.push({ campaignId: row.id, plays: charged, chargedMicros: sum });
  }
  if (charges.length === 0) return settlements;

  await tx.execute(sql`
    update ${impression} set billed_micros = v.billed
    from jsonb_to_recordset(${JSON.stringify(charges)}::jsonb) as v(id uuid, billed bigint)
    where ${impression.id} = v.id`);
  const wallet = await walletAccountId(tx, batch.ownerId);
  for (const settlement of settlements) {
    const hold = holds.get(settlement.campaignId);
    if (!hold) continue;
    const share = ownerShareMicros(settlement.chargedMicros, batch.commissionBasisPoints);
    await transfer(tx, {
      kind: 'impression-charge',
      description: `Ad plays: ${settlement.plays} ${settlement.plays === 1 ? 'play' : 'plays'}`,
      campaignId: settlement.campaignId,
      deviceId: batch.deviceId,
      adSpaceId: batch.adSpaceId,
      entries: [
        { accountId: hold.accountId, amountMicros: -settlement.chargedMicros },
        { accountId: wallet, amountMicros: share },
        { accountId: PLATFORM_REVENUE_ACCOUNT_ID, amountMicros: settlement.chargedMicros - share },
      ],
    });
  }
  return settlements;
}

/** The UTC day (`YYYY-MM-DD`) a play started on: daily caps count per UTC day. */
const utcDay = (startedAt: string) => new Date(startedAt).toISOString().slice(0, 10);

/**
 * What each capped campaign may still be charged on each UTC day the batch's plays started on:
 * its cap less what its plays of that day were billed already. Keys `campaignId/day`.
 */
async function dailyCapLeft(
  tx: TDb,
  campaigns: ReadonlyArray<{ id: string; dailyCapMicros: number | null }>,
  plays: ReadonlyArray<TImpression & { campaignId: string }>,
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  for (const row of campaigns) {
    if (row.dailyCapMicros === null) continue;
    const days = [
      ...new Set(
        plays.filter((play) => play.campaignId === row.id).map((p) => utcDay(p.startedAt)),
      ),
    ];
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
