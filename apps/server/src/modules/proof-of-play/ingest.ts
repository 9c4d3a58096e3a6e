import { eq, getTableName } from 'drizzle-orm';
import { z } from 'zod';
import type { TImpression } from '@screenline/shared/player';
import { PLAY_SLOT_TOLERANCE_MS } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { literal, type TScripts } from '../../db/scripts';
import { adSpace, impression, location, takeover, takeoverAdSpace } from '../../db/schema/index';
import { judgeArrivals, slotKey, type TArrivalVerdict } from './arrival-rules';
import type { TServedFills } from './served-fills';
import pLimit from 'p-limit';
import { powerCheck } from '@screenline/playback/power-schedule';
import { readPowerSchedule } from '../screens/power-schedule';
import { localDayFormat } from '../../lib/local-day';
import type { TPlayerChangeBus } from '../../lib/player-changes';

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

/** The columns ingest writes; the others keep their defaults (received_at: the database's now). */
const WRITTEN = [
  'id',
  'deviceId',
  'ownerId',
  'adSpaceId',
  'sequence',
  'startedAt',
  'shownMs',
  'endReason',
  'playlistId',
  'playlistVersion',
  'itemId',
  'contentId',
  'campaignId',
  'creativeId',
  'verdict',
  'billableFrom',
  'billableMs',
  'localDay',
  'settledAt',
] as const satisfies ReadonlyArray<keyof typeof impression.$inferInsert>;
type TWritten = Required<Pick<typeof impression.$inferInsert, (typeof WRITTEN)[number]>>;

/**
 * The insert of a batch as one statement with one value: the rows as a JSON array, spread into
 * the table's columns (their names and types from the Drizzle schema) by json_to_recordset.
 */
const INSERT_INTO = `insert into "${getTableName(impression)}" (${WRITTEN.map((key) => `"${impression[key].name}"`).join(', ')})
  select * from json_to_recordset(`;
const INSERT_REST = `::json) as p(${WRITTEN.map((key) => `"${impression[key].name}" ${impression[key].getSQLType()}`).join(', ')})
  on conflict ("${impression.id.name}") do nothing
  returning "${impression.id.name}"::text as id`;
function insertStatement(rows: readonly TWritten[]): string {
  // Dates go as ISO 8601 (their toJSON), which the timestamp columns read back to the millisecond.
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(WRITTEN.map((key) => [impression[key].name, row[key]]))),
  );
  return `${INSERT_INTO}${literal(json)}${INSERT_REST}`;
}
const ZInsertedRow = z.object({ id: z.string() });

/** What the device already claimed around the batch: the billable spans of its plays. */
function takenStatement(deviceId: string, fromMs: number, toMs: number): string {
  return `select (extract(epoch from billable_from) * 1000)::float8 as from_ms, billable_ms as ms
    from "${getTableName(impression)}"
    where device_id = ${literal(deviceId)}::uuid and billable_ms > 0
      and billable_from >= ${literal(new Date(fromMs - LONGEST_BILLABLE_MS))}::timestamptz
      and billable_from < ${literal(new Date(toMs + LONGEST_BILLABLE_MS))}::timestamptz`;
}
const ZTakenRow = z.object({ from_ms: z.number(), ms: z.number() });

