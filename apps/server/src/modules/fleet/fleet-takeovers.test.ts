// Takeovers through the API: shown on the owner's TVs through their manifests, on every screen or a
// group's, logged and ended; and ad plays during one refused at settlement.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTakeover, ZTakeoverList } from '@screenline/shared/fleet';
import { PLAYER_EVENT_CHANGED, ZPlayerManifest } from '@screenline/shared/player';
import { takeover } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { openEvents } from '../../../test/player-events';
import { popMarketplace } from '../../../test/proof-of-play-setup';
import { addContent, insertAdSpace } from '../../../test/screen-rows';
import { useFleetApp } from '../../../test/fleet-app';
import type { TStorageUser } from '../../../test/storage-helpers';

describe.each(BACKENDS)('takeovers on %s', (backend) => {
  const fleet = useFleetApp(backend);
  const { as, asTv, groupOf, spaceWithTv } = fleet;
  let t: TTestApp;
  let ann: TStorageUser;
  let bob: TStorageUser;
  let space: string;
  let tv: { deviceId: string; token: string };
  let bobTv: { deviceId: string; token: string };

  beforeAll(() => {
    ({ t, ann, bob, space, tv, bobTv } = fleet.world());
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
