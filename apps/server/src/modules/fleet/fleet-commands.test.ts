// Remote commands and screenshots through the API: commands to a TV online or offline, to a group's
// members, refused ones storing nothing; screenshots kept per TV, listed per space and served.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLAYER_EVENT_COMMAND,
  SCREENSHOT_IMAGE_MAX_AGE_SECONDS,
  ZAdSpaceScreenshotList,
  ZDeviceCommandList,
  ZPlayerCommand,
  ZScreenshotList,
} from '@screenline/shared/fleet';
import { deviceCommand } from '../../db/schema/index';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import { openEvents } from '../../../test/player-events';
import { insertAdSpace } from '../../../test/screen-rows';
import { useFleetApp } from '../../../test/fleet-app';
import type { TStorageUser } from '../../../test/storage-helpers';

/** The start of a real JPEG (SOI, APP0 "JFIF") and its end: what the server checks. */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');

describe.each(BACKENDS)('remote commands and screenshots on %s', (backend) => {
  const fleet = useFleetApp(backend);
  const { register, as, asTv, groupOf, spaceWithTv } = fleet;
  let t: TTestApp;
  let ann: TStorageUser;
  let bob: TStorageUser;
  let space: string;
  let tv: { deviceId: string; token: string };
  let bobTv: { deviceId: string; token: string };

  beforeAll(() => {
    ({ t, ann, bob, space, tv, bobTv } = fleet.world());
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
  const tagSpace = async (adSpaceId: string, tags: string[]) => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/ad-spaces/${adSpaceId}`,
      cookie: ann.cookie,
      payload: { tags },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

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
});