/** The ad space's emergency takeovers around the batch (issue 23 item 6): never billable time. */
function takeoversStatement(adSpaceId: string, fromMs: number, toMs: number): string {
  return `select (extract(epoch from t.started_at) * 1000)::float8 as from_ms,
      (extract(epoch from coalesce(t.ended_at, t.ends_at)) * 1000)::float8 as to_ms
    from "${getTableName(takeover)}" t
    join "${getTableName(takeoverAdSpace)}" ta on ta.takeover_id = t.id
    where ta.ad_space_id = ${literal(adSpaceId)}::uuid
      and t.started_at < ${literal(new Date(toMs + LONGEST_BILLABLE_MS))}::timestamptz
      and coalesce(t.ended_at, t.ends_at) > ${literal(new Date(fromMs - LONGEST_BILLABLE_MS))}::timestamptz`;
}
const ZTakeoverRow = z.object({ from_ms: z.number(), to_ms: z.number() });

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
  scripts: TScripts;
  servedFills: Pick<TServedFills, 'sentStatement' | 'versionsOf'>;
  /** Changes for the TVs: a space's change drops its remembered zone. */
  changes?: Pick<TPlayerChangeBus, 'subscribe'>;
  now?: () => number;
}) {
  const { db, scripts, servedFills } = options;
  const now = options.now ?? Date.now;
  const zones = new Map<
    string,
    { timeZone: string; isOffAt: ((atMs: number) => boolean) | undefined; atMs: number }
  >();
  const gate = pLimit(INGEST_CONCURRENCY);
  const unsubscribe = options.changes?.subscribe((change) => {
    if (change.kind === 'command') return;
    if (change.kind === 'reset' || !change.adSpaceIds) zones.clear();
    else for (const id of change.adSpaceIds) zones.delete(id);
  });

  /** The space's zone and power schedule (a new schedule publishes a change: dropped here). */
  async function spaceOf(adSpaceId: string, nowMs: number) {
    const known = zones.get(adSpaceId);
    if (known && nowMs - known.atMs < ZONE_TTL_MS) return known;
    const [row] = await db
      .select({ timeZone: location.timeZone, powerSchedule: adSpace.powerSchedule })
      .from(adSpace)
      .innerJoin(location, eq(location.id, adSpace.locationId))
      .where(eq(adSpace.id, adSpaceId));
    // Gone: the insert's foreign key refuses the batch, as it did before.
    const timeZone = row?.timeZone ?? 'UTC';
    const powerSchedule = readPowerSchedule(row?.powerSchedule);
    const isOn = powerCheck(powerSchedule, timeZone);
    const found = {
      timeZone,
      isOffAt: powerSchedule ? (atMs: number) => !isOn(atMs) : undefined,
      atMs: nowMs,
    };
    if (zones.size > 50_000) zones.clear();
    zones.set(adSpaceId, found);
    return found;
  }

  /** Stores the plays; answers the ids this call inserted (the others were stored before). */
  async function store(source: TPlaySource, plays: readonly TImpression[]): Promise<string[]> {
    if (plays.length === 0) return [];
    return gate(() => storeNow(source, plays));
  }

  /**
   * A batch with ad plays is one transaction of two scripts (db/scripts.ts), so two round trips:
   * BEGIN, the device's lock, what it was sent and what it already claimed; then the insert and
   * COMMIT. The claimed spans are read by a statement after the lock's (each statement of a
   * script takes its own snapshot): it sees the batch that held the lock before. A batch of the
   * TV's own content only claims nothing, and is one insert.
   */
  async function storeNow(source: TPlaySource, plays: readonly TImpression[]): Promise<string[]> {
    const nowMs = now();
    const space = await spaceOf(source.adSpaceId, nowMs);
    const localDay = localDayFormat(space.timeZone);
    const ads = plays.filter(
      (play): play is TImpression & { campaignId: string } => play.campaignId !== null,
    );
    const rowsOf = (verdicts: ReadonlyMap<string, TArrivalVerdict>): TWritten[] =>
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
      });
    if (ads.length === 0) {
      const [inserted = []] = await scripts.run(insertStatement(rowsOf(new Map())));
      return ZInsertedRow.array()
        .parse(inserted)
        .map((row) => row.id);
    }
    const starts = ads.map((play) => Date.parse(play.startedAt));
    const fromMs = Math.min(...starts);
    const toMs = Math.max(...starts);
    return scripts.transaction(async (tx) => {
      const [, sentRows = [], takenRows = [], takeoverRows = []] = await tx.run(
        [
          `select pg_advisory_xact_lock(hashtextextended(${literal(`screenline:plays:${source.deviceId}`)}, 0))`,
          servedFills.sentStatement(source.deviceId, fromMs, toMs),
          takenStatement(source.deviceId, fromMs, toMs),
          takeoversStatement(source.adSpaceId, fromMs, toMs),
        ].join(';\n'),
      );
      const served = await servedFills.versionsOf(sentRows, (script) => tx.run(script));
      const verdicts = judgeArrivals(
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
          nowMs,
          served,
          isOffAt: space.isOffAt,
          taken: ZTakenRow.array()
            .parse(takenRows)
            .map((row) => ({ startMs: row.from_ms, endMs: row.from_ms + row.ms })),
          takeovers: ZTakeoverRow.array()
            .parse(takeoverRows)
            .map((row) => ({ startMs: row.from_ms, endMs: row.to_ms })),
        },
      );
      const [inserted = []] = await tx.run(insertStatement(rowsOf(verdicts)), { commit: true });
      return ZInsertedRow.array()
        .parse(inserted)
        .map((row) => row.id);
    });
  }

  return { store, close: () => unsubscribe?.() };
}

export type TPlayIngest = ReturnType<typeof createPlayIngest>;
