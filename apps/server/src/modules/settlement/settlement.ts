import type { FastifyBaseLogger } from 'fastify';
import { ZCampaignTargeting, ZStoredDaypart } from '@screenline/shared/campaign';
import { SETTLE_INTERVAL_MS } from '@screenline/shared/proof-of-play';
import { z } from 'zod';
import type { TDb } from '../../db/database';
import { completeCampaign, releaseHold } from '../campaigns/campaign-lifecycle';
import {
  campaignEventsOf,
  campaignExists,
  campaignsWithHoldDue,
  lockCampaignUnlessBusy,
  type TCampaignRow,
} from '../campaigns/campaign-directory';
import { playlistExclusionsOf } from '../fill/ad-playlist-directory';
import { monetizedPeriodsOf } from '../monetization/monetization-directory';
import {
  billedPerDayOf,
  campaignsWithPendingPlays,
  pendingPlaysOf,
  recordVerdicts,
  refusePendingPlays,
} from '../proof-of-play/pending-plays';
import { timeZonesOf } from '../screens/ad-space-directory';
import {
  campaignHoldAccountId,
  lockBalance,
  PLATFORM_REVENUE_ACCOUNT_ID,
  transfer,
  walletAccountIds,
} from '../ledger/ledger';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { settlePlays, type TSettlingSpace } from './settlement-rules';
import { pairKey, spaceApprovalsOf } from '../approvals/approval-directory';

/** Plays settled per campaign per transaction. */
export const SETTLE_BATCH = 1000;
/** Campaigns looked at per round. */
const CAMPAIGNS_PER_ROUND = 200;
const ZDayparts = z.array(ZStoredDaypart);

/** What one campaign's settlement did. */
export interface TCampaignSettlement {
  /** Another worker holds the campaign: try again later. */
  busy: boolean;
  settled: number;
  chargedMicros: number;
  released: number;
}

/**
 * Settlement (issue 17 item 3): bills the plays ingest stored, behind the TVs' requests. One
 * writer per campaign at a time: the campaign's row is taken with FOR UPDATE SKIP LOCKED, so
 * workers on any number of instances settle different campaigns side by side and never wait on
 * each other. Each campaign's pending plays are settled in order of start, a batch per
 * transaction: verdicts and charges (settlement-rules.ts), one ledger transaction for the batch
 * (hold −charges, each screen owner's wallet +their share, platform revenue +the rest), the
 * campaign completed when its hold is spent, and what is left of an ended campaign's hold
 * returned once its grace period has passed.
 */
