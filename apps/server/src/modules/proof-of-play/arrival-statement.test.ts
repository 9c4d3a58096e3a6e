import crypto from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImpression } from '@screenline/shared/player';
import {
  PLAY_CLOCK_SKEW_MS,
  PLAY_MAX_AGE_MS,
  type TServedFill,
} from '@screenline/shared/proof-of-play';
import {
  deviceServedFill,
  impression,
  servedFill,
  takeover,
  takeoverAdSpace,
} from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  popMarketplace,
  SLOT_ID,
  type TPopMarketplace,
  type TPopScreen,
} from '../../../test/proof-of-play-setup';
import { judgeArrivals, slotKey, type TServedVersion, type TSpan } from './arrival-rules';
import { createPlayIngest } from './ingest';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A small seeded generator (mulberry32): the same batches on every run. */
function randomOf(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ingest judges ad plays in its insert statement (arrival-statement.ts); judgeArrivals() in
 * arrival-rules.ts is the rules' reference. Random batches against manifests sent at several
 * times, an emergency takeover and the plays stored before: every stored verdict and billable
 * stretch is the reference's, and replayed ids are acknowledged without a second row.
 */
describe.each(BACKENDS)('the arrival statement on %s', (backend) => {
  let t: TTestApp;
  let m: TPopMarketplace;
  let screen: TPopScreen;
  const nowMs = Math.floor(Date.now() / 1000) * 1000;
  const offered = crypto.randomUUID();
  const later = crypto.randomUUID();
  const never = crypto.randomUUID();
  let served: TServedVersion[];
  let takeovers: TSpan[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    m = await popMarketplace(t);
    screen = await m.newScreen();
    const key = slotKey(screen.playlistId, SLOT_ID);
    const other = slotKey(screen.playlistId, 'slot-2');
    // Three manifests: an old one with a shorter slot, a newer one that also offered `later` for
    // half an hour, and one sent just after now (within the skew of plays that start before it).
    const fills: Array<{ version: string; servedAtMs: number; fill: TServedFill }> = [
      {
        version: 'v1',
        servedAtMs: nowMs - 5 * HOUR,
        fill: {
          campaigns: { [offered]: [[nowMs - 6 * HOUR, nowMs - HOUR]] },
          slots: { [key]: 8_000 },
        },
      },
      {
        version: 'v2',
        servedAtMs: nowMs - 2 * HOUR,
        fill: {
          campaigns: {
            [offered]: [
              [nowMs - 3 * HOUR, nowMs - 100 * MINUTE],
              [nowMs - 90 * MINUTE, nowMs + HOUR],
            ],
            [later]: [[nowMs - 30 * MINUTE, nowMs - 10 * MINUTE]],
          },
          slots: { [key]: 10_000, [other]: 5_000 },
        },
      },
      {
        version: 'v3',
        servedAtMs: nowMs + 2 * MINUTE,
        fill: {
          campaigns: { [offered]: [[nowMs - HOUR, nowMs + HOUR]] },
          slots: { [key]: 12_000 },
        },
      },
    ];
    const { db } = t.app.deps;
    await db
      .insert(servedFill)
      .values(
        fills.map((one) => ({ adSpaceId: screen.adSpaceId, version: one.version, fill: one.fill })),
      );
    await db.insert(deviceServedFill).values(
      fills.map((one) => ({
        deviceId: screen.deviceId,
        adSpaceId: screen.adSpaceId,
        version: one.version,
        servedAt: new Date(one.servedAtMs),
      })),
    );
    served = fills;
    takeovers = [{ startMs: nowMs - 80 * MINUTE, endMs: nowMs - 75 * MINUTE }];
    const [row] = await db
      .insert(takeover)
      .values({
        ownerId: m.owner.userId,
        kind: 'message',
        message: 'Closed',
        startedByName: 'Owner',
        startedAt: new Date(takeovers[0]!.startMs),
        endsAt: new Date(takeovers[0]!.endMs),
      })
      .returning({ id: takeover.id });
    await db.insert(takeoverAdSpace).values({ takeoverId: row!.id, adSpaceId: screen.adSpaceId });
  });
  afterAll(() => t.close());

  /** The device's billable stretches stored so far (what the reference is given as taken). */
  async function takenNow(): Promise<TSpan[]> {
    const rows = await t.app.deps.db
      .select({ from: impression.billableFrom, ms: impression.billableMs })
      .from(impression)
      .where(and(eq(impression.deviceId, screen.deviceId), gt(impression.billableMs, 0)));
    return rows.map((row) => ({
      startMs: row.from!.getTime(),
      endMs: row.from!.getTime() + row.ms,
    }));
  }

  it('stores the reference’s verdict and billable stretch for every new play; replays add no row', async () => {
    const random = randomOf(17);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const ingest = createPlayIngest({
      db: t.app.deps.db,
      scripts: t.database.scripts,
      now: () => nowMs,
    });
    const source = {
      deviceId: screen.deviceId,
      ownerId: m.owner.userId,
      adSpaceId: screen.adSpaceId,
    };
    const sentBefore: TImpression[] = [];
    const verdictsSeen = new Set<string>();
    let sequence = 0;
    for (let round = 0; round < 25; round += 1) {
      // Plays clustered in 40 seconds (overlaps), somewhere in the last three hours, a few
      // from the future or past the maximum age; a replayed play or two from earlier batches.
      // Every fifth batch runs into the takeover.
      const base =
        round % 5 === 1
          ? takeovers[0]!.startMs - 20_000
          : nowMs - Math.floor(random() * 3 * HOUR) + (round % 7 === 0 ? 2 * MINUTE : 0);
      const fresh: TImpression[] = Array.from({ length: 2 + Math.floor(random() * 8) }, () => {
        const kind = random();
        const startedAtMs =
          kind < 0.05
            ? nowMs - PLAY_MAX_AGE_MS - MINUTE
            : kind < 0.1
              ? nowMs + PLAY_CLOCK_SKEW_MS - 1000
              : base + Math.floor(random() * 40_000);
        const campaignId = pick([offered, offered, offered, later, never, null]);
        sequence += 1;
        return {
          id: crypto.randomUUID(),
          sequence: random() < 0.1 ? sequence - 1 : sequence,
          startedAt: new Date(startedAtMs).toISOString(),
          shownMs: pick([0, 3_000, 8_000, 10_000, 10_400, 12_500, 20_000, 2 * HOUR]),
          endReason: random() < 0.05 ? 'failed' : 'completed',
          adSpaceId: screen.adSpaceId,
          playlistId: screen.playlistId,
          playlistVersion: 1,
          itemId: pick([SLOT_ID, SLOT_ID, SLOT_ID, 'slot-2', 'nowhere']),
          contentId: null,
          campaignId,
          creativeId: null,
        };
      });
      const replayed = sentBefore.length > 0 && random() < 0.5 ? [pick(sentBefore)] : [];
      const batch = [...fresh, ...replayed];

      const expected = judgeArrivals(
        fresh.flatMap((play) =>
          play.campaignId === null
            ? []
            : [
                {
                  id: play.id,
                  sequence: play.sequence,
                  startedAtMs: Date.parse(play.startedAt),
                  shownMs: play.shownMs,
                  failed: play.endReason === 'failed',
                  slotKey: slotKey(play.playlistId, play.itemId),
                  campaignId: play.campaignId,
                },
              ],
        ),
        { nowMs, served, taken: await takenNow(), takeovers },
      );
      const inserted = await ingest.store(source, batch);
      expect(new Set(inserted)).toEqual(new Set(fresh.map((play) => play.id)));

      const rows = await t.app.deps.db
        .select({
          id: impression.id,
          verdict: impression.verdict,
          from: impression.billableFrom,
          ms: impression.billableMs,
          settledAt: impression.settledAt,
        })
        .from(impression)
        .where(
          inArray(
            impression.id,
            fresh.map((play) => play.id),
          ),
        );
      const stored = new Map(rows.map((row) => [row.id, row]));
      for (const play of fresh) {
        const row = stored.get(play.id);
        const want = expected.get(play.id);
        const billable = want?.billable ?? null;
        expect(
          {
            verdict: row?.verdict,
            from: row?.from?.getTime() ?? null,
            ms: row?.ms,
            settled: row?.settledAt !== null,
          },
          `round ${round}, play ${JSON.stringify(play)}`,
        ).toEqual({
          verdict: want?.verdict ?? null,
          from: billable?.startMs ?? null,
          ms: billable ? billable.endMs - billable.startMs : 0,
          // Arrival's refusals are settled when stored; pending plays and the TV's own are not.
          settled: want !== undefined && want.verdict !== 'pending',
        });
        if (want) verdictsSeen.add(want.verdict);
      }
      sentBefore.push(...fresh);
    }
    // The batches reached every verdict arrival can give (powered-off has its own test).
    expect([...verdictsSeen].sort()).toEqual(
      [
        'clock-ahead',
        'failed',
        'not-offered',
        'overlap',
        'pending',
        'takeover',
        'too-old',
        'too-short',
      ].sort(),
    );
    const [count] = await t.app.deps.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(impression)
      .where(eq(impression.deviceId, screen.deviceId));
    expect(count?.rows).toBe(sentBefore.length);
  });
});
