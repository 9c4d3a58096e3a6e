// The marketplace simulation's TVs (marketplace-simulation.test.ts): a new TV on a screen each
// seed, its manifest, the honest plays it makes of what it was offered, the plays its owner forges
// with its token, and sending a batch as a TV on a bad day (crashed, doubled, replayed).
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { type TImpression, ZDeviceRegistration } from '@screenline/shared/player';
import { PLAY_SLOT_TOLERANCE_MS } from '@screenline/shared/proof-of-play';
import { approveMonetization } from './fill-rows';
import { type TTestApp } from './harness';
import { SLOT_ID, type TPopMarketplace } from './proof-of-play-setup';
import { type TRandom, pick, between, iso, type TSimScreen } from './marketplace-simulation-world';

/** What the TVs use of the running simulation: its app, its marketplace, and the injected crash. */
export interface TSimTvRun {
  t: TTestApp;
  m: TPopMarketplace;
  crashAt<T>(table: 'impression' | 'ledger_entry', work: () => Promise<T>): Promise<T>;
}

/** How far ahead of the server's clock a TV's plays may run (inside the skew allowance). */
export const TV_AHEAD_MS = 4 * 60_000;

/** The simulation's TVs, reading its state through `run` when they act. */
export function createSimulatedTvs(run: () => TSimTvRun) {
  /** A new TV on the pool's screen for this seed (a fresh clock), monetized again if it was not. */
  async function tvOn(screen: TSimScreen): Promise<TSimScreen> {
    const { t, m } = run();
    screen.bornAt = Date.now();
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: m.owner.cookie,
      payload: {
        deviceKey: `sim-${crypto.randomUUID()}`,
        adSpaceId: screen.adSpaceId,
        name: 'TV',
        userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
        appVersion: '0.1.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tv = ZDeviceRegistration.parse(res.json());
    Object.assign(screen, {
      deviceId: tv.deviceId,
      token: tv.token,
      sequence: 0,
      manifest: null,
      excludedOnce: false,
      acknowledged: [],
    });
    if (!screen.monetizationId)
      screen.monetizationId = await approveMonetization(
        t,
        { adSpaceId: screen.adSpaceId, ownerId: m.owner.userId },
        screen.floor,
        new Date(),
      );
    return screen;
  }

  /** The TV fetches its manifest; its clock is never behind the moment it got it. */
  async function fetchManifest(screen: TSimScreen) {
    const { m } = run();
    screen.manifest = await m.serve(screen);
    screen.clock = Math.max(screen.clock, Date.now());
  }

  /** Room left on the TV's clock: its plays end at most TV_AHEAD_MS after the server's now. */
  const hasRoom = (screen: TSimScreen, ms: number) => screen.clock + ms < Date.now() + TV_AHEAD_MS;

  /** The TV's next plays, as it makes them: what its manifest offers now, in its ad slot. */
  function honestPlays(random: TRandom, screen: TSimScreen, count: number): TImpression[] {
    const { m } = run();
    const plays: TImpression[] = [];
    for (let i = 0; i < count; i += 1) {
      if (!hasRoom(screen, screen.slotMs + 1_000)) break;
      const offered = (screen.manifest?.adFill?.campaigns ?? []).filter((entry) =>
        entry.windows.some((w) => w.startMs <= screen.clock && screen.clock < w.endMs),
      );
      if (offered.length === 0) {
        // Nothing to play in the slot: the TV moves on.
        screen.clock += screen.slotMs;
        continue;
      }
      const chosen = pick(random, offered);
      const creative = pick(random, chosen.creatives);
      const roll = random();
      const [shownMs, endReason] =
        roll < 0.75
          ? [screen.slotMs, 'completed' as const]
          : roll < 0.85
            ? [between(random, 1_000, screen.slotMs), 'interrupted' as const]
            : roll < 0.95
              ? [screen.slotMs + between(random, 1, 400), 'completed' as const]
              : [between(random, 0, screen.slotMs), 'failed' as const];
      plays.push(
        m.play(screen, chosen.campaignId, {
          shownMs,
          endReason,
          contentId: creative.contentId,
          creativeId: creative.creativeId,
        }),
      );
    }
    return plays;
  }

  /** A play the owner makes up with the TV's token (`reserve` keeps honest plays off its time). */
  function forgedPlay(screen: TSimScreen, overrides: Partial<TImpression>): TImpression {
    screen.sequence += 1;
    return {
      id: crypto.randomUUID(),
      sequence: screen.sequence,
      startedAt: iso(screen.clock),
      shownMs: screen.slotMs,
      endReason: 'completed',
      adSpaceId: screen.adSpaceId,
      playlistId: screen.playlistId,
      playlistVersion: 1,
      itemId: SLOT_ID,
      contentId: null,
      campaignId: null,
      creativeId: null,
      ...overrides,
    };
  }
  const reserve = (screen: TSimScreen) => {
    const at = screen.clock;
    screen.clock += screen.slotMs + PLAY_SLOT_TOLERANCE_MS + 100;
    return iso(at);
  };

  /** Sends a batch as a TV on a bad day: sometimes crashed first, sent twice at once, replayed. */
  async function deliver(random: TRandom, screen: TSimScreen, batch: TImpression[]) {
    const { m, crashAt } = run();
    if (batch.length === 0) return;
    if (random() < 0.15) {
      const crashed = await crashAt(
        'impression',
        async () => (await m.send(screen, batch)).statusCode,
      );
      expect(crashed).toBe(500);
    }
    const answers =
      random() < 0.2
        ? await Promise.all([m.send(screen, batch), m.send(screen, batch)])
        : [await m.send(screen, batch)];
    if (random() < 0.15) answers.push(await m.send(screen, batch));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  }

  return { tvOn, fetchManifest, hasRoom, honestPlays, forgedPlay, reserve, deliver };
}
