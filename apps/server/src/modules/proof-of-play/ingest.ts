import { and, eq, gt, gte, lt } from 'drizzle-orm';
import type { TImpression } from '@screenline/shared/player';
import { PLAY_SLOT_TOLERANCE_MS } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { adSpace, impression, location } from '../../db/schema/index';
import { judgeArrivals, slotKey, type TArrivalVerdict } from './arrival-rules';
import type { TServedFills } from './served-fills';
import pLimit from 'p-limit';
import { localDayFormat } from '../../lib/local-day';
import type { TPlayerChangeBus } from '../player/player-changes';

/** The longest span one play can bill: the longest ad slot (ZAdSlotLengthSeconds) plus the tolerance. */
const LONGEST_BILLABLE_MS = 3_600_000 + PLAY_SLOT_TOLERANCE_MS;
/**
 * How long a space's time zone is trusted from memory: a change of the location (its zone among
 * them) publishes a change for its spaces, which drops them at once; this bounds a missed one.
 */
const ZONE_TTL_MS = 60 * 60_000;
/**
 * Batches stored at once per instance: fewer than the database pool's connections (10), so that
 * under a burst the settlement worker and the other requests still get one (issue 17: settlement
 * keeps up); the rest wait in memory, not on the pool.
 */
export const INGEST_CONCURRENCY = 6;

/** The device that sent a batch. */
export interface TPlaySource {
  deviceId: string;
  ownerId: string;
  adSpaceId: string;
}

/**
 * Stores a TV's batch of plays (issue 17 item 3): idempotently by play id, with each ad play's
 * arrival verdict (arrival-rules.ts) and billable span, and never a lock on a campaign: billing
 * happens behind it (settlement.ts). The device's own plays are judged one batch at a time (a
 * transaction-scoped advisory lock on the device), so two batches sent at once cannot both claim
 * the same screen time.
 */
export function createPlayIngest(options: {
  db: TDb;
  servedFills: Pick<TServedFills, 'versionsFor'>;
  /** Changes for the TVs: a space's change drops its remembered zone. */
  changes?: Pick<TPlayerChangeBus, 'subscribe'>;
  now?: () => number;
}) {
  const { db, servedFills } = options;
  const now = options.now ?? Date.now;
  const zones = new Map<string, { timeZone: string; atMs: number }>();
  const gate = pLimit(INGEST_CONCURRENCY);
  const unsubscribe = options.changes?.subscribe((change) => {
    if (change.kind === 'reset' || !change.adSpaceIds) zones.clear();
    else for (const id of change.adSpaceIds) zones.delete(id);
  });

  async function zoneOf(tx: TDb, adSpaceId: string, nowMs: number): Promise<string> {
    const known = zones.get(adSpaceId);
    if (known && nowMs - known.atMs < ZONE_TTL_MS) return known.timeZone;
    const [row] = await tx
      .select({ timeZone: location.timeZone })
      .from(adSpace)
      .innerJoin(location, eq(location.id, adSpace.locationId))
      .where(eq(adSpace.id, adSpaceId));
    // Gone: the insert's foreign key refuses the batch, as it did before.
    const timeZone = row?.timeZone ?? 'UTC';
    if (zones.size > 50_000) zones.clear();
    zones.set(adSpaceId, { timeZone, atMs: nowMs });
    return timeZone;
  }

  /** Stores the plays; answers the ids this call inserted (the others were stored before). */
  async function store(source: TPlaySource, plays: readonly TImpression[]): Promise<string[]> {
    if (plays.length === 0) return [];
    return gate(() => storeNow(source, plays));
  }

  async function storeNow(source: TPlaySource, plays: readonly TImpression[]): Promise<string[]> {
    const nowMs = now();
    return db.transaction(async (tx) => {
      const ads = plays.filter(
        (play): play is TImpression & { campaignId: string } => play.campaignId !== null,
      );
      let verdicts = new Map<string, TArrivalVerdict>();
      if (ads.length > 0) {
        const starts = ads.map((play) => Date.parse(play.startedAt));
        const fromMs = Math.min(...starts);
        const toMs = Math.max(...starts);
        // The device's lock is taken by the statement that reads what it was sent; what it
        // already claimed is read after, in a statement of its own (a snapshot taken once the
        // lock is held sees the batch that held it before).
        const served = await servedFills.versionsFor(tx, source.deviceId, fromMs, toMs, {
          lockKey: `screenline:plays:${source.deviceId}`,
        });
        const taken = await tx
          .select({ from: impression.billableFrom, ms: impression.billableMs })
          .from(impression)
          .where(
            and(
              eq(impression.deviceId, source.deviceId),
              gt(impression.billableMs, 0),
              gte(impression.billableFrom, new Date(fromMs - LONGEST_BILLABLE_MS)),
              lt(impression.billableFrom, new Date(toMs + LONGEST_BILLABLE_MS)),
            ),
          );
        verdicts = judgeArrivals(
          ads.map((play) => ({
            id: play.id,
            sequence: play.sequence,
            startedAtMs: Date.parse(play.startedAt),
            shownMs: play.shownMs,
            failed: play.endReason === 'failed',
            slotKey: slotKey(play.playlistId, play.itemId),
            campaignId: play.campaignId,
          })),
          {
            nowMs: nowMs,
            served,
            taken: taken.flatMap((row) =>
              row.from ? [{ startMs: row.from.getTime(), endMs: row.from.getTime() + row.ms }] : [],
            ),
          },
        );
      }
      const localDay = localDayFormat(await zoneOf(tx, source.adSpaceId, nowMs));
      const rows = await tx
        .insert(impression)
        .values(
          plays.map((play) => {
            const judged = play.campaignId !== null ? verdicts.get(play.id) : undefined;
            return {
              id: play.id,
              deviceId: source.deviceId,
              ownerId: source.ownerId,
              adSpaceId: play.adSpaceId,
              sequence: play.sequence,
              startedAt: new Date(play.startedAt),
              shownMs: play.shownMs,
              endReason: play.endReason,
              playlistId: play.playlistId,
              playlistVersion: play.playlistVersion,
              itemId: play.itemId,
              contentId: play.contentId,
              campaignId: play.campaignId,
              creativeId: play.creativeId,
              verdict: judged?.verdict ?? null,
              billableFrom: judged?.billable ? new Date(judged.billable.startMs) : null,
              billableMs: judged?.billable ? judged.billable.endMs - judged.billable.startMs : 0,
              localDay: localDay(play.startedAt),
              settledAt: judged && judged.verdict !== 'pending' ? new Date(nowMs) : null,
            };
          }),
        )
        .onConflictDoNothing({ target: impression.id })
        .returning({ id: impression.id });
      return rows.map((row) => row.id);
    });
  }

  return { store, close: () => unsubscribe?.() };
}

export type TPlayIngest = ReturnType<typeof createPlayIngest>;