export function createSettlement(options: {
  db: TDb;
  log: FastifyBaseLogger;
  platformSettings: Pick<TPlatformSettingsService, 'get'>;
  changes: Pick<TPlayerChangeBus, 'publishContent'>;
  intervalMs?: number;
  now?: () => Date;
}) {
  const { db, platformSettings, changes } = options;
  const log = options.log.child({ module: 'settlement' });
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;

  /** Settles one batch of the campaign's pending plays, and releases its hold when due. */
  async function settleCampaign(campaignId: string): Promise<TCampaignSettlement> {
    const { commissionBasisPoints } = await platformSettings.get();
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const row = await lockCampaignUnlessBusy(tx, campaignId);
      if (!row) {
        if (await campaignExists(tx, campaignId))
          return { busy: true, settled: 0, chargedMicros: 0, released: 0, spaces: [] };
        // No such campaign (deleted, or an id no campaign ever had): nothing to bill.
        const refused = await refusePendingPlays(tx, campaignId, at);
        return { busy: false, settled: refused, chargedMicros: 0, released: 0, spaces: [] };
      }

      const plays = await pendingPlaysOf(tx, campaignId, SETTLE_BATCH);

      let chargedMicros = 0;
      let spaces: string[] = [];
      if (plays.length > 0) {
        const hold = await campaignHoldAccountId(tx, campaignId);
        const holdLeft = await lockBalance(tx, hold);
        const days = [...new Set(plays.map((play) => play.localDay ?? ''))];
        const [events, settlingSpaces, capUsed] = [
          await campaignEventsOf(tx, campaignId),
          await spacesOf(tx, row, [...new Set(plays.map((play) => play.adSpaceId))], at),
          row.dailyCapMicros === null
            ? new Map<string, number>()
            : await billedPerDayOf(tx, campaignId, days),
        ];
        const { settled } = settlePlays(
          {
            id: row.id,
            state: row.state,
            targeting: ZCampaignTargeting.parse(row.targeting),
            creativeIds: row.creativeIds,
            startDate: row.startDate,
            endDate: row.endDate,
            dayparts: ZDayparts.parse(row.dayparts),
            bidMicrosPerSecond: row.bidMicrosPerSecond,
            dailyCapMicros: row.dailyCapMicros,
            events,
          },
          plays.map((play) => ({
            id: play.id,
            adSpaceId: play.adSpaceId,
            ownerId: play.ownerId,
            startedAtMs: play.startedAt.getTime(),
            billableMs: play.billableMs,
            creativeId: play.creativeId,
            localDay: play.localDay ?? '',
          })),
          { spaces: settlingSpaces, capUsed, holdLeft, commissionBasisPoints },
        );
        await recordVerdicts(tx, settled, at);

        const ownerOf = new Map(plays.map((play) => [play.id, play.ownerId]));
        const shares = new Map<string, number>();
        let billedPlays = 0;
        for (const play of settled) {
          if (play.billedMicros === 0) continue;
          billedPlays += 1;
          chargedMicros += play.billedMicros;
          const owner = ownerOf.get(play.id) ?? '';
          shares.set(owner, (shares.get(owner) ?? 0) + play.ownerShareMicros);
        }
        if (chargedMicros > 0) {
          const entries = [{ accountId: hold, amountMicros: -chargedMicros }];
          let ownersTotal = 0;
          // Every owner's wallet in two statements (was two per owner).
          const wallets = await walletAccountIds(tx, [...shares.keys()]);
          for (const [ownerId, share] of shares) {
            ownersTotal += share;
            entries.push({ accountId: wallets.get(ownerId)!, amountMicros: share });
          }
          entries.push({
            accountId: PLATFORM_REVENUE_ACCOUNT_ID,
            amountMicros: chargedMicros - ownersTotal,
          });
          await transfer(tx, {
            kind: 'impression-charge',
            description: `Ad plays settled: ${billedPlays} ${billedPlays === 1 ? 'play' : 'plays'}`,
            campaignId,
            entries,
          });
        }
        if (holdLeft - chargedMicros <= 0 && holdLeft > 0) {
          const completion = await completeCampaign(tx, campaignId);
          spaces = completion.adSpaceIds;
        }
      }

      // An ended campaign's hold goes back once no billable play can still arrive, and only
      // after the plays that did arrive are settled.
      let released = 0;
      if (
        plays.length < SETTLE_BATCH &&
        (row.state === 'canceled' || row.state === 'completed') &&
        row.holdReleaseAt !== null &&
        row.holdReleaseAt.getTime() <= at.getTime()
      ) {
        released = await releaseHold(tx, row, null, 'late plays settled');
      }
      return { busy: false, settled: plays.length, chargedMicros, released, spaces };
    });
    if (outcome.spaces.length > 0) changes.publishContent(outcome.spaces);
    return {
      busy: outcome.busy,
      settled: outcome.settled,
      chargedMicros: outcome.chargedMicros,
      released: outcome.released,
    };
  }

  /** The campaigns with plays to settle or a hold due back. */
  async function dueCampaigns(at: Date): Promise<string[]> {
    const pending = await campaignsWithPendingPlays(db, CAMPAIGNS_PER_ROUND);
    const releases = await campaignsWithHoldDue(db, at, CAMPAIGNS_PER_ROUND);
    return [...new Set([...pending, ...releases].flatMap((row) => (row.id ? [row.id] : [])))];
  }

  /**
   * Settles everything due now (each campaign until its pending plays are done); answers how
   * many plays were settled. Runs one at a time per instance: a call while one runs waits for it
   * and then runs again (so a test's "settle now" sees every play stored before it).
   */
  function settleDue(): Promise<number> {
    running = running.then(
      () => round(),
      () => round(),
    );
    return running;
  }

  async function round(): Promise<number> {
    let total = 0;
    for (let pass = 0; pass < 100 && !stopped; pass += 1) {
      const due = await dueCampaigns(now());
      let progress = 0;
      for (const id of due) {
        // One campaign that fails (a bug, a stored value that no longer parses) is logged and
        // left pending; the others settle. Its plays stay stored and are tried every round.
        try {
          const result = await settleCampaign(id);
          progress += result.settled + result.released;
          total += result.settled;
        } catch (error) {
          log.error({ err: error, campaignId: id }, 'a campaign’s plays could not be settled');
        }
      }
      if (progress === 0) break;
    }
    return total;
  }

  const tick = () => {
    settleDue().catch((error: unknown) => log.error({ err: error }, 'settlement failed'));
  };

  return {
    settleCampaign,
    settleDue,
    /** A batch arrived: settle it soon (coalesced). */
    kick() {
      if (stopped || !timer || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        tick();
      }, 200);
    },
    start() {
      stopped = false;
      timer = setInterval(tick, options.intervalMs ?? SETTLE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      timer = undefined;
      soon = undefined;
      await running.catch(() => 0);
    },
  };
}

export type TSettlement = ReturnType<typeof createSettlement>;

/**
 * Each space's zone, monetized periods (with their approved targeting), exclusion and owner
 * approval of the campaign.
 */
async function spacesOf(
  tx: TDb,
  row: TCampaignRow,
  adSpaceIds: readonly string[],
  at: Date,
): Promise<Map<string, TSettlingSpace>> {
  const campaignId = row.id;
  const approvals = await spaceApprovalsOf(
    tx,
    adSpaceIds.map((adSpaceId) => ({
      campaign: {
        id: row.id,
        ownerId: row.ownerId,
        category: row.category,
        approvedAtMs: row.decidedAt?.getTime() ?? null,
      },
      adSpaceId,
    })),
    at.getTime(),
  );
  const zones = await timeZonesOf(tx, adSpaceIds);
  const periods = await monetizedPeriodsOf(tx, adSpaceIds);
  const playlists = await playlistExclusionsOf(tx, adSpaceIds);
  const spaces = new Map<string, TSettlingSpace>();
  for (const zone of zones) {
    const playlist = playlists.find((row) => row.adSpaceId === zone.id);
    spaces.set(zone.id, {
      timeZone: zone.timeZone,
      periods: periods.flatMap((period) =>
        period.adSpaceId === zone.id &&
        period.approvedAt &&
        period.city !== null &&
        period.venueType !== null &&
        period.orientation !== null
          ? [
              {
                fromMs: period.approvedAt.getTime(),
                toMs: period.endedAt?.getTime() ?? null,
                floorMicrosPerSecond: period.floor,
                city: period.city,
                venueType: period.venueType,
                orientation: period.orientation,
              },
            ]
          : [],
      ),
      excludedSinceMs: playlist?.excluded.includes(campaignId)
        ? playlist.updatedAt.getTime()
        : null,
      approvedSinceMs: approvals.get(pairKey(campaignId, zone.id))?.approvedSinceMs ?? null,
    });
  }
  return spaces;
}
