import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMPRESSION_BATCH_MAX,
  type TImpression,
  type TImpressionBatchResult,
  ZImpressionBatch,
} from '@screenline/shared/player';
import { OfflineError, type TJsonAnswer } from '../../lib/http';
import { createImpressionSync, IMPRESSIONS_PATH } from './impression-sync';
import type { TPlayStore } from './play-store';
import { AD_SPACE, allRecords, freshStore } from './test-support';
import { randomUuid } from './uuid';

const answer = (status: number, body: unknown = null): TJsonAnswer => ({
  status,
  headers: new Headers(),
  body,
});

/** `count` finished plays and one still on screen, straight into the store. */
async function recorded(store: TPlayStore, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const record = await store.insert({
      id: randomUuid(),
      startedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, i)).toISOString(),
      shownMs: 10_000,
      endReason: 'completed',
      adSpaceId: AD_SPACE,
      playlistId: null,
      playlistVersion: null,
      itemId: `item-${i}`,
      contentId: null,
      campaignId: null,
      creativeId: null,
      state: 'done',
    });
    ids.push(record.id);
  }
  await store.insert({
    id: randomUuid(),
    startedAt: '2026-11-22T11:00:00.000Z',
    shownMs: 0,
    endReason: 'interrupted',
    adSpaceId: AD_SPACE,
    playlistId: null,
    playlistVersion: null,
    itemId: 'on-screen',
    contentId: null,
    campaignId: null,
    creativeId: null,
    state: 'open',
  });
  return ids;
}

/**
 * The server's part as the route does it: ids kept once, a replay accepted again. `lose` drops
 * the answer of the next call after storing (the connection broke on the way back).
 */
function idempotentServer() {
  const stored = new Map<string, TImpression>();
  const batches: TImpression[][] = [];
  let lose = 0;
  const request = vi.fn((path: string, body: unknown, token: string) => {
    expect([path, token]).toEqual([IMPRESSIONS_PATH, 'sld_token']);
    const { impressions } = ZImpressionBatch.parse(body);
    batches.push(impressions);
    for (const play of impressions) if (!stored.has(play.id)) stored.set(play.id, play);
    if (lose > 0) {
      lose -= 1;
      return Promise.reject(new OfflineError());
    }
    const result: TImpressionBatchResult = {
      accepted: impressions.map((play) => play.id),
      rejected: [],
    };
    return Promise.resolve(answer(200, result));
  });
  return { request, stored, batches, loseNext: () => (lose += 1) };
}

