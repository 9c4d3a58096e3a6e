// The marketplace simulation's actions mid-story (marketplace-simulation.test.ts): a buyer's
// top-up and its approval told by the story, the plays an owner forges with a TV's token, a super-user excluding a campaign on a screen, an owner
// withdrawing and repricing a screen, a buyer canceling a campaign.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ZTopUp } from '@screenline/shared/wallet';
import type { TContentItem } from '@screenline/shared/content';
import { type TImpression } from '@screenline/shared/player';
import { PLAY_CLOCK_SKEW_MS, PLAY_MAX_AGE_MS } from '@screenline/shared/proof-of-play';
import { approveMonetization } from './fill-rows';
import { type TTestApp } from './harness';
import { type TPopMarketplace } from './proof-of-play-setup';
import { type TStorageUser } from './storage-helpers';
import {
  DAY_MS,
  EUR,
  type TRandom,
  pick,
  between,
  iso,
  type TSimScreen,
} from './marketplace-simulation-world';
import type { createSimulatedTvs } from './marketplace-simulation-tvs';

/** What the actions use of the running simulation: its app, people, buyers and TVs. */
export interface TSimActionRun {
  t: TTestApp;
  m: TPopMarketplace;
  admin: { cookie: string };
  buyers: ReadonlyArray<{ user: TStorageUser; creative: TContentItem; credited: number }>;
  key: () => Record<string, string>;
  crashAt<T>(table: 'impression' | 'ledger_entry', work: () => Promise<T>): Promise<T>;
  tvs: Pick<ReturnType<typeof createSimulatedTvs>, 'hasRoom' | 'forgedPlay' | 'reserve'>;
}

