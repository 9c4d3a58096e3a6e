// bench/fleet's TVs on the wire: a TV's poll (If-None-Match) and the heartbeat after it, and its
// proof-of-play batch, as apps/player sends them, through one undici keep-alive pool; each answer
// timed from when its request was due and tallied by kind (served, 429, errors by kind).
import { setMaxListeners } from 'node:events';
import { Pool } from 'undici';
import { z } from 'zod';
import { API } from '@screenline/shared/api-paths';
import { ZImpressionBatchResult, ZPlayerManifest } from '@screenline/shared/player';
import { nextBatch, type TBenchTv } from './ingest-plays';
import { causeOf, countError } from './open-loop';

export type TKind = 'poll' | 'heartbeat' | 'impressions';

/** The driver's tally of one kind of request. */
export interface TTally {
  sent: number;
  /** 2xx or 304. */
  served: number;
  latenciesMs: number[];
  /** When each of those requests was due (performance.now()), for the timeline. */
  dueMs: number[];
  /** 429: counted apart, never as served. */
  throttled: number;
  errors: number;
  errorKinds: Map<string, number>;
}
export const newTally = (): TTally => ({
  sent: 0,
  served: 0,
  latenciesMs: [],
  dueMs: [],
  throttled: 0,
  errors: 0,
  errorKinds: new Map(),
});

export interface TFleetTv {
  token: string;
  etag: string;
  tv: TBenchTv;
}

/** What the fleet saw in the run, besides the tallies. */
export interface TSeen {
  /** Polls answered 200: the space's manifest had changed (the TV takes the new ETag). */
  changed: number;
  /** Heartbeats answered with a renewed token (the TV uses it from then on). */
  renewed: number;
  plays: number;
  adPlays: number;
  acknowledged: number;
}

/** An answer: its status and its whole body. */
interface TAnswer {
  status: number;
  body: string;
}

const ZRenewal = z.object({ token: z.string() });

/** What apps/player's content sync sends: the version playing, storage, cache and what is on. */
function heartbeatOf(fleet: TFleetTv) {
  const own = fleet.tv.own;
  return {
    appVersion: '0.1.0',
    manifestVersion: fleet.etag.replaceAll('"', ''),
    storage: { usedBytes: 25_000_000, quotaBytes: 10_000_000_000, persisted: true },
    cache: {
      filesReady: 1 + fleet.tv.campaigns.length,
      filesNeeded: 1 + fleet.tv.campaigns.length,
      bytesReady: 1000 * (1 + fleet.tv.campaigns.length),
      bytesNeeded: 1000 * (1 + fleet.tv.campaigns.length),
      problem: null,
    },
    nowPlaying: {
      playlistId: own.playlistId,
      itemId: own.itemId,
      contentId: own.contentId,
      startedAt: new Date(Date.now() - 2000).toISOString(),
    },
    adCreativesReady: fleet.tv.campaigns.map((entry) => entry.creativeId),
  };
}

/** The run's connections to the server: opened for one open loop, ended after its drain. */
export class FleetClient {
  private readonly pool: Pool;
  /**
   * Aborted once the run's drain is over: what is still owed then is counted as unanswered, and a
   * server past its capacity is not left answering a backlog while the next figures are read.
   */
  private readonly ended = new AbortController();

  constructor(baseUrl: string, connections: number) {
    // Every request of the run listens to it.
    setMaxListeners(0, this.ended.signal);
    this.pool = new Pool(baseUrl, { connections });
  }

  async end(): Promise<void> {
    this.ended.abort();
    await this.pool.destroy();
  }

  /** One request through the pool; the body is read in full, as a TV does. */
  private async send(
    path: string,
    options: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<TAnswer> {
    const res = await this.pool.request({
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      signal: this.ended.signal,
    });
    return { status: res.statusCode, body: await res.body.text() };
  }

  /**
   * One answer: its latency from `from`, and served, 429 or an error. `ok` are the statuses that
   * count as served; the body is read in full (as a TV does) before the clock stops.
   */
  private async timed(
    tally: TTally,
    from: number,
    request: () => Promise<TAnswer>,
    ok: readonly number[],
  ): Promise<TAnswer | null> {
    if (this.ended.signal.aborted) return null;
    tally.sent += 1;
    try {
      const answer = await request();
      tally.latenciesMs.push(performance.now() - from);
      tally.dueMs.push(from);
      if (ok.includes(answer.status)) tally.served += 1;
      else if (answer.status === 429) tally.throttled += 1;
      else countError(tally, `HTTP ${answer.status}`);
      return answer;
    } catch (error) {
      // Still unanswered when the run ended (counted apart as unanswered).
      if (this.ended.signal.aborted) return null;
      tally.latenciesMs.push(performance.now() - from);
      tally.dueMs.push(from);
      countError(tally, causeOf(error));
      return null;
    }
  }

  /** A TV's poll (If-None-Match) and, once it is answered, its heartbeat. */
  async pollAndHeartbeat(
    fleet: TFleetTv,
    dueAt: number,
    tallies: Record<TKind, TTally>,
    seen: TSeen,
  ): Promise<void> {
    const from = Math.min(dueAt, performance.now());
    const poll = await this.timed(
      tallies.poll,
      from,
      () =>
        this.send(API.playerManifest, {
          headers: { authorization: `Bearer ${fleet.token}`, 'if-none-match': fleet.etag },
        }),
      [200, 304],
    );
    if (poll?.status === 200) {
      seen.changed += 1;
      fleet.etag = `"${ZPlayerManifest.parse(JSON.parse(poll.body)).version}"`;
    }
    const sentAt = performance.now();
    const heartbeat = await this.timed(
      tallies.heartbeat,
      sentAt,
      () =>
        this.send(API.playerHeartbeat, {
          method: 'POST',
          headers: { authorization: `Bearer ${fleet.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(heartbeatOf(fleet)),
        }),
      [200, 204],
    );
    if (heartbeat?.status === 200) {
      seen.renewed += 1;
      fleet.token = ZRenewal.parse(JSON.parse(heartbeat.body)).token;
    }
  }

  /** A TV's proof-of-play round: the plays it recorded since the last one. */
  async sendPlays(fleet: TFleetTv, dueAt: number, tally: TTally, seen: TSeen): Promise<void> {
    const from = Math.min(dueAt, performance.now());
    const plays = nextBatch(fleet.tv, Date.now());
    seen.plays += plays.length;
    seen.adPlays += plays.filter((play) => play.campaignId !== null).length;
    const answer = await this.timed(
      tally,
      from,
      () =>
        this.send(API.playerImpressions, {
          method: 'POST',
          headers: { authorization: `Bearer ${fleet.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ impressions: plays }),
        }),
      [200],
    );
    if (answer?.status === 200)
      seen.acknowledged += ZImpressionBatchResult.parse(JSON.parse(answer.body)).accepted.length;
  }
}
