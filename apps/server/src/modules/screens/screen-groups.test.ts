import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdSpace, ZAdSpaceList } from '@screenline/shared/ad-space';
import { ZDeviceRegistration, ZPlayerManifest } from '@screenline/shared/player';
import {
  SCHEDULE_ENTRIES_MAX,
  type TCreateScheduleEntry,
  ZPlaying,
  ZScheduleEntryList,
  ZScheduleEntryView,
} from '@screenline/shared/schedule';
import {
  type TCreateScreenGroup,
  ZBulkAdSpaceResult,
  ZScreenGroup,
} from '@screenline/shared/screen-group';
import { adSpace, scheduleEntry } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { contentVersionOf, fieldErrorsOf } from '../../../test/screen-rows';
import {
  createAdSpace,
  createLocation,
  insertPlaylist,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';

/** The wall-clock `HH:mm` of an instant in a zone. */
const localTimeOf = (epochMs: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);

describe.each(BACKENDS)('screen groups, tags and bulk actions on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  let publisher: TOwner;
  /** Ann's two screens, one in New York and one in Berlin. */
  let lobbyNy: string;
  let lobbyBerlin: string;
  let bensSpace: string;
  let menu: string;
  let fallback: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben, publisher] = [
      await signUpOwner(t),
      await signUpOwner(t),
      await signUpOwner(t, 'publisher'),
    ];
    const ny = await createLocation(t, ann, { name: 'Harbour', timeZone: 'America/New_York' });
    const berlin = await createLocation(t, ann, { name: 'Station', timeZone: 'Europe/Berlin' });
    lobbyNy = (await createAdSpace(t, ann, { locationId: ny.id, name: 'NY lobby' })).id;
    lobbyBerlin = (await createAdSpace(t, ann, { locationId: berlin.id, name: 'Berlin lobby' })).id;
    const elsewhere = await createLocation(t, ben, { name: 'Elsewhere' });
    bensSpace = (await createAdSpace(t, ben, { locationId: elsewhere.id, name: 'Ben’s' })).id;
    [menu, fallback] = [await insertPlaylist(t, ann, 'Menu'), await insertPlaylist(t, ann, 'Rest')];
  });
  afterAll(() => t.close());

  const call = (
    user: TOwner | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.request({
      method,
      url,
      cookie: user?.cookie,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function makeGroup(user: TOwner, body: TCreateScreenGroup) {
    const res = await call(user, 'POST', '/api/v1/screen-groups', body);
    expect(res.statusCode, res.body).toBe(201);
    return ZScreenGroup.parse(res.json());
  }

  const allWeek = (target: { adSpaceId: string } | { groupId: string }): TCreateScheduleEntry => ({
    ...target,
    playlistId: menu,
    firstDay: '2026-01-01',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '09:00',
    endTime: '17:00',
    priority: 10,
  });

  async function schedule(user: TOwner, body: TCreateScheduleEntry) {
    const res = await call(user, 'POST', '/api/v1/schedule-entries', body);
    expect(res.statusCode, res.body).toBe(201);
    return ZScheduleEntryView.parse(res.json());
  }

  async function playingAt(id: string, at: string) {
    const res = await call(ann, 'GET', `/api/v1/ad-spaces/${id}/playing?at=${at}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPlaying.parse(res.json());
  }

  async function manifestOf(adSpaceId: string) {
    keys += 1;
    const registered = await call(ann, 'POST', '/api/v1/player/devices', {
      deviceKey: `groups-device-key-${backend}-${keys}`,
      adSpaceId,
      userAgent: 'Groups test',
      appVersion: '0.0.0',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token } = ZDeviceRegistration.parse(registered.json());
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZPlayerManifest.parse(res.json());
  }

  it('plays a group entry on every member, each in its own location’s zone, and in each manifest', async () => {
    const group = await makeGroup(ann, {
      kind: 'static',
      name: 'Lobbies',
      adSpaceIds: [lobbyNy, lobbyBerlin],
    });
    expect(group.members.map((member) => member.name)).toEqual(['Berlin lobby', 'NY lobby']);
    const [nyBefore, berlinBefore] = [
      await contentVersionOf(t, lobbyNy),
      await contentVersionOf(t, lobbyBerlin),
    ];
    const entry = await schedule(ann, allWeek({ groupId: group.id }));
    expect(entry).toMatchObject({ adSpaceId: null, groupId: group.id, groupName: 'Lobbies' });
    // Both spaces' TVs are told: their content versions moved.
    expect(await contentVersionOf(t, lobbyNy)).toBe(nyBefore + 1);
    expect(await contentVersionOf(t, lobbyBerlin)).toBe(berlinBefore + 1);

    // 10:00 local is inside the window in both places, 18:00 local in neither.
    for (const space of [lobbyNy, lobbyBerlin]) {
      const inside = await playingAt(space, '2026-03-02T10:00');
      expect(inside).toMatchObject({ source: 'schedule', scheduleEntryId: entry.id });
      expect((await playingAt(space, '2026-03-02T18:00')).source).toBe('idle');
    }
    // 15:30 UTC on that Monday is 10:30 in New York and 16:30 in Berlin: both on; at 16:30
    // UTC, 11:30 and 17:30: only New York. The same entry, read in two zones.
    const ny = await playingAt(lobbyNy, '2026-03-02T11:30');
    const berlin = await playingAt(lobbyBerlin, '2026-03-02T17:30');
    expect(ny.at).toBe(berlin.at);
    expect(ny.source).toBe('schedule');
    expect(berlin.source).toBe('idle');

    for (const [space, zone] of [
      [lobbyNy, 'America/New_York'],
      [lobbyBerlin, 'Europe/Berlin'],
    ] as const) {
      const manifest = await manifestOf(space);
      expect(manifest.schedule.entries.map((rule) => rule.id)).toContain(entry.id);
      expect(manifest.playlists.map((playlist) => playlist.id)).toContain(menu);
      const starts = manifest.timeline.filter(
        (segment) =>
          segment.scheduleEntryId === entry.id && segment.startMs > manifest.timelineFromMs,
      );
      expect(starts.length).toBeGreaterThan(0);
      for (const segment of starts) expect(localTimeOf(segment.startMs, zone)).toBe('09:00');
    }

    // The schedule page's list of one space shows its group's entry with the group's name.
    const listed = await call(ann, 'GET', `/api/v1/schedule-entries?adSpaceId=${lobbyBerlin}`);
    expect(ZScheduleEntryList.parse(listed.json()).items.map((item) => item.id)).toContain(
      entry.id,
    );
    const space = ZAdSpace.parse((await call(ann, 'GET', `/api/v1/ad-spaces/${lobbyNy}`)).json());
    expect(space.scheduleEntryCount).toBe(1);
  });

  it('normalizes tags, filters by tag, and re-notifies a space that a tag takes into a scheduled tag group', async () => {
    const tagged = await call(ann, 'PATCH', `/api/v1/ad-spaces/${lobbyNy}`, {
      tags: ['  Menu   Boards ', 'menu boards', 'NYC'],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(ZAdSpace.parse(tagged.json()).tags).toEqual(['menu boards', 'nyc']);
    const filtered = await call(ann, 'GET', '/api/v1/ad-spaces?tag=Menu%20Boards');
    expect(ZAdSpaceList.parse(filtered.json()).items.map((item) => item.id)).toEqual([lobbyNy]);

    const group = await makeGroup(ann, { kind: 'tags', name: 'Menus', tags: ['menu boards'] });
    expect(group.members.map((member) => member.id)).toEqual([lobbyNy]);
    const entry = await schedule(ann, { ...allWeek({ groupId: group.id }), priority: 20 });

    // Berlin joins by its tag: its TV is told, and the entry plays there.
    const before = await contentVersionOf(t, lobbyBerlin);
    const bulk = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [lobbyBerlin],
      action: { kind: 'add-tag', tag: 'Menu Boards' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(ZBulkAdSpaceResult.parse(bulk.json()).notifiedAdSpaceIds).toEqual([lobbyBerlin]);
    expect(await contentVersionOf(t, lobbyBerlin)).toBe(before + 1);
    expect((await playingAt(lobbyBerlin, '2026-03-02T10:00')).scheduleEntryId).toBe(entry.id);

    // A tag no group asks for changes what nothing plays: no TV is told.
    const unrelated = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [lobbyNy, lobbyBerlin],
      action: { kind: 'add-tag', tag: 'ground floor' },
    });
    expect(ZBulkAdSpaceResult.parse(unrelated.json()).notifiedAdSpaceIds).toEqual([]);

    // And it leaves again when the tag goes.
    const removed = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [lobbyBerlin],
      action: { kind: 'remove-tag', tag: 'menu boards' },
    });
    expect(ZBulkAdSpaceResult.parse(removed.json()).notifiedAdSpaceIds).toEqual([lobbyBerlin]);
    expect((await playingAt(lobbyBerlin, '2026-03-02T10:00')).scheduleEntryId).not.toBe(entry.id);
  });

  it('refuses bad tags and a static group given tags with 400, changing nothing', async () => {
    const comma = await call(ann, 'PATCH', `/api/v1/ad-spaces/${lobbyNy}`, { tags: ['a,b'] });
    expect(comma.statusCode).toBe(400);
    const long = await call(ann, 'PATCH', `/api/v1/ad-spaces/${lobbyNy}`, {
      tags: ['x'.repeat(41)],
    });
    expect(long.statusCode).toBe(400);
    const many = await call(ann, 'PATCH', `/api/v1/ad-spaces/${lobbyNy}`, {
      tags: Array.from({ length: 21 }, (_, index) => `tag ${index}`),
    });
    expect(many.statusCode).toBe(400);
    const group = await makeGroup(ann, { kind: 'static', name: 'Static', adSpaceIds: [] });
    const res = await call(ann, 'PATCH', `/api/v1/screen-groups/${group.id}`, { tags: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res.json())[0]?.path).toBe('body.tags');
    const both = await call(ann, 'POST', '/api/v1/schedule-entries', {
      ...allWeek({ adSpaceId: lobbyNy }),
      groupId: group.id,
    });
    expect(both.statusCode).toBe(400);
  });

  it('authorizes a bulk call per space: one space of another owner’s changes none', async () => {
    const [mine] = await t.app.deps.db
      .select({ defaultPlaylistId: adSpace.defaultPlaylistId })
      .from(adSpace)
      .where(eq(adSpace.id, lobbyNy));
    const body = {
      adSpaceIds: [lobbyNy, bensSpace],
      action: { kind: 'set-default-playlist', playlistId: fallback },
    };
    const foreign = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', body);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const [after] = await t.app.deps.db
      .select({ defaultPlaylistId: adSpace.defaultPlaylistId })
      .from(adSpace)
      .where(eq(adSpace.id, lobbyNy));
    expect(after?.defaultPlaylistId).toBe(mine?.defaultPlaylistId);
    // Ben cannot reach Ann's spaces either, nor add his own to Ann's group.
    const bens = await call(ben, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [lobbyNy],
      action: { kind: 'add-tag', tag: 'mine' },
    });
    expect(bens.statusCode).toBe(404);
    const group = await makeGroup(ann, { kind: 'static', name: 'Ann only', adSpaceIds: [] });
    const intoForeignGroup = await call(ben, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [bensSpace],
      action: { kind: 'add-to-group', groupId: group.id },
    });
    expect(intoForeignGroup.statusCode).toBe(404);
    const foreignMembers = await call(ann, 'PATCH', `/api/v1/screen-groups/${group.id}`, {
      adSpaceIds: [bensSpace],
    });
    expect(foreignMembers.statusCode).toBe(404);
    expect((await call(publisher, 'POST', '/api/v1/ad-spaces/bulk', body)).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/v1/ad-spaces/bulk', body)).statusCode).toBe(401);

    // The owner's own call changes them all, and tells the TVs whose play changed.
    const own = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', {
      ...body,
      adSpaceIds: [lobbyNy, lobbyBerlin],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(ZBulkAdSpaceResult.parse(own.json()).notifiedAdSpaceIds.sort()).toEqual(
      [lobbyNy, lobbyBerlin].sort(),
    );
    for (const id of [lobbyNy, lobbyBerlin]) {
      const space = ZAdSpace.parse((await call(ann, 'GET', `/api/v1/ad-spaces/${id}`)).json());
      expect(space.defaultPlaylist?.id).toBe(fallback);
    }
  });

  it('counts group entries on each space: the per-space limit refuses a join or an entry past it', async () => {
    const place = await createLocation(t, ann, { name: 'Full' });
    const full = (await createAdSpace(t, ann, { locationId: place.id, name: 'Full' })).id;
    const spare = (await createAdSpace(t, ann, { locationId: place.id, name: 'Spare' })).id;
    const group = await makeGroup(ann, { kind: 'static', name: 'Busy', adSpaceIds: [spare] });
    await t.app.deps.db.insert(scheduleEntry).values(
      Array.from({ length: SCHEDULE_ENTRIES_MAX }, (_, index) => ({
        ownerId: ann.userId,
        groupId: group.id,
        playlistId: menu,
        firstDay: '2026-01-05',
        lastDay: null,
        weekdays: [1],
        startTime: `${String(index % 24).padStart(2, '0')}:00`,
        endTime: `${String(index % 24).padStart(2, '0')}:30`,
        priority: 10,
      })),
    );
    // The spare space is full through its group: one entry of its own is one too many.
    const own = await call(ann, 'POST', '/api/v1/schedule-entries', allWeek({ adSpaceId: spare }));
    expect(own.statusCode, own.body).toBe(400);
    expect(own.body).toContain(`at most ${SCHEDULE_ENTRIES_MAX}`);

    // The full space has one entry of its own: joining the group would make it 201.
    await schedule(ann, allWeek({ adSpaceId: full }));
    const before = await contentVersionOf(t, full);
    const join = await call(ann, 'POST', '/api/v1/ad-spaces/bulk', {
      adSpaceIds: [full],
      action: { kind: 'add-to-group', groupId: group.id },
    });
    expect(join.statusCode, join.body).toBe(400);
    const after = ZScreenGroup.parse(
      (await call(ann, 'GET', `/api/v1/screen-groups/${group.id}`)).json(),
    );
    expect(after.members.map((member) => member.id)).toEqual([spare]);
    expect(await contentVersionOf(t, full)).toBe(before);
  });

  it('re-notifies members that leave a scheduled group, and every member when it is deleted', async () => {
    const group = await makeGroup(ann, {
      kind: 'static',
      name: 'Leaving',
      adSpaceIds: [lobbyNy, lobbyBerlin],
    });
    await schedule(ann, allWeek({ groupId: group.id }));
    const [nyBefore, berlinBefore] = [
      await contentVersionOf(t, lobbyNy),
      await contentVersionOf(t, lobbyBerlin),
    ];
    const res = await call(ann, 'PATCH', `/api/v1/screen-groups/${group.id}`, {
      adSpaceIds: [lobbyNy],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await contentVersionOf(t, lobbyNy)).toBe(nyBefore);
    expect(await contentVersionOf(t, lobbyBerlin)).toBe(berlinBefore + 1);

    const deleted = await call(ann, 'DELETE', `/api/v1/screen-groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await contentVersionOf(t, lobbyNy)).toBe(nyBefore + 1);
    const entries = await call(ann, 'GET', `/api/v1/schedule-entries?groupId=${group.id}`);
    expect(entries.statusCode).toBe(404);
    expect((await call(ben, 'GET', '/api/v1/screen-groups')).json()).toEqual({ items: [] });
  });
});
