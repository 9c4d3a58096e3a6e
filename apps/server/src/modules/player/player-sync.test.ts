import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZAdSpace, ZAdSpaceList } from '@screenline/shared/ad-space';
import {
  MANIFEST_TIMELINE_DAYS,
  PLAYER_EVENT_CHANGED,
  type TPlayerHeartbeat,
  ZDeviceRegistration,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { adSpace, device } from '../../db/schema/index';
import { BACKENDS, createSiblingApp, createTestApp, type TTestApp } from '../../../test/harness';
import { countStatements, openEvents } from '../../../test/player-events';
import { addContent, signUpScreenOwner } from '../../../test/screen-rows';
import { createAdSpace, createLocation } from '../../../test/screens-helpers';
import type { TStorageUser } from '../../../test/storage-helpers';
import { PLAYER_RATE_LIMITS } from './player-sync.routes';

const DAY_MS = 24 * 60 * 60 * 1000;
let keys = 0;

describe.each(BACKENDS)('the TV’s manifest, events and heartbeat on %s', (backend) => {
  let t: TTestApp;
  let ann: TStorageUser;
  let space: string;
  let playlist: string;
  let other: string;
  let imageId: string;
  let videoId: string;
  let token: string;
  let deviceId: string;
  let harbour: string;

  const asDevice = (tv: string, url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers: { authorization: `Bearer ${tv}`, ...headers } });

  async function register(owner: TStorageUser, adSpaceId: string, deviceKey?: string) {
    keys += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: deviceKey ?? `sync-device-key-${keys}-abcdef`,
        adSpaceId,
        name: `TV ${keys}`,
        userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
        appVersion: '0.3.0',
      },
    });
    expect([200, 201], res.body).toContain(res.statusCode);
    return ZDeviceRegistration.parse(res.json());
  }

  async function newPlaylist(owner: TStorageUser, name: string, items: object[]) {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/playlists',
      cookie: owner.cookie,
      payload: { name, items },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZPlaylistDetail.parse(res.json()).id;
  }

  async function manifestOf(tv: string) {
    const res = await asDevice(tv, '/api/v1/player/manifest');
    expect(res.statusCode, res.body).toBe(200);
    return { etag: String(res.headers.etag), manifest: ZPlayerManifest.parse(res.json()) };
  }

  const edit = async (method: 'PATCH' | 'POST', url: string, payload: object) => {
    const res = await t.request({ method, url, cookie: ann.cookie, payload });
    expect([200, 201], res.body).toContain(res.statusCode);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ann = await signUpScreenOwner(t);
    const image = await addContent(t, ann, 'image', 'Poster');
    const video = await addContent(t, ann, 'video', 'Clip', 12_000);
    [imageId, videoId] = [image.id, video.id];
    playlist = await newPlaylist(ann, 'Mornings', [
      { id: 'a', type: 'content', contentId: imageId, kind: 'image', durationSeconds: 8 },
      { id: 'b', type: 'adSlot', lengthSeconds: 15 },
    ]);
    other = await newPlaylist(ann, 'Evenings', [
      { id: 'c', type: 'content', contentId: videoId, kind: 'video' },
    ]);
    const place = await createLocation(t, ann, { name: 'Harbour', timeZone: 'Europe/Berlin' });
    harbour = place.id;
    space = (
      await createAdSpace(t, ann, {
        locationId: place.id,
        name: 'Window',
        defaultPlaylistId: playlist,
      })
    ).id;
    ({ token, deviceId } = await register(ann, space));
  });
  afterAll(() => t.close());

  it('answers the ad space’s manifest: timeline, schedule, reachable playlists, their media, settings', async () => {
    await edit('POST', '/api/v1/schedule-entries', {
      adSpaceId: space,
      playlistId: other,
      firstDay: '2026-01-01',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '18:00',
      endTime: '22:00',
      priority: 10,
    });
    const before = Date.now();
    const { etag, manifest } = await manifestOf(token);
    const [row] = await t.app.deps.db
      .select({ contentVersion: adSpace.contentVersion })
      .from(adSpace)
      .where(eq(adSpace.id, space));
    expect(etag).toBe(`"${manifest.version}"`);
    expect(manifest.version).toMatch(new RegExp(`^v${row!.contentVersion}-[0-9a-f]{16}$`));
    expect(manifest.adSpace).toMatchObject({
      id: space,
      name: 'Window',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      contentVersion: row!.contentVersion,
      location: { name: 'Harbour', timeZone: 'Europe/Berlin' },
    });
    expect(manifest.timeZone).toBe('Europe/Berlin');
    const dayStart = Math.floor(before / DAY_MS) * DAY_MS;
    expect(manifest.timelineFromMs).toBe(dayStart);
    expect(manifest.timelineToMs).toBe(dayStart + MANIFEST_TIMELINE_DAYS * DAY_MS);
    // Back to back, from the start to the end, and both playlists take turns.
    expect(manifest.timeline[0]!.startMs).toBe(manifest.timelineFromMs);
    expect(manifest.timeline.at(-1)!.endMs).toBe(manifest.timelineToMs);
    for (const [i, segment] of manifest.timeline.entries()) {
      if (i > 0) expect(segment.startMs).toBe(manifest.timeline[i - 1]!.endMs);
    }
    expect(new Set(manifest.timeline.map((segment) => segment.playlistId))).toEqual(
      new Set([playlist, other]),
    );
    expect(manifest.schedule.defaultPlaylistId).toBe(playlist);
    expect(manifest.schedule.entries).toHaveLength(1);
    expect(manifest.playlists.map((p) => p.name).sort()).toEqual(['Evenings', 'Mornings']);
    expect(manifest.media.map((m) => m.contentId).sort()).toEqual([imageId, videoId].sort());
    const video = manifest.media.find((m) => m.contentId === videoId)!;
    expect(video).toMatchObject({ kind: 'video', contentType: 'video/mp4', durationMs: 12_000 });
    expect(video.md5).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(video.url.startsWith('/v0/b/')).toBe(true);
    const download = await t.request({ method: 'GET', url: video.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(video.sizeBytes);
    expect(manifest.adFill).toBeNull();
    expect(manifest.settings).toEqual({
      pollIntervalSeconds: 60,
      impressionSyncIntervalSeconds: 60,
      cacheCleanupIntervalSeconds: 3600,
    });
  });

  it('answers 304 to the current version without touching the database, and 200 after a change', async () => {
    const { etag, manifest } = await manifestOf(token);
    const statements = await countStatements(t.app.deps.db, async () => {
      for (let i = 0; i < 3; i += 1) {
        const res = await asDevice(token, '/api/v1/player/manifest', { 'if-none-match': etag });
        expect(res.statusCode).toBe(304);
        expect(res.headers.etag).toBe(etag);
        expect(res.body).toBe('');
        // Clients that frame by Content-Length would wait for a body a 304 never has.
        expect(Number(res.headers['content-length'] ?? 0)).toBe(0);
        expect(res.headers['content-type']).toBeUndefined();
      }
    });
    expect(statements).toBe(0);

    // A change no content-version bump names (the space renamed) still makes a new version.
    await edit('PATCH', `/api/v1/ad-spaces/${space}`, { name: 'Front window' });
    let rebuilt = 0;
    const after = await countStatements(t.app.deps.db, async () => {
      const res = await asDevice(token, '/api/v1/player/manifest', { 'if-none-match': etag });
      expect(res.statusCode).toBe(200);
      rebuilt = ZPlayerManifest.parse(res.json()).adSpace.name === 'Front window' ? 1 : 0;
    });
    expect(rebuilt).toBe(1);
    expect(after).toBeGreaterThan(0);
    // Identical content, identical version: a rebuild after an edit undone answers the old one.
    await edit('PATCH', `/api/v1/ad-spaces/${space}`, { name: 'Window' });
    const again = await manifestOf(token);
    expect(again.manifest.version).toBe(manifest.version);
  });

  it('answers a TV polling at the real cadence (60 s) with 304s and no database read (issue 19 item 1)', async () => {
    // Only Date is faked: noon tomorrow (UTC), then a minute between polls, as the TVs poll.
    // Tomorrow, so the manifest the earlier tests cached is stale and the warm poll rebuilds it
    // (noon today failed when run just before noon: that cache aged past 5 minutes mid-test).
    // Before, the device-token cache lived 30 s and every such poll read the device's row.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS + DAY_MS / 2);
      const warm = await asDevice(token, '/api/v1/player/manifest');
      expect(warm.statusCode).toBe(200);
      const etag = String(warm.headers.etag);
      const statuses: number[] = [];
      const statements = await countStatements(t.app.deps.db, async () => {
        for (let minute = 1; minute <= 4; minute += 1) {
          vi.setSystemTime(Date.now() + 60_000);
          const res = await asDevice(token, '/api/v1/player/manifest', { 'if-none-match': etag });
          statuses.push(res.statusCode);
        }
      });
      expect(statuses).toEqual([304, 304, 304, 304]);
      expect(statements).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a user session (403) and forgets a signed-out token at once, cached or not', async () => {
    const owner = await t.request({
      method: 'GET',
      url: '/api/v1/player/manifest',
      cookie: ann.cookie,
    });
    expect(owner.statusCode).toBe(403);
    const { token: tv } = await register(ann, space);
    expect((await asDevice(tv, '/api/v1/player/manifest')).statusCode).toBe(200);
    // Cached now; signing out forgets it before the sign-out answers.
    const out = await t.request({
      method: 'DELETE',
      url: '/api/v1/player/device',
      headers: { authorization: `Bearer ${tv}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await asDevice(tv, '/api/v1/player/manifest')).statusCode).toBe(401);
  });

  it('gives each TV its own ad space only, whoever else calls', async () => {
    const ben = await signUpScreenOwner(t);
    const place = await createLocation(t, ben, { name: 'Ben’s' });
    const bens = (await createAdSpace(t, ben, { locationId: place.id, name: 'Ben screen' })).id;
    const benTv = await register(ben, bens);
    const { manifest } = await manifestOf(benTv.token);
    expect(manifest.adSpace.id).toBe(bens);
    expect(manifest.playlists).toEqual([]);
    expect(manifest.media).toEqual([]);
    expect(manifest.timeline.every((segment) => segment.source === 'idle')).toBe(true);
    // Ann's TV still gets Ann's space, and the query string names nothing.
    const annsAgain = await asDevice(token, `/api/v1/player/manifest?adSpaceId=${bens}`);
    expect(ZPlayerManifest.parse(annsAgain.json()).adSpace.id).toBe(space);
  });

  it('tells an open event stream “changed” after a playlist save, a schedule entry and a default playlist change', async () => {
    const events = await openEvents(t.app, token);
    expect(events.status).toBe(200);
    expect(String(events.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    const listening = t.app.deps.playerChanges.listenerCount();

    await edit('PATCH', `/api/v1/playlists/${playlist}`, { name: 'Mornings 2' });
    await events.waitFor(PLAYER_EVENT_CHANGED, 1);
    await edit('POST', '/api/v1/schedule-entries', {
      adSpaceId: space,
      playlistId: playlist,
      firstDay: '2026-02-01',
      weekdays: [6, 7],
      startTime: '08:00',
      endTime: '10:00',
      priority: 5,
    });
    await events.waitFor(PLAYER_EVENT_CHANGED, 2);
    await edit('PATCH', `/api/v1/ad-spaces/${space}`, { defaultPlaylistId: other });
    await events.waitFor(PLAYER_EVENT_CHANGED, 3);
    // The location's name is on the TV too (its manifest), though nothing plays differently.
    await edit('PATCH', `/api/v1/locations/${harbour}`, { name: 'Harbour front' });
    await events.waitFor(PLAYER_EVENT_CHANGED, 4);
    expect(events.text()).toContain(`event: ${PLAYER_EVENT_CHANGED}\ndata: {}\n\n`);

    // Another space's change is not this TV's business.
    const place = await createLocation(t, ann, { name: 'Elsewhere' });
    const elsewhere = (await createAdSpace(t, ann, { locationId: place.id, name: 'Else' })).id;
    await edit('PATCH', `/api/v1/ad-spaces/${elsewhere}`, { name: 'Else 2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.count(PLAYER_EVENT_CHANGED)).toBe(4);

    // Re-registering the same TV revokes its old token: the stream ends and its listener goes.
    const [row] = await t.app.deps.db
      .select({ deviceKey: device.deviceKey })
      .from(device)
      .where(eq(device.id, deviceId));
    const again = await register(ann, space, row!.deviceKey);
    await events.ended();
    expect(t.app.deps.playerChanges.listenerCount()).toBe(listening - 1);
    token = again.token;
  });

  it('streams over HTTP uncompressed, and drops its listener when the TV goes away', async () => {
    const { token: tv } = await register(ann, space);
    // An instance of its own that listens on a port (and closes again within the test).
    const server = await createSiblingApp(t);
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const before = server.deps.playerChanges.listenerCount();
    const abort = new AbortController();
    const res = await fetch(`${address}/api/v1/player/events`, {
      headers: { authorization: `Bearer ${tv}`, 'accept-encoding': 'gzip, br' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = res.body!.getReader();
    const chunk: { value?: Uint8Array } = await reader.read();
    const first = new TextDecoder().decode(chunk.value);
    expect(first).toContain(': connected');
    expect(server.deps.playerChanges.listenerCount()).toBe(before + 1);
    abort.abort();
    await vi.waitFor(() => expect(server.deps.playerChanges.listenerCount()).toBe(before), {
      timeout: 5000,
    });
    // A stream still open does not hold the server's shutdown up.
    const other = await fetch(`${address}/api/v1/player/events`, {
      headers: { authorization: `Bearer ${tv}` },
    });
    expect(other.status).toBe(200);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('closes the stream of a TV whose ad space is deleted', async () => {
    const place = await createLocation(t, ann, { name: 'Pop-up' });
    const temporary = (await createAdSpace(t, ann, { locationId: place.id, name: 'Temp' })).id;
    const tv = await register(ann, temporary);
    const events = await openEvents(t.app, tv.token);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/ad-spaces/${temporary}`,
      cookie: ann.cookie,
    });
    expect(res.statusCode).toBe(204);
    await events.ended();
    expect((await asDevice(tv.token, '/api/v1/player/manifest')).statusCode).toBe(401);
  });

  it('keeps heartbeats in memory, writes them in a batch, and shows the newest on the ad spaces page', async () => {
    const { manifest } = await manifestOf(token);
    const beat = (overrides: Partial<TPlayerHeartbeat> = {}): TPlayerHeartbeat => ({
      appVersion: '0.3.1',
      manifestVersion: manifest.version,
      storage: { usedBytes: 1200, quotaBytes: 50_000_000, persisted: true },
      cache: { filesReady: 2, filesNeeded: 2, bytesReady: 1200, bytesNeeded: 1200, problem: null },
      nowPlaying: {
        playlistId: other,
        itemId: 'c',
        contentId: videoId,
        startedAt: new Date().toISOString(),
      },
      ...overrides,
    });
    const post = (payload: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/v1/player/heartbeat',
        headers: { authorization: `Bearer ${token}` },
        payload: payload as object,
      });
    const statements = await countStatements(t.app.deps.db, async () => {
      expect((await post(beat({ appVersion: '0.3.0' }))).statusCode).toBe(204);
      expect((await post(beat())).statusCode).toBe(204);
    });
    expect(statements).toBe(0);
    expect((await post({ ...beat(), extra: true })).statusCode).toBe(400);

    const flushed = await countStatements(t.app.deps.db, () => t.app.deps.playerHeartbeats.flush());
    expect(flushed).toBe(1);
    const [stored] = await t.app.deps.db.select().from(device).where(eq(device.id, deviceId));
    expect(stored!.heartbeat).toMatchObject({ appVersion: '0.3.1' });
    expect(stored!.appVersion).toBe('0.3.1');

    const get = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${space}`,
      cookie: ann.cookie,
    });
    const shown = ZAdSpace.parse(get.json());
    expect(shown.status).toBe('online');
    expect(shown.player).toMatchObject({
      deviceId,
      appVersion: '0.3.1',
      manifestVersion: manifest.version,
      isUpToDate: true,
      nowPlaying: { contentId: videoId, contentName: 'Clip', playlistId: other },
      storage: { persisted: true },
    });
    const list = await t.request({ method: 'GET', url: '/api/v1/ad-spaces', cookie: ann.cookie });
    const listed = ZAdSpaceList.parse(list.json()).items;
    expect(listed.find((item) => item.id === space)?.player?.deviceId).toBe(deviceId);
    expect(listed.filter((item) => item.id !== space).every((item) => item.player === null)).toBe(
      true,
    );

    // A change the TV has not fetched: no longer up to date.
    await edit('PATCH', `/api/v1/playlists/${other}`, { name: 'Evenings 2' });
    const later = ZAdSpace.parse(
      (
        await t.request({ method: 'GET', url: `/api/v1/ad-spaces/${space}`, cookie: ann.cookie })
      ).json(),
    );
    expect(later.player?.isUpToDate).toBe(false);

    // What is still in memory when the server stops is written on the way out.
    expect((await post(beat({ appVersion: '0.3.2' }))).statusCode).toBe(204);
    await t.restart();
    const [kept] = await t.app.deps.db.select().from(device).where(eq(device.id, deviceId));
    expect(kept!.appVersion).toBe('0.3.2');
  });

  it('lets a fleet behind one address poll every minute, and throttles one TV that hammers', async () => {
    const place = await createLocation(t, ann, { name: 'Mall' });
    const mall = (await createAdSpace(t, ann, { locationId: place.id, name: 'Mall' })).id;
    const fleet = await Promise.all(Array.from({ length: 30 }, () => register(ann, mall)));
    for (let round = 0; round < 2; round += 1) {
      for (const tv of fleet) {
        const res = await asDevice(tv.token, '/api/v1/player/manifest');
        expect(res.statusCode).toBe(200);
      }
    }
    const hammer = fleet[0]!.token;
    const statuses: number[] = [];
    for (let i = 0; i < PLAYER_RATE_LIMITS.manifest.max + 5; i += 1) {
      statuses.push((await asDevice(hammer, '/api/v1/player/manifest')).statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // The others are not held back by it.
    expect((await asDevice(fleet[1]!.token, '/api/v1/player/manifest')).statusCode).toBe(200);
  });
});
