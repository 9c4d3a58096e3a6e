import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAYER_EVENT_COMMAND,
  SCREENSHOT_IMAGE_MAX_AGE_SECONDS,
  ZAdSpaceScreenshotList,
  ZDeviceCommandList,
  ZPlayerCommand,
  ZScreenshotList,
  ZTakeover,
  ZTakeoverList,
} from '@screenline/shared/fleet';
import {
  PLAYER_EVENT_CHANGED,
  ZDeviceRegistration,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { ZScreenGroup } from '@screenline/shared/screen-group';
import { deviceCommand, takeover } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { openEvents } from '../../../test/player-events';
import { popMarketplace } from '../../../test/proof-of-play-setup';
import { addContent, insertAdSpace, signUpScreenOwner } from '../../../test/screen-rows';
import type { TStorageUser } from '../../../test/storage-helpers';

/** The start of a real JPEG (SOI, APP0 "JFIF") and its end: what the server checks. */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');
let keys = 0;

describe.each(BACKENDS)('remote commands, screenshots and takeovers on %s', (backend) => {
  let t: TTestApp;
  let ann: TStorageUser;
  let bob: TStorageUser;
  let space: string;
  let tv: { deviceId: string; token: string };
  let bobTv: { deviceId: string; token: string };

  async function register(owner: TStorageUser, adSpaceId: string) {
    keys += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: `fleet-device-${keys}-abcdef`,
        adSpaceId,
        name: `TV ${keys}`,
        userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
        appVersion: '0.3.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZDeviceRegistration.parse(res.json());
  }

  const as = (owner: TStorageUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, cookie: owner.cookie, ...(payload ? { payload } : {}) });
  const asTv = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  async function sendCommand(payload: object) {
    const res = await as(ann, 'POST', '/api/v1/device-commands', payload);
    expect(res.statusCode, res.body).toBe(201);
    return ZDeviceCommandList.parse(res.json()).items;
  }
  async function commandsOf(adSpaceId = space) {
    const res = await as(ann, 'GET', `/api/v1/device-commands?adSpaceId=${adSpaceId}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDeviceCommandList.parse(res.json()).items;
  }
  const stateOf = async (id: string) => (await commandsOf()).find((c) => c.id === id)?.state;
  /** The `command` events the stream carried, parsed. */
  const commandEvents = (text: string) =>
    text
      .split('\n\n')
      .filter((block) => block.startsWith(`event: ${PLAYER_EVENT_COMMAND}\n`))
      .map((block) => ZPlayerCommand.parse(JSON.parse(block.split('data: ')[1]!)));

  /** A screen group of `owner`'s, made through the API: its id. */
  async function groupOf(
    owner: TStorageUser,
    group: { kind: 'static'; adSpaceIds: string[] } | { kind: 'tags'; tags: string[] },
  ) {
    const res = await as(owner, 'POST', '/api/v1/screen-groups', { name: 'Group', ...group });
    expect(res.statusCode, res.body).toBe(201);
    return ZScreenGroup.parse(res.json()).id;
  }
  /** A fresh space of Ann's with a TV set up on it. */
  async function spaceWithTv(name: string) {
    const adSpaceId = await insertAdSpace(t, ann.userId, { name });
    return { adSpaceId, tv: await register(ann, adSpaceId) };
  }
  const tagSpace = async (adSpaceId: string, tags: string[]) => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/ad-spaces/${adSpaceId}`,
      cookie: ann.cookie,
      payload: { tags },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ann = await signUpScreenOwner(t);
    bob = await signUpScreenOwner(t);
    space = await insertAdSpace(t, ann.userId, { name: 'Lobby' });
    tv = await register(ann, space);
    bobTv = await register(bob, await insertAdSpace(t, bob.userId));
  });
  afterAll(() => t.close());

  describe('commands', () => {
    it('reach an online TV at once and move sent → delivered → done with its acknowledgements', async () => {
      const events = await openEvents(t.app, tv.token);
      expect(events.status).toBe(200);
      // Counted first: the event may arrive before the answer does.
      const before = events.count(PLAYER_EVENT_COMMAND);
      const [command] = await sendCommand({ kind: 'identify', adSpaceIds: [space] });
      expect(command).toMatchObject({ kind: 'identify', state: 'sent', deviceId: tv.deviceId });
      await events.waitFor(PLAYER_EVENT_COMMAND, before + 1);
      expect(commandEvents(events.text()).map((c) => c.id)).toContain(command!.id);

      const ack = (state: string, token = tv.token) =>
        asTv(token, 'POST', `/api/v1/player/commands/${command!.id}/ack`, { state });
      expect((await ack('delivered')).statusCode).toBe(204);
      expect(await stateOf(command!.id)).toBe('delivered');
      // Another owner's TV cannot acknowledge it: the same 404 as a missing one.
      expect((await ack('done', bobTv.token)).statusCode).toBe(404);
      expect((await ack('done')).statusCode).toBe(204);
      const [done] = (await commandsOf()).filter((c) => c.id === command!.id);
      expect(done).toMatchObject({ state: 'done' });
      expect(done!.deliveredAt).not.toBeNull();
      expect(done!.finishedAt).not.toBeNull();
      // A late or repeated acknowledgement changes nothing.
      expect((await ack('delivered')).statusCode).toBe(204);
      expect(await stateOf(command!.id)).toBe('done');
      events.close();
    });

    it('wait for an offline TV and are sent when its stream opens; expired ones are not', async () => {
      const [waiting] = await sendCommand({ kind: 'refresh', deviceIds: [tv.deviceId] });
      const [stale] = await sendCommand({ kind: 'reload', adSpaceIds: [space] });
      await t.app.deps.db
        .update(deviceCommand)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(deviceCommand.id, stale!.id));
      expect(await stateOf(stale!.id)).toBe('expired');

      const events = await openEvents(t.app, tv.token);
      await events.waitFor(PLAYER_EVENT_COMMAND, 1);
      const sent = commandEvents(events.text()).map((c) => c.id);
      expect(sent).toContain(waiting!.id);
      expect(sent).not.toContain(stale!.id);
      events.close();

      // Not acknowledged: the next connection sends it again.
      const again = await openEvents(t.app, tv.token);
      await again.waitFor(PLAYER_EVENT_COMMAND, 1);
      expect(commandEvents(again.text()).map((c) => c.id)).toContain(waiting!.id);
      await asTv(tv.token, 'POST', `/api/v1/player/commands/${waiting!.id}/ack`, {
        state: 'failed',
        problem: 'No network',
      });
      again.close();
      const failed = (await commandsOf()).find((c) => c.id === waiting!.id);
      expect(failed).toMatchObject({ state: 'failed', problem: 'No network' });
    });

    it('refuse bad input and spaces without a TV, storing nothing', async () => {
      const before = (await commandsOf()).length;
      const bad = await as(ann, 'POST', '/api/v1/device-commands', {
        kind: 'self-destruct',
        adSpaceIds: [space],
      });
      expect(bad.statusCode).toBe(400);
      const none = await as(ann, 'POST', '/api/v1/device-commands', { kind: 'refresh' });
      expect(none.statusCode).toBe(400);
      const empty = await insertAdSpace(t, ann.userId, { name: 'No TV yet' });
      const noTv = await as(ann, 'POST', '/api/v1/device-commands', {
        kind: 'refresh',
        adSpaceIds: [empty],
      });
      expect(noTv.statusCode).toBe(409);
      const foreign = await as(ann, 'POST', '/api/v1/device-commands', {
        kind: 'refresh',
        deviceIds: [bobTv.deviceId],
      });
      expect(foreign.statusCode).toBe(404);
      expect(await commandsOf()).toHaveLength(before);
    });
  });

  describe('commands to a group', () => {
    it('reach each member’s TV once, with the spaces also named', async () => {
      const hall = await spaceWithTv('Hall');
      const bar = await spaceWithTv('Bar');
      const outside = await spaceWithTv('Outside the group');
      const group = await groupOf(ann, {
        kind: 'static',
        adSpaceIds: [hall.adSpaceId, bar.adSpaceId],
      });
      const events = await openEvents(t.app, bar.tv.token);
      const before = events.count(PLAYER_EVENT_COMMAND);
      // The hall is named twice (itself and through the group): its TV gets one command.
      const sent = await sendCommand({
        kind: 'identify',
        adSpaceIds: [hall.adSpaceId],
        groupIds: [group],
      });
      expect(sent.map((command) => command.deviceId).sort()).toEqual(
        [hall.tv.deviceId, bar.tv.deviceId].sort(),
      );
      await events.waitFor(PLAYER_EVENT_COMMAND, before + 1);
      expect(commandEvents(events.text()).map((c) => c.id)).toContain(
        sent.find((command) => command.deviceId === bar.tv.deviceId)!.id,
      );
      events.close();
      expect(await commandsOf(outside.adSpaceId)).toEqual([]);
    });

    it('reach the spaces a tag group holds when the command is sent', async () => {
      const first = await spaceWithTv('Berlin one');
      const later = await spaceWithTv('Berlin two');
      await tagSpace(first.adSpaceId, ['berlin']);
      const group = await groupOf(ann, { kind: 'tags', tags: ['berlin'] });
      const once = await sendCommand({ kind: 'refresh', groupIds: [group] });
      expect(once.map((command) => command.deviceId)).toEqual([first.tv.deviceId]);
      // A space tagged afterwards is a member at the next send.
      await tagSpace(later.adSpaceId, ['berlin', 'lobby']);
      const twice = await sendCommand({ kind: 'refresh', groupIds: [group] });
      expect(twice.map((command) => command.deviceId).sort()).toEqual(
        [first.tv.deviceId, later.tv.deviceId].sort(),
      );
    });

    it('refuse another owner’s group with 404 and store nothing, even beside the owner’s own spaces', async () => {
      const own = await spaceWithTv('Own');
      const bobsSpace = await insertAdSpace(t, bob.userId);
      await register(bob, bobsSpace);
      const bobsGroup = await groupOf(bob, { kind: 'static', adSpaceIds: [bobsSpace] });
      const res = await as(ann, 'POST', '/api/v1/device-commands', {
        kind: 'reload',
        adSpaceIds: [own.adSpaceId],
        groupIds: [bobsGroup],
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found' } });
      expect(await commandsOf(own.adSpaceId)).toEqual([]);
      const bobs = await as(bob, 'GET', `/api/v1/device-commands?adSpaceId=${bobsSpace}`);
      expect(ZDeviceCommandList.parse(bobs.json()).items).toEqual([]);
      // Too many groups, or not ids: 400.
      const many = Array.from({ length: 51 }, () => bobsGroup);
      for (const groupIds of [many, ['not-an-id']]) {
        const bad = await as(ann, 'POST', '/api/v1/device-commands', { kind: 'reload', groupIds });
        expect(bad.statusCode, bad.body).toBe(400);
      }
    });
  });

  describe('screenshots', () => {
    it('keeps the newest of each TV, finishes the command that asked, and says when capture failed', async () => {
      const [command] = await sendCommand({ kind: 'screenshot', adSpaceIds: [space] });
      const upload = await asTv(tv.token, 'POST', '/api/v1/player/screenshot', {
        jpegBase64: JPEG,
        commandId: command!.id,
      });
      expect(upload.statusCode, upload.body).toBe(204);
      expect(await stateOf(command!.id)).toBe('done');
      const shots = async () => {
        const res = await as(ann, 'GET', `/api/v1/ad-spaces/${space}/screenshots`);
        expect(res.statusCode, res.body).toBe(200);
        return ZScreenshotList.parse(res.json()).items;
      };
      expect(await shots()).toEqual([
        expect.objectContaining({
          deviceId: tv.deviceId,
          imageUrl: `data:image/jpeg;base64,${JPEG}`,
          problem: null,
        }),
      ]);

      const [second] = await sendCommand({ kind: 'screenshot', adSpaceIds: [space] });
      const problem = 'The video would not draw into the canvas.';
      await asTv(tv.token, 'POST', '/api/v1/player/screenshot', { problem, commandId: second!.id });
      expect(await stateOf(second!.id)).toBe('failed');
      expect(await shots()).toEqual([expect.objectContaining({ imageUrl: null, problem })]);

      // Not a JPEG, or too large: 400, and the last one stays.
      const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
      expect(
        (await asTv(tv.token, 'POST', '/api/v1/player/screenshot', { jpegBase64: png })).statusCode,
      ).toBe(400);
      const huge = 'A'.repeat(300_000);
      expect(
        (await asTv(tv.token, 'POST', '/api/v1/player/screenshot', { jpegBase64: huge }))
          .statusCode,
      ).toBe(400);
      expect(await shots()).toEqual([expect.objectContaining({ problem })]);
      // Another owner's space: 404.
      const foreign = await as(bob, 'GET', `/api/v1/ad-spaces/${space}/screenshots`);
      expect(foreign.statusCode).toBe(404);
    });

    it('list the newest of each space without its bytes, and serve the image privately cached with an ETag', async () => {
      const lounge = await spaceWithTv('Lounge');
      const never = await spaceWithTv('Never captured');
      const list = async (owner = ann) => {
        const res = await as(owner, 'GET', '/api/v1/screenshots');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain(JPEG);
        return ZAdSpaceScreenshotList.parse(res.json()).items;
      };
      const image = (url: string, owner = ann, headers: Record<string, string> = {}) =>
        t.request({ method: 'GET', url, cookie: owner.cookie, headers });
      await asTv(lounge.tv.token, 'POST', '/api/v1/player/screenshot', { jpegBase64: JPEG });

      const entry = (await list()).find((item) => item.adSpaceId === lounge.adSpaceId)!;
      expect(entry).toMatchObject({ deviceId: lounge.tv.deviceId, problem: null });
      expect(entry.imageUrl).toBe(
        `/api/v1/ad-spaces/${lounge.adSpaceId}/screenshot.jpg?v=${Date.parse(entry.takenAt)}`,
      );
      expect((await list()).map((item) => item.adSpaceId)).not.toContain(never.adSpaceId);

      const res = await image(entry.imageUrl!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe(
        `private, max-age=${SCREENSHOT_IMAGE_MAX_AGE_SECONDS}`,
      );
      expect(res.headers['last-modified']).toBe(new Date(entry.takenAt).toUTCString());
      expect(res.rawPayload.equals(Buffer.from(JPEG, 'base64'))).toBe(true);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await image(entry.imageUrl!, ann, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);

      // A failed capture replaces it: the list says why, and there is no image to serve.
      await asTv(lounge.tv.token, 'POST', '/api/v1/player/screenshot', { problem: 'Tainted.' });
      expect((await list()).find((item) => item.adSpaceId === lounge.adSpaceId)).toMatchObject({
        imageUrl: null,
        problem: 'Tainted.',
      });
      expect((await image(entry.imageUrl!)).statusCode).toBe(404);
      expect((await image(`/api/v1/ad-spaces/${never.adSpaceId}/screenshot.jpg`)).statusCode).toBe(
        404,
      );

      // Bob sees none of Ann's, and Ann's image is a 404 for him.
      await asTv(lounge.tv.token, 'POST', '/api/v1/player/screenshot', { jpegBase64: JPEG });
      expect((await list(bob)).map((item) => item.adSpaceId)).not.toContain(lounge.adSpaceId);
      const path = `/api/v1/ad-spaces/${lounge.adSpaceId}/screenshot.jpg`;
      expect((await image(path)).statusCode).toBe(200);
      const refused = await image(path, bob);
      expect(refused.statusCode).toBe(404);
      // A refusal keeps the API's no-store: only the image itself is cached.
      expect(refused.headers['cache-control']).toBe('no-store');
      expect((await image('/api/v1/ad-spaces/not-an-id/screenshot.jpg')).statusCode).toBe(400);
    });
  });

  describe('takeovers', () => {
    const manifestOf = async (token: string) =>
      ZPlayerManifest.parse((await asTv(token, 'GET', '/api/v1/player/manifest')).json());

    it('reach the TV in its manifest with a `changed` event, log where they showed, and end for everyone', async () => {
      const events = await openEvents(t.app, tv.token);
      const changed = events.count(PLAYER_EVENT_CHANGED);
      const res = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        message: 'Please leave the building by the nearest exit.',
        adSpaceIds: [space],
        durationMinutes: 30,
      });
      expect(res.statusCode, res.body).toBe(201);
      const started = ZTakeover.parse(res.json());
      expect(started).toMatchObject({ isActive: true, adSpaces: [{ id: space, name: 'Lobby' }] });
      expect(started.startedBy.id).toBe(ann.userId);
      await events.waitFor(PLAYER_EVENT_CHANGED, changed + 1);

      const manifest = await manifestOf(tv.token);
      expect(manifest.takeover).toMatchObject({
        id: started.id,
        kind: 'message',
        message: 'Please leave the building by the nearest exit.',
      });
      expect(manifest.takeover!.endMs - manifest.takeover!.startMs).toBe(30 * 60_000);
      // A TV of another space (or owner) has none, and cannot say it showed it.
      expect((await manifestOf(bobTv.token)).takeover ?? null).toBeNull();
      const shown = (token: string) =>
        asTv(token, 'POST', `/api/v1/player/takeovers/${started.id}/shown`);
      expect((await shown(bobTv.token)).statusCode).toBe(404);
      expect((await shown(tv.token)).statusCode).toBe(204);
      expect((await shown(tv.token)).statusCode).toBe(204);

      const ended = await as(ann, 'POST', `/api/v1/takeovers/${started.id}/end`);
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ZTakeover.parse(ended.json())).toMatchObject({ isActive: false });
      expect((await manifestOf(tv.token)).takeover ?? null).toBeNull();
      await events.waitFor(PLAYER_EVENT_CHANGED, changed + 2);
      events.close();

      const log = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json());
      const entry = log.items.find((item) => item.id === started.id)!;
      expect(entry.shownOn).toEqual([expect.objectContaining({ deviceId: tv.deviceId })]);
      expect(entry.endedAt).not.toBeNull();
      // Bob sees none of Ann's, and cannot end them.
      const bobs = ZTakeoverList.parse((await as(bob, 'GET', '/api/v1/takeovers')).json());
      expect(bobs.items.map((item) => item.id)).not.toContain(started.id);
      expect((await as(bob, 'POST', `/api/v1/takeovers/${started.id}/end`)).statusCode).toBe(404);
    });

    it('cover every screen of the owner, bring their image along, and stop when they expire', async () => {
      const image = await addContent(t, ann, 'image', 'Closed today');
      const res = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'image',
        contentId: image.id,
        allAdSpaces: true,
        durationMinutes: 5,
      });
      expect(res.statusCode, res.body).toBe(201);
      const started = ZTakeover.parse(res.json());
      expect(started.adSpaces.map((s) => s.id)).toContain(space);
      const manifest = await manifestOf(tv.token);
      expect(manifest.takeover).toMatchObject({
        id: started.id,
        kind: 'image',
        contentId: image.id,
      });
      expect(manifest.media.map((m) => m.contentId)).toContain(image.id);

      await t.app.deps.db
        .update(takeover)
        .set({
          startedAt: sql`now() - interval '10 minutes'`,
          endsAt: sql`now() - interval '1 second'`,
        })
        .where(eq(takeover.id, started.id));
      t.app.deps.playerChanges.publishContent([space]);
      expect((await manifestOf(tv.token)).takeover ?? null).toBeNull();
      const log = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json());
      expect(log.items.find((item) => item.id === started.id)).toMatchObject({ isActive: false });
    });

    it('go to the members of a group, logging the spaces they went to; another owner’s group is a 404', async () => {
      const front = await spaceWithTv('Front');
      const back = await spaceWithTv('Back');
      const aside = await spaceWithTv('Aside');
      const group = await groupOf(ann, {
        kind: 'static',
        adSpaceIds: [front.adSpaceId, back.adSpaceId],
      });
      const res = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        message: 'Closing in 10 minutes.',
        groupIds: [group],
        durationMinutes: 15,
      });
      expect(res.statusCode, res.body).toBe(201);
      const started = ZTakeover.parse(res.json());
      expect(started.adSpaces.map((s) => s.name)).toEqual(['Back', 'Front']);
      expect((await manifestOf(front.tv.token)).takeover?.id).toBe(started.id);
      expect((await manifestOf(back.tv.token)).takeover?.id).toBe(started.id);
      expect((await manifestOf(aside.tv.token)).takeover ?? null).toBeNull();
      // The log keeps where it went even after the group changes.
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/screen-groups/${group}`,
        cookie: ann.cookie,
        payload: { adSpaceIds: [aside.adSpaceId] },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const log = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json());
      expect(log.items.find((item) => item.id === started.id)!.adSpaces.map((s) => s.id)).toEqual([
        back.adSpaceId,
        front.adSpaceId,
      ]);
      await as(ann, 'POST', `/api/v1/takeovers/${started.id}/end`);

      const before = log.items.length;
      const bobsGroup = await groupOf(bob, {
        kind: 'static',
        adSpaceIds: [await insertAdSpace(t, bob.userId)],
      });
      const foreign = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        message: 'Not yours',
        adSpaceIds: [aside.adSpaceId],
        groupIds: [bobsGroup],
        durationMinutes: 5,
      });
      expect(foreign.statusCode, foreign.body).toBe(404);
      const empty = await groupOf(ann, { kind: 'tags', tags: ['nowhere'] });
      const none = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        message: 'Nobody',
        groupIds: [empty],
        durationMinutes: 5,
      });
      expect(none.statusCode, none.body).toBe(409);
      const after = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json());
      expect(after.items).toHaveLength(before);
      expect((await manifestOf(aside.tv.token)).takeover ?? null).toBeNull();
    });

    it('refuse what is missing or not the owner’s, starting nothing', async () => {
      const before = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json()).items;
      const noMessage = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        adSpaceIds: [space],
        durationMinutes: 5,
      });
      expect(noMessage.statusCode).toBe(400);
      const noScreens = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'message',
        message: 'Hello',
        durationMinutes: 5,
      });
      expect(noScreens.statusCode).toBe(400);
      const bobsImage = await addContent(t, bob, 'image', 'Not Ann’s');
      const foreignImage = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'image',
        contentId: bobsImage.id,
        adSpaceIds: [space],
        durationMinutes: 5,
      });
      expect(foreignImage.statusCode).toBe(404);
      const video = await addContent(t, ann, 'video', 'A clip');
      const notImage = await as(ann, 'POST', '/api/v1/takeovers', {
        kind: 'image',
        contentId: video.id,
        adSpaceIds: [space],
        durationMinutes: 5,
      });
      expect(notImage.statusCode).toBe(400);
      const after = ZTakeoverList.parse((await as(ann, 'GET', '/api/v1/takeovers')).json()).items;
      expect(after).toHaveLength(before.length);
    });
  });
});

describe.each(BACKENDS)('billing during a takeover on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('refuses ad plays that start during it (stored, unbilled, reason takeover) and bills only the part before it', async () => {
    const m = await popMarketplace(t);
    const screen = await m.newScreen();
    const campaignId = await m.campaignOn(screen);
    await m.serve(screen);
    const before = m.play(screen, campaignId);
    // The takeover begins 4 s into the next play and lasts past the one after it.
    const runsInto = m.play(screen, campaignId);
    const during = m.play(screen, campaignId);
    const startMs = Date.parse(runsInto.startedAt) + 4_000;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/takeovers',
      cookie: m.owner.cookie,
      payload: {
        kind: 'message',
        message: 'Closed',
        adSpaceIds: [screen.adSpaceId],
        durationMinutes: 60,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = ZTakeover.parse(res.json()).id;
    await t.app.deps.db
      .update(takeover)
      .set({ startedAt: new Date(startMs) })
      .where(eq(takeover.id, id));
    // Plays without a campaign (the takeover itself, the owner's content) have no verdict.
    const own = m.play(screen, null);
    const batch = [before, runsInto, during, own];
    expect((await m.sent(screen, batch)).accepted).toHaveLength(4);
    const rows = await m.verdicts(batch);
    expect(rows.map((row) => row.verdict)).toEqual(['billed', 'billed', 'takeover', null]);
    // 10 s at the campaign's bid for the first; only the 4 s before the takeover for the second.
    expect(rows[1]!.billed * 10).toBe(rows[0]!.billed * 4);
    expect(rows[2]!.billed).toBe(0);
  });
});
