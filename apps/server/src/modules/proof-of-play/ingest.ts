import { eq, getTableName } from 'drizzle-orm';
import { z } from 'zod';
import type { TImpression } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { literal, type TScriptRows, type TScripts } from '../../db/scripts';
import { impression } from '../../db/schema/index';
import { adSpaceRows, locationRows } from '../screens/places';
import { refusedOnArrival, slotKey } from './arrival-rules';
import {
  ARRIVAL_INSERT_PREPARED,
  arrivalInsertCall,
  WRITTEN,
  type TArrivingRow,
  type TWritten,
} from './arrival-statement';
import pLimit from 'p-limit';
import { powerCheck } from '@screenline/playback/power-schedule';
import { readPowerSchedule } from '../screens/power-schedule';
import { localDayFormat } from '../../lib/local-day';
import type { TPlayerChangeBus } from '../../lib/player-changes';

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

/**
 * The insert of a batch without ad plays: the rows as one JSON value spread into the table's
 * columns (their names and types from the Drizzle schema) by json_to_recordset.
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
/** Built once: a schema's construction costs more than the parse of a batch's ids. */
const ZInsertedRows = z.array(z.object({ id: z.string() }));
const idsOf = (rows: TScriptRows | undefined) =>
  ZInsertedRows.parse(rows ?? []).map((row) => row.id);

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
  /** Changes for the TVs: a space's change drops its remembered zone. */
  changes?: Pick<TPlayerChangeBus, 'subscribe'>;
  now?: () => number;
}) {
  const { db, scripts } = options;
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
      .select({ timeZone: locationRows.timeZone, powerSchedule: adSpaceRows.powerSchedule })
      .from(adSpaceRows)
      .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
      .where(eq(adSpaceRows.id, adSpaceId));
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
   * A batch with ad plays is one transaction sent as one script (db/scripts.ts), so one round
   * trip: BEGIN, the device's lock, the prepared insert that judges the plays
   * (arrival-statement.ts), and COMMIT. The insert takes its snapshot once the lock is held: it
   * sees the batch that held the lock before.
   */
  async function storeNow(source: TPlaySource, plays: readonly TImpression[]): Promise<string[]> {
    const nowMs = now();
    const space = await spaceOf(source.adSpaceId, nowMs);
    const localDay = localDayFormat(space.timeZone);
    const rows = plays.map((play): TArrivingRow => {
      const row: TWritten = {
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
        verdict: null,
        billableFrom: null,
        billableMs: 0,
        localDay: localDay(play.startedAt),
        settledAt: null,
      };
      if (play.campaignId === null) return { row, judge: null };
      const startedAtMs = row.startedAt.getTime();
      const refused = refusedOnArrival(
        { startedAtMs, shownMs: play.shownMs, failed: play.endReason === 'failed' },
        nowMs,
      );
      if (refused)
        return { row: { ...row, verdict: refused, settledAt: new Date(nowMs) }, judge: null };
      return {
        row,
        judge: {
          startedAtMs,
          slotKey: slotKey(play.playlistId, play.itemId),
          campaignKey: play.campaignId,
          isOff: space.isOffAt?.(startedAtMs) ?? false,
        },
      };
    });
    // No ad play left to judge (the TV's own content, or ad plays refused already) claims no
    // screen time: no lock, one insert.
    if (rows.every(({ judge }) => judge === null)) {
      const [inserted] = await scripts.run(insertStatement(rows.map(({ row }) => row)));
      return idsOf(inserted);
    }
    return scripts.transaction(
      async (tx) => {
        const [, inserted] = await tx.run(
          [
            `select pg_advisory_xact_lock(hashtextextended(${literal(`screenline:plays:${source.deviceId}`)}, 0))`,
            arrivalInsertCall({
              deviceId: source.deviceId,
              adSpaceId: source.adSpaceId,
              nowMs,
              rows,
            }),
          ].join(';\n'),
          { commit: true },
        );
        return idsOf(inserted);
      },
      { prepared: [ARRIVAL_INSERT_PREPARED] },
    );
  }

  return { store, close: () => unsubscribe?.() };
}

export type TPlayIngest = ReturnType<typeof createPlayIngest>;