/** The simulation's actions mid-story, reading its state through `run` when they act. */
export function createSimulationActions(run: () => TSimActionRun) {
  /** A top-up of the buyer's, then a decision told by the story. */
  async function topUpStory(
    random: TRandom,
    buyer: TSimActionRun['buyers'][number],
  ): Promise<void> {
    const { t, key, admin, crashAt } = run();
    const amountMicros = between(random, 10, 60) * EUR + between(random, 0, 999_999);
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie: buyer.user.cookie,
      headers: key(),
      payload: { amountMicros },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = ZTopUp.parse(made.json());
    const approve = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/api/v1/admin/top-ups/${id}/approve`,
        cookie: admin.cookie,
        headers,
      });
    const story = pick(random, ['approve', 'replay', 'race', 'crash', 'reject'] as const);
    if (story === 'reject') {
      const res = await t.request({
        method: 'POST',
        url: `/api/v1/admin/top-ups/${id}/reject`,
        cookie: admin.cookie,
        headers: key(),
        payload: { reason: 'The transfer has not arrived.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    if (story === 'race') {
      const answers = await Promise.all([approve(key()), approve(key()), approve(key())]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    } else if (story === 'replay') {
      const headers = key();
      const first = await approve(headers);
      const again = await approve(headers);
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.headers['idempotent-replayed']).toBe('true');
    } else {
      if (story === 'crash') {
        const crashed = await crashAt(
          'ledger_entry',
          async () => (await approve(key())).statusCode,
        );
        expect(crashed).toBe(500);
      }
      const res = await approve(key());
      expect(res.statusCode, res.body).toBe(200);
    }
    buyer.credited += amountMicros;
  }

  /** A batch of made-up plays of one kind, from the owner's TV token. */
  function forge(
    random: TRandom,
    screen: TSimScreen,
    campaignId: string,
    storyCreative: string,
    decoys: readonly string[],
  ): TImpression[] {
    const { m, buyers, tvs } = run();
    const offered = (screen.manifest?.adFill?.campaigns ?? []).map((entry) => entry.campaignId);
    // The campaign a forgery names (null): one the manifest offers at the play's instant when
    // there is one (so only the rule under test refuses it), else any it offers, else the story's.
    const targetAt = (at: number) => {
      const now = (screen.manifest?.adFill?.campaigns ?? []).filter((entry) =>
        entry.windows.some((w) => w.startMs <= at && at < w.endMs),
      );
      if (now.length > 0) return pick(random, now).campaignId;
      return offered.length > 0 ? pick(random, offered) : campaignId;
    };
    // The campaign's own creative: the manifest's, the story buyer's, or the decoys' owner's.
    const creative = (id: string) =>
      offeredCreative(screen, id) ?? (id === campaignId ? storyCreative : m.creative);
    const ad = (named: string | null, overrides: Partial<TImpression> & { startedAt: string }) => {
      const id = named ?? targetAt(Date.parse(overrides.startedAt));
      return tvs.forgedPlay(screen, {
        campaignId: id,
        contentId: creative(id),
        creativeId: creative(id),
        ...overrides,
      });
    };
    const kind = pick(random, [
      'long',
      'other-year',
      'future',
      'too-old',
      'instant',
      'not-offered',
      'wrong-slot',
      'other-creative',
      'before-manifest',
    ] as const);
    const count = between(random, 1, 4);
    const plays: TImpression[] = [];
    for (let i = 0; i < count; i += 1) {
      if (!tvs.hasRoom(screen, screen.slotMs + 1_000)) break;
      switch (kind) {
        case 'long':
          plays.push(
            ad(null, {
              startedAt: tvs.reserve(screen),
              // A few slots' worth (it could have ended by now), or up to a day.
              shownMs: Math.min(
                86_400_000,
                screen.slotMs *
                  (random() < 0.6 ? between(random, 2, 8) : between(random, 9, 2_000)),
              ),
            }),
          );
          break;
        case 'other-year': {
          const year = pick(random, [2021, 2022, 2023, 2024, 2030, 2031, 2036]);
          plays.push(
            ad(null, {
              startedAt: iso(Date.UTC(year, between(random, 0, 11), between(random, 1, 28), 12)),
            }),
          );
          break;
        }
        case 'future':
          // Mostly within the flight (offered): only the clock says it cannot have played yet.
          plays.push(
            ad(null, {
              startedAt: iso(
                Date.now() +
                  PLAY_CLOCK_SKEW_MS +
                  (random() < 0.7
                    ? between(random, 60_000, 2 * 3_600_000)
                    : between(random, 60_000, 30 * DAY_MS)),
              ),
            }),
          );
          break;
        case 'too-old':
          plays.push(
            ad(null, {
              startedAt: iso(Date.now() - PLAY_MAX_AGE_MS - between(random, 60_000, 10 * DAY_MS)),
            }),
          );
          break;
        case 'instant': {
          // Copies of a play the TV already reported, at its instant (or a fresh instant).
          const copied = screen.acknowledged.length > 0 ? pick(random, screen.acknowledged) : null;
          const copies = between(random, 3, 12);
          const startedAt = copied?.startedAt ?? tvs.reserve(screen);
          for (let j = 0; j < copies; j += 1)
            plays.push(
              copied
                ? tvs.forgedPlay(screen, {
                    ...copied,
                    id: crypto.randomUUID(),
                    sequence: screen.sequence + 1,
                  })
                : ad(null, { startedAt }),
            );
          return plays;
        }
        case 'not-offered': {
          const others = [...decoys, crypto.randomUUID(), campaignId].filter(
            (id) => !offered.includes(id),
          );
          plays.push(ad(pick(random, others), { startedAt: tvs.reserve(screen) }));
          break;
        }
        case 'wrong-slot':
          plays.push(ad(null, { startedAt: tvs.reserve(screen), itemId: 'not-a-slot' }));
          break;
        case 'other-creative': {
          const other = pick(random, [...buyers.map((b) => b.creative.id), m.otherCreative]);
          plays.push(
            ad(null, { startedAt: tvs.reserve(screen), contentId: other, creativeId: other }),
          );
          break;
        }
        case 'before-manifest':
          plays.push(
            ad(null, {
              startedAt: iso(screen.bornAt - PLAY_CLOCK_SKEW_MS - between(random, 1_000, DAY_MS)),
            }),
          );
          break;
      }
    }
    return plays;
  }

  /** The creative the TV's manifest names for the campaign, if it offers it. */
  function offeredCreative(screen: TSimScreen, id: string): string | null {
    const entry = screen.manifest?.adFill?.campaigns.find((c) => c.campaignId === id);
    return entry?.creatives[0]?.creativeId ?? null;
  }

  /** A super-user excludes the campaign on the screen (the screen's one exclusion this seed). */
  async function exclude(screen: TSimScreen, id: string) {
    const { t, admin } = run();
    screen.excludedOnce = true;
    const res = await t.request({
      method: 'PUT',
      url: `/api/v1/admin/ad-playlists/${screen.adSpaceId}`,
      cookie: admin.cookie,
      payload: { pinnedCampaignIds: [], excludedCampaignIds: [id], houseAdContentIds: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The owner withdraws the monetization; mostly it is approved again at another floor. */
  async function reprice(random: TRandom, screen: TSimScreen, bid: number) {
    const { t, m } = run();
    if (screen.monetizationId) {
      const res = await t.request({
        method: 'POST',
        url: `/api/v1/monetization-requests/${screen.monetizationId}/withdraw`,
        cookie: m.owner.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      screen.monetizationId = null;
    }
    if (random() < 0.6) {
      // Around the campaign's bid: above it half the time.
      screen.floor = between(random, Math.max(300, bid - 2_000), bid + 2_000);
      screen.monetizationId = await approveMonetization(
        t,
        { adSpaceId: screen.adSpaceId, ownerId: m.owner.userId },
        screen.floor,
        new Date(),
      );
    }
  }

  async function cancel(random: TRandom, campaignId: string, cookie: string): Promise<boolean> {
    const { t, key } = run();
    const send = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/api/v1/campaigns/${campaignId}/cancel`,
        cookie,
        headers,
      });
    const headers = key();
    const res = await send(headers);
    // A campaign its budget completed cannot be canceled.
    expect([200, 409], res.body).toContain(res.statusCode);
    if (res.statusCode === 409) return false;
    if (random() < 0.5) expect((await send(headers)).headers['idempotent-replayed']).toBe('true');
    return true;
  }

  return { topUpStory, forge, offeredCreative, exclude, reprice, cancel };
}
