// The content sync's reports and signals: the heartbeat after each poll, the event stream, and
// the device token (renewed by a heartbeat's answer, revoked by a 401).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TPlayerManifest, ZPlayerHeartbeat } from '@screenline/shared/player';
import {
  TOKEN,
  media,
  manifest,
  json,
  NOW_PLAYING,
  setup,
  flush,
  A,
} from './test/content-sync-setup';

describe('content sync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a heartbeat with every poll: version applied, storage, cache status, what plays', async () => {
    const { sync, server, prepares } = setup();
    server.answer(json(manifest('v1', [A])));
    sync.start();
    await flush();
    const first = ZPlayerHeartbeat.parse(server.heartbeats()[0]!.body);
    expect(first).toEqual({
      appVersion: '0.1.0',
      manifestVersion: null,
      storage: { usedBytes: 10, quotaBytes: 1000, persisted: true },
      cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
      nowPlaying: NOW_PLAYING,
      adCreativesReady: [],
    });
    expect(server.heartbeats()[0]!.method).toBe('POST');
    expect(server.heartbeats()[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    prepares[0]!.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.heartbeats()).toHaveLength(2);
    const second = ZPlayerHeartbeat.parse(server.heartbeats()[1]!.body);
    expect(second.manifestVersion).toBe('v1');
    expect(second.cache).toMatchObject({ filesReady: 1, filesNeeded: 1, problem: null });
    sync.stop();
  });

  it("reports the newest manifest's ad creatives already in the cache (adCreativesReady)", async () => {
    const creative = media('creative-1', 'md5-creative-1');
    const missing = media('creative-2', 'md5-creative-2');
    const houseAd = media('house-1', 'md5-house-1');
    const withAds: TPlayerManifest = {
      ...manifest('v2', [A, creative, missing, houseAd]),
      adFill: {
        campaigns: [
          {
            campaignId: 'campaign-1',
            weight: 1,
            qrUrl: null,
            windows: [],
            creatives: [
              { creativeId: 'creative-1', contentId: 'creative-1', kind: 'image' },
              { creativeId: 'creative-2', contentId: 'creative-2', kind: 'image' },
            ],
          },
        ],
        houseAds: [{ creativeId: 'house-1', contentId: 'house-1', kind: 'image' }],
      },
    };
    // Downloading: what is cached already counts, the rest does not.
    const { sync, server } = setup({ cached: ['md5-creative-1', 'md5-house-1', A.md5] });
    server.answer(json(withAds));
    sync.start();
    await flush();
    const heartbeat = ZPlayerHeartbeat.parse(server.heartbeats()[0]!.body);
    expect(heartbeat.manifestVersion).toBeNull();
    expect(heartbeat.adCreativesReady).toEqual(['creative-1', 'house-1']);
    sync.stop();
  });

  it('polls at once when the event stream says `changed`', async () => {
    const { sync, server } = setup();
    sync.start();
    await flush();
    expect(server.polls()).toHaveLength(1);
    expect(server.eventConnections()).toBe(1);
    const events = server.requests.find((r) => r.url === '/api/v1/player/events')!;
    expect(events.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(events.headers.get('accept')).toBe('text/event-stream');

    server.push(': keep-alive\n\nevent: other\ndata: x\n\n');
    await flush();
    expect(server.polls()).toHaveLength(1);
    // Split across chunks, as a network may deliver it.
    server.push('event: chan');
    await flush();
    server.push('ged\ndata: {}\n\n');
    await flush();
    expect(server.polls()).toHaveLength(2);
    sync.stop();
  });

  it('reconnects the event stream with backoff when it fails', async () => {
    const { sync, server } = setup();
    server.eventsAnswer(503);
    sync.start();
    await flush();
    expect(server.eventConnections()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.eventConnections()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.eventConnections()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventConnections()).toBe(3);

    server.eventsAnswer(200);
    const pollsBefore = server.polls().length;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.eventConnections()).toBe(4);
    // Connected again: a change pushed meanwhile was missed, so it polls once.
    expect(server.polls()).toHaveLength(pollsBefore + 1);
    server.push('retry: 5000\n\n');
    server.endEvents();
    await flush();
    // It heard the server: the next try waits the server's retry, not the backoff.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.eventConnections()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventConnections()).toBe(5);
    sync.stop();
  });

  it('takes the fresh token a heartbeat answers, calls with it from then on, and hands it on', async () => {
    let token = TOKEN;
    const onTokenRenewed = vi.fn((fresh: string) => {
      token = fresh;
    });
    // The runtime holds the token; the sync reads it at each call.
    const { sync, server } = setup({ token: () => token, onTokenRenewed });
    const fresh = 'sld_fresh-token-after-renewal';
    server.heartbeatAnswers(200, { token: fresh, expiresAt: '2026-12-25T06:00:00.000Z' });
    server.answer(json(manifest('v1', [A])));
    sync.start();
    await flush();
    expect(onTokenRenewed).toHaveBeenCalledWith(fresh);
    server.heartbeatAnswers(204);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.polls().at(-1)!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(server.heartbeats().at(-1)!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    sync.stop();
  });

  it('stops everything and calls onRevoked once when the token is refused (401)', async () => {
    const { sync, server, onRevoked } = setup();
    server.answer(() => new Response(null, { status: 401 }));
    sync.start();
    await flush();
    expect(onRevoked).toHaveBeenCalledTimes(1);
    const requestsSoFar = server.requests.length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.polls()).toHaveLength(1);
    expect(server.requests.length).toBe(requestsSoFar);
    expect(onRevoked).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 on the heartbeat or the event stream as revoked too', async () => {
    const heartbeat = setup();
    heartbeat.server.heartbeatAnswers(401);
    heartbeat.sync.start();
    await flush();
    expect(heartbeat.onRevoked).toHaveBeenCalledTimes(1);

    const events = setup();
    events.server.eventsAnswer(401);
    events.sync.start();
    await flush();
    expect(events.onRevoked).toHaveBeenCalledTimes(1);
  });
});