const syncOf = (store: TPlayStore, request: ReturnType<typeof idempotentServer>['request']) => {
  const onRevoked = vi.fn();
  const log = vi.fn();
  const sync = createImpressionSync({
    token: 'sld_token',
    intervalMs: 60_000,
    onRevoked,
    store,
    request,
    events: null,
    log,
  });
  return { sync, onRevoked, log };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createImpressionSync', () => {
  it('sends finished plays oldest first, in batches of at most the maximum', async () => {
    const { name, store } = freshStore();
    const ids = await recorded(store, IMPRESSION_BATCH_MAX + 20);
    const server = idempotentServer();
    const { sync } = syncOf(store, server.request);
    expect(await sync.syncNow()).toMatchObject({ kind: 'sent', accepted: 20, left: false });
    expect(server.batches.map((batch) => batch.length)).toEqual([IMPRESSION_BATCH_MAX, 20]);
    expect(server.batches.flat().map((play) => play.id)).toEqual(ids);
    // No TV-only field goes to the server (the schema is strict), and the open play stays.
    expect((await allRecords(name)).map((r) => r.itemId)).toEqual(['on-screen']);
    expect(await sync.syncNow()).toEqual({ kind: 'idle' });
  });

  it('deletes exactly the ids accepted or refused, and logs the refused', async () => {
    const { name, store } = freshStore();
    const [kept, accepted, refused] = await recorded(store, 3);
    const request = vi.fn(() =>
      Promise.resolve(
        answer(200, {
          accepted: [accepted, '00000000-0000-4000-8000-000000000000'],
          rejected: [{ id: refused, reason: 'wrong-ad-space' }],
        }),
      ),
    );
    const { sync, log } = syncOf(store, request);
    expect(await sync.syncNow()).toMatchObject({ kind: 'sent', accepted: 2, rejected: 1 });
    expect((await allRecords(name)).map((r) => r.id)).toContain(kept);
    expect((await allRecords(name)).map((r) => r.itemId)).toEqual(['item-0', 'on-screen']);
    expect(log).toHaveBeenCalledWith(`the server refused play ${refused}: wrong-ad-space`);
  });

  it('keeps everything while offline or on a server error, and sends it later', async () => {
    const { name, store } = freshStore();
    await recorded(store, 4);
    let mode: 'offline' | '503' | 'up' = 'offline';
    const server = idempotentServer();
    const request = vi.fn((path: string, body: unknown, token: string) => {
      if (mode === 'offline') return Promise.reject(new OfflineError());
      if (mode === '503') return Promise.resolve(answer(503, { error: 'busy' }));
      return server.request(path, body, token);
    });
    const { sync } = syncOf(store, request);
    expect(await sync.syncNow()).toEqual({ kind: 'offline' });
    mode = '503';
    expect(await sync.syncNow()).toEqual({ kind: 'failed', status: 503 });
    expect(await allRecords(name)).toHaveLength(5);
    expect(await sync.status()).toMatchObject({ queued: 5, failures: 2, lastSentAt: null });
    mode = 'up';
    expect(await sync.syncNow()).toMatchObject({ kind: 'sent', accepted: 4 });
    expect(await allRecords(name)).toHaveLength(1);
    expect(await sync.status()).toMatchObject({ queued: 1, failures: 0, dropped: 0 });
  });

  it('sends again after a lost answer, and the server keeps each play once', async () => {
    const { name, store } = freshStore();
    const ids = await recorded(store, 3);
    const server = idempotentServer();
    const { sync } = syncOf(store, server.request);
    server.loseNext();
    expect(await sync.syncNow()).toEqual({ kind: 'offline' });
    expect(await allRecords(name)).toHaveLength(4);
    expect(await sync.syncNow()).toMatchObject({ kind: 'sent', accepted: 3 });
    expect(server.batches.map((batch) => batch.map((play) => play.id))).toEqual([ids, ids]);
    expect([...server.stored.keys()]).toEqual(ids);
    expect(await allRecords(name)).toHaveLength(1);
  });

  it('tells the app when the token is revoked, and stops', async () => {
    const { name, store } = freshStore();
    await recorded(store, 2);
    const request = vi.fn(() => Promise.resolve(answer(401)));
    const { sync, onRevoked } = syncOf(store, request);
    sync.start();
    await vi.waitFor(() => expect(onRevoked).toHaveBeenCalledTimes(1));
    expect(await allRecords(name)).toHaveLength(3);
    sync.stop();
  });

  it('finds a malformed record by halving the batch and drops only it', async () => {
    const { name, store } = freshStore();
    const ids = await recorded(store, 6);
    const bad = ids[4]!;
    await store.update(bad, { shownMs: -5 });
    const server = idempotentServer();
    const request = vi.fn((path: string, body: unknown, token: string) => {
      const sent = (body as { impressions: TImpression[] }).impressions;
      if (sent.some((play) => play.id === bad)) return Promise.resolve(answer(400));
      return server.request(path, body, token);
    });
    const { sync, log } = syncOf(store, request);
    await sync.syncNow();
    expect(await allRecords(name)).toHaveLength(1);
    expect([...server.stored.keys()].sort()).toEqual(ids.filter((id) => id !== bad).sort());
    expect(await sync.status()).toMatchObject({ queued: 1, dropped: 1 });
    expect(log).toHaveBeenCalledWith(
      `the server refused play ${bad} as malformed; it is dropped.`,
      null,
    );
  });

  it('waits the interval between rounds, longer after failures, and goes at once when back online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { store } = freshStore();
    await recorded(store, 1);
    let isOnline = false;
    const server = idempotentServer();
    const request = vi.fn((path: string, body: unknown, token: string) =>
      isOnline ? server.request(path, body, token) : Promise.reject(new OfflineError()),
    );
    const events = new EventTarget();
    let interval = 60_000;
    const sync = createImpressionSync({
      token: 'sld_token',
      intervalMs: () => interval,
      onRevoked: () => undefined,
      store,
      request,
      events,
      log: () => undefined,
      random: () => 0.5,
    });
    const calls = () => request.mock.calls.length;
    const settle = () => vi.waitFor(() => expect(sync.status()).resolves.toBeTruthy());

    sync.start();
    await vi.waitFor(() => expect(calls()).toBe(1));
    // Failed once: twice the interval.
    await vi.advanceTimersByTimeAsync(119_000);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(calls()).toBe(2));
    // Twice: four times.
    await vi.advanceTimersByTimeAsync(239_000);
    expect(calls()).toBe(2);
    // Back online: at once; then the interval as the settings say now.
    interval = 30_000;
    isOnline = true;
    events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.stored.size).toBe(1));
    expect(calls()).toBe(3);
    await settle();
    await recorded(store, 1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(server.stored.size).toBe(2));
    expect(calls()).toBe(4);
    sync.stop();
    const before = calls();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls()).toBe(before);
  });

  it('shortens a pending wait when the interval becomes shorter (the first manifest), not a backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { store } = freshStore();
    let isOnline = true;
    const server = idempotentServer();
    const request = vi.fn((path: string, body: unknown, token: string) =>
      isOnline ? server.request(path, body, token) : Promise.reject(new OfflineError()),
    );
    // Before the first manifest: the default minute.
    let interval = 60_000;
    const sync = createImpressionSync({
      token: 'sld_token',
      intervalMs: () => interval,
      onRevoked: () => undefined,
      store,
      request,
      events: null,
      log: () => undefined,
      random: () => 0.5,
    });
    sync.start();
    // Nothing to send yet: the first round asks nothing and waits the minute.
    await vi.waitFor(() => expect(sync.status()).resolves.toMatchObject({ failures: 0 }));
    await vi.advanceTimersByTimeAsync(1_000);
    await recorded(store, 2);
    // The first manifest says 5 s: the plays go within 5 s, not after the minute.
    interval = 5_000;
    sync.intervalChanged();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(server.stored.size).toBe(2));
    // The round is over once the next wait is pending (5 s, as the interval says now).
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    // A longer interval does not put off the pending wait.
    interval = 60_000;
    sync.intervalChanged();
    await recorded(store, 1);
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(server.stored.size).toBe(3));
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    // Offline: the backoff stands whatever the interval says.
    isOnline = false;
    await recorded(store, 1);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(sync.status()).resolves.toMatchObject({ failures: 1 }));
    const calls = request.mock.calls.length;
    interval = 5_000;
    sync.intervalChanged();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request.mock.calls.length).toBe(calls);
    sync.stop();
  });
});
