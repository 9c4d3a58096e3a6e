import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  AD_SPACE_ONLINE_WINDOW_MS,
  type TAdSpace,
  ZAdSpace,
  ZAdSpaceList,
} from '@screenline/shared/ad-space';
import { ZApiError, ZInUseDetails } from '@screenline/shared/errors';
import { ZPlaying } from '@screenline/shared/schedule';
import { adSpace, scheduleEntry } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  insertPlaylist,
  insertScheduleEntry,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';

const ZFields = z.object({ fields: z.array(z.object({ path: z.string(), message: z.string() })) });
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

describe.each(BACKENDS)('ad spaces on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  let annLocation: string;
  let benLocation: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpOwner(t), await signUpOwner(t)];
    annLocation = (await createLocation(t, ann, { name: 'Harbour', timeZone: 'America/New_York' }))
      .id;
    benLocation = (await createLocation(t, ben, { name: 'Elsewhere' })).id;
  });
  afterAll(() => t.close());

  const get = async (owner: TOwner, id: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAdSpace.parse(res.json());
  };

  const list = async (owner: TOwner, query = '') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces?${query}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAdSpaceList.parse(res.json());
  };

  const patch = (owner: TOwner, id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PATCH', url: `/api/v1/ad-spaces/${id}`, cookie: owner.cookie, payload });

  const playingAt = async (owner: TOwner, id: string, at?: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}/playing${at ? `?at=${at}` : ''}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZPlaying.parse(res.json());
  };

  const errorOf = (body: unknown) => ZApiError.parse(body).error;

  /** A space without the instant its `playing` was resolved at, which moves between calls. */
  const stable = (space: TAdSpace) => ({
    ...space,
    playing: { ...space.playing, at: undefined, localTime: undefined },
  });

  it('creates an ad space at a location with a default playlist, never connected', async () => {
    const loop = await insertPlaylist(t, ann, 'House loop');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/ad-spaces',
      cookie: ann.cookie,
      payload: {
        name: ' Front window ',
        locationId: annLocation,
        orientation: 'portrait',
        resolutionWidth: 1080,
        resolutionHeight: 1920,
        defaultPlaylistId: loop,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const space = ZAdSpace.parse(res.json());
    expect(space).toMatchObject({
      name: 'Front window',
      location: {
        id: annLocation,
        name: 'Harbour',
        timeZone: 'America/New_York',
        city: 'Springfield',
      },
      orientation: 'portrait',
      resolutionWidth: 1080,
      resolutionHeight: 1920,
      defaultPlaylist: { id: loop, name: 'House loop' },
      status: 'never-connected',
      lastSeenAt: null,
      contentVersion: 1,
      scheduleEntryCount: 0,
      playing: {
        source: 'default',
        playlistId: loop,
        playlistName: 'House loop',
        scheduleEntryId: null,
        timeZone: 'America/New_York',
      },
    });
    expect(stable(await get(ann, space.id))).toEqual(stable(space));
    const foreign = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${space.id}`,
      cookie: ben.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad input and other owners’ locations and playlists, creating nothing', async () => {
    const before = await list(ann, 'limit=100');
    const benPlaylist = await insertPlaylist(t, ben, 'Ben’s');
    const valid = {
      name: 'Screen',
      locationId: annLocation,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
    };
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: '' }, 'body.name: Enter a name.'],
      [{ ...valid, locationId: 'nope' }, 'body.locationId: Pick a location.'],
      [{ ...valid, orientation: 'diagonal' }, 'body.orientation'],
      [{ ...valid, resolutionWidth: 10 }, 'body.resolutionWidth: At least 64 pixels.'],
      [{ ...valid, resolutionHeight: 1080.5 }, 'body.resolutionHeight: Whole pixels, please.'],
      [{ ...valid, contentVersion: 7 }, 'body'],
    ];
    for (const [payload, expected] of invalid) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/ad-spaces',
        cookie: ann.cookie,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(res.json());
      const fields = ZFields.parse(error.details).fields.map((f) => `${f.path}: ${f.message}`);
      expect(
        fields.some((line) => line.startsWith(expected)),
        res.body,
      ).toBe(true);
    }
    for (const [payload, message] of [
      [{ ...valid, locationId: benLocation }, 'That location was not found.'],
      [{ ...valid, defaultPlaylistId: benPlaylist }, 'That playlist was not found.'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/ad-spaces',
        cookie: ann.cookie,
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).message).toBe(message);
    }
    expect((await list(ann, 'limit=100')).items.map(stable)).toEqual(before.items.map(stable));
  });

  it('updates an ad space, checking the ids it names, bumping the content version only when what plays changes', async () => {
    const space = await createAdSpace(t, ann, { locationId: annLocation, name: 'Counter' });
    const promo = await insertPlaylist(t, ann, 'Promo');
    const otherPlace = await createLocation(t, ann, { name: 'Annex', timeZone: 'Europe/Paris' });

    const renamed = await patch(ann, space.id, { name: 'Counter left', resolutionWidth: 1280 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZAdSpace.parse(renamed.json())).toMatchObject({
      name: 'Counter left',
      resolutionWidth: 1280,
      contentVersion: 1,
    });

    const withDefault = ZAdSpace.parse(
      (await patch(ann, space.id, { defaultPlaylistId: promo })).json(),
    );
    expect(withDefault).toMatchObject({
      defaultPlaylist: { id: promo, name: 'Promo' },
      contentVersion: 2,
    });
    // The same playlist again changes nothing the screen plays.
    expect(
      ZAdSpace.parse((await patch(ann, space.id, { defaultPlaylistId: promo })).json())
        .contentVersion,
    ).toBe(2);
    const moved = ZAdSpace.parse(
      (await patch(ann, space.id, { locationId: otherPlace.id })).json(),
    );
    expect(moved).toMatchObject({
      location: { id: otherPlace.id, timeZone: 'Europe/Paris' },
      contentVersion: 3,
    });
    const cleared = ZAdSpace.parse(
      (await patch(ann, space.id, { defaultPlaylistId: null })).json(),
    );
    expect(cleared).toMatchObject({
      defaultPlaylist: null,
      contentVersion: 4,
      playing: { source: 'idle' },
    });

    const benPlaylist = await insertPlaylist(t, ben, 'Not yours');
    for (const payload of [{ locationId: benLocation }, { defaultPlaylistId: benPlaylist }]) {
      expect((await patch(ann, space.id, payload)).statusCode).toBe(404);
    }
    expect((await patch(ann, space.id, { resolutionHeight: 20_000 })).statusCode).toBe(400);
    expect((await patch(ben, space.id, { name: 'Taken' })).statusCode).toBe(404);
    expect(stable(await get(ann, space.id))).toEqual(stable(cleared));
  });

  it('lists by name a page at a time, filtered by location, with what each plays now', async () => {
    const owner = await signUpOwner(t);
    const place = await createLocation(t, owner, { name: 'Square', timeZone: 'Asia/Tokyo' });
    const second = await createLocation(t, owner, { name: 'Park' });
    const loop = await insertPlaylist(t, owner, 'Always');
    const fallback = await insertPlaylist(t, owner, 'Fallback');
    const names = ['beta', 'Alpha', 'gamma', 'Delta'];
    const ids = new Map<string, string>();
    for (const name of names) {
      const space = await createAdSpace(t, owner, {
        locationId: name === 'Delta' ? second.id : place.id,
        name,
        defaultPlaylistId: fallback,
      });
      ids.set(name, space.id);
    }
    // Alpha plays a schedule all day every day; gamma has an entry that ended years ago.
    const always = await insertScheduleEntry(t, owner, {
      adSpaceId: ids.get('Alpha') ?? '',
      playlistId: loop,
      weekdays: EVERY_DAY,
      startTime: '00:00',
      endTime: '00:00',
    });
    await insertScheduleEntry(t, owner, {
      adSpaceId: ids.get('gamma') ?? '',
      playlistId: loop,
      weekdays: EVERY_DAY,
      startTime: '00:00',
      endTime: '00:00',
      lastDay: '2020-12-31',
    });

    const first = await list(owner, 'limit=3');
    expect(first.items.map((item) => item.name)).toEqual(['Alpha', 'beta', 'Delta']);
    expect(first.nextCursor).not.toBeNull();
    const rest = await list(owner, `limit=3&cursor=${first.nextCursor}`);
    expect(rest.items.map((item) => item.name)).toEqual(['gamma']);
    expect(rest.nextCursor).toBeNull();

    const byName = new Map([...first.items, ...rest.items].map((item) => [item.name, item]));
    expect(byName.get('Alpha')).toMatchObject({
      scheduleEntryCount: 1,
      playing: {
        source: 'schedule',
        playlistId: loop,
        playlistName: 'Always',
        scheduleEntryId: always,
      },
    });
    expect(byName.get('gamma')).toMatchObject({
      scheduleEntryCount: 1,
      playing: { source: 'default', playlistId: fallback, playlistName: 'Fallback' },
    });
    expect(byName.get('beta')?.playing.timeZone).toBe('Asia/Tokyo');

    // The page's schedule entries come in one query, whatever the page's length.
    const selects = vi.spyOn(t.app.deps.db, 'select');
    try {
      await list(owner, 'limit=1');
      const forOne = selects.mock.calls.length;
      selects.mockClear();
      await list(owner, 'limit=4');
      expect(selects.mock.calls.length).toBe(forOne);
    } finally {
      selects.mockRestore();
    }

    const inPark = await list(owner, `locationId=${second.id}`);
    expect(inPark.items.map((item) => item.name)).toEqual(['Delta']);
    expect((await list(owner, 'q=ALP')).items.map((item) => item.name)).toEqual(['Alpha']);
    const foreignFilter = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces?locationId=${benLocation}`,
      cookie: owner.cookie,
    });
    expect(foreignFilter.statusCode).toBe(404);
    const badCursor = await t.request({
      method: 'GET',
      url: '/api/v1/ad-spaces?cursor=eyJ4IjoxfQ',
      cookie: owner.cookie,
    });
    expect(badCursor.statusCode).toBe(400);
  });

  it('reads the status from the last heartbeat', async () => {
    const space = await createAdSpace(t, ann, { locationId: annLocation, name: 'Heartbeat' });
    expect(space.status).toBe('never-connected');
    const seen = async (at: Date) => {
      await t.app.deps.db.update(adSpace).set({ lastSeenAt: at }).where(eq(adSpace.id, space.id));
      return get(ann, space.id);
    };
    const recent = new Date(Date.now() - 10_000);
    expect(await seen(recent)).toMatchObject({
      status: 'online',
      lastSeenAt: recent.toISOString(),
    });
    const stale = new Date(Date.now() - AD_SPACE_ONLINE_WINDOW_MS - 60_000);
    expect(await seen(stale)).toMatchObject({ status: 'offline', lastSeenAt: stale.toISOString() });
  });

  it('refuses to delete a scheduled ad space, naming the entries, unless removeSchedule=true', async () => {
    const space = await createAdSpace(t, ann, { locationId: annLocation, name: 'Lobby' });
    const morning = await insertPlaylist(t, ann, 'Morning loop');
    const late = await insertPlaylist(t, ann, 'Late show');
    const weekdays = await insertScheduleEntry(t, ann, {
      adSpaceId: space.id,
      playlistId: morning,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '07:00',
      endTime: '11:00',
      firstDay: '2026-01-05',
    });
    const friday = await insertScheduleEntry(t, ann, {
      adSpaceId: space.id,
      playlistId: late,
      weekdays: [5],
      startTime: '22:00',
      endTime: '02:00',
      firstDay: '2026-01-09',
    });
    expect((await get(ann, space.id)).scheduleEntryCount).toBe(2);

    const remove = (query = '') =>
      t.request({
        method: 'DELETE',
        url: `/api/v1/ad-spaces/${space.id}${query}`,
        cookie: ann.cookie,
      });
    for (const query of ['', '?removeSchedule=false']) {
      const refused = await remove(query);
      expect(refused.statusCode).toBe(409);
      const error = errorOf(refused.json());
      expect(error.code).toBe('in-use');
      expect(error.message).toBe(
        '“Lobby” has 2 schedule entries: “Morning loop, Mon–Fri 07:00–11:00”, “Late show, Fri 22:00–02:00”. ' +
          'Remove them from the schedule first, or delete the ad space with its schedule.',
      );
      expect(ZInUseDetails.parse(error.details).references).toEqual([
        { kind: 'scheduleEntry', id: weekdays, name: 'Morning loop, Mon–Fri 07:00–11:00' },
        { kind: 'scheduleEntry', id: friday, name: 'Late show, Fri 22:00–02:00' },
      ]);
    }
    expect((await get(ann, space.id)).scheduleEntryCount).toBe(2);
    expect((await remove('?removeSchedule=maybe')).statusCode).toBe(400);

    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/v1/ad-spaces/${space.id}?removeSchedule=true`,
      cookie: ben.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await remove('?removeSchedule=true');
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.app.deps.db
      .select({ id: scheduleEntry.id })
      .from(scheduleEntry)
      .where(eq(scheduleEntry.adSpaceId, space.id));
    expect(left).toEqual([]);
    const gone = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${space.id}`,
      cookie: ann.cookie,
    });
    expect(gone.statusCode).toBe(404);
  });

  describe('what plays at a local time', () => {
    let space: string;
    let fallback: string;
    let earlyPlaylist: string;
    let early: string;
    let special: string;
    beforeAll(async () => {
      const place = await createLocation(t, ann, { name: 'Times', timeZone: 'America/New_York' });
      fallback = await insertPlaylist(t, ann, 'Fallback');
      earlyPlaylist = await insertPlaylist(t, ann, 'Early birds');
      const specialPlaylist = await insertPlaylist(t, ann, 'Special');
      space = (
        await createAdSpace(t, ann, {
          locationId: place.id,
          name: 'Times',
          defaultPlaylistId: fallback,
        })
      ).id;
      // Sundays 03:15–05:00: on 2026-03-08 New York skips 02:00–03:00.
      early = await insertScheduleEntry(t, ann, {
        adSpaceId: space,
        playlistId: earlyPlaylist,
        weekdays: [7],
        startTime: '03:15',
        endTime: '05:00',
        priority: 10,
      });
      // One Sunday in November, over the fall-back night, at a higher priority.
      special = await insertScheduleEntry(t, ann, {
        adSpaceId: space,
        playlistId: specialPlaylist,
        weekdays: [7],
        startTime: '01:00',
        endTime: '04:00',
        priority: 80,
        firstDay: '2026-11-01',
        lastDay: '2026-11-01',
      });
    });

    it('moves a time in the spring-forward gap forward by the gap', async () => {
      const playing = await playingAt(ann, space, '2026-03-08T02:30');
      expect(playing).toMatchObject({
        at: '2026-03-08T07:30:00.000Z',
        localTime: '2026-03-08T03:30:00',
        timeZone: 'America/New_York',
        source: 'schedule',
        playlistId: earlyPlaylist,
        playlistName: 'Early birds',
        scheduleEntryId: early,
      });
      expect(playing.explanation).toMatchObject({
        offset: '-04:00',
        requested: { localDateTime: '2026-03-08T02:30', adjustment: 'moved-forward' },
        active: [{ scheduleEntryId: early, name: 'Early birds, Sun 03:15–05:00', outcome: 'won' }],
      });
      expect(playing.explanation?.summary).toBe(
        '2026-03-08 02:30 does not exist in America/New_York (the clocks jump forward that night); ' +
          'it is read as 03:30. “Early birds” plays: “Early birds, Sun 03:15–05:00” is the only active entry.',
      );
      // A minute before the gap, the entry has not started: the default plays.
      expect(await playingAt(ann, space, '2026-03-08T01:59')).toMatchObject({
        at: '2026-03-08T06:59:00.000Z',
        source: 'default',
        playlistId: fallback,
        playlistName: 'Fallback',
        scheduleEntryId: null,
      });
    });

    it('reads a repeated fall-back time as the earlier, and the higher priority wins', async () => {
      const playing = await playingAt(ann, space, '2026-11-01T03:30');
      expect(playing).toMatchObject({
        at: '2026-11-01T08:30:00.000Z',
        source: 'schedule',
        scheduleEntryId: special,
        playlistName: 'Special',
      });
      expect(
        playing.explanation?.active.map((entry) => [entry.scheduleEntryId, entry.outcome]),
      ).toEqual([
        [special, 'won'],
        [early, 'lower-priority'],
      ]);
      expect(playing.explanation?.summary).toBe(
        '“Special” plays: “Special, Sun 01:00–04:00” wins over 1 other active entry with the highest priority (80).',
      );
      const twice = await playingAt(ann, space, '2026-11-01T01:30');
      expect(twice).toMatchObject({
        at: '2026-11-01T05:30:00.000Z',
        localTime: '2026-11-01T01:30:00',
      });
      expect(twice.explanation?.requested).toEqual({
        localDateTime: '2026-11-01T01:30',
        adjustment: 'earlier-of-two',
      });
      expect(twice.explanation?.offset).toBe('-04:00');
    });

    it('falls back to the default playlist, then to idle, and answers now without `at`', async () => {
      const monday = await playingAt(ann, space, '2026-03-09T12:00');
      expect(monday).toMatchObject({
        source: 'default',
        playlistId: fallback,
        playlistName: 'Fallback',
      });
      expect(
        monday.explanation?.inactive.map((entry) => [entry.scheduleEntryId, entry.reason]),
      ).toEqual([
        [early, 'weekday-not-listed'],
        [special, 'outside-dates'],
      ]);
      expect(monday.explanation?.summary).toBe(
        'No schedule entry is active: the default playlist “Fallback” plays.',
      );

      const bare = await createAdSpace(t, ann, { locationId: annLocation, name: 'Bare' });
      const idle = await playingAt(ann, bare.id, '2026-03-09T12:00');
      expect(idle).toMatchObject({
        source: 'idle',
        playlistId: null,
        playlistName: null,
        scheduleEntryId: null,
      });

      const before = Date.now();
      const now = await playingAt(ann, space);
      const at = Date.parse(now.at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      expect(now.explanation?.requested).toBeNull();
    });

    it('refuses a malformed or impossible time, and another owner’s space', async () => {
      for (const at of ['2026-02-30T10:00', '2026-03-08 02:30', '2026-03-08T24:00', 'now']) {
        const res = await t.request({
          method: 'GET',
          url: `/api/v1/ad-spaces/${space}/playing?at=${encodeURIComponent(at)}`,
          cookie: ann.cookie,
        });
        expect(res.statusCode, at).toBe(400);
      }
      const foreign = await t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${space}/playing?at=2026-03-09T12:00`,
        cookie: ben.cookie,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('follows the location’s time zone when it changes', async () => {
      const place = await createLocation(t, ann, { name: 'Mover', timeZone: 'Europe/London' });
      const moving = await createAdSpace(t, ann, { locationId: place.id, name: 'Mover' });
      expect((await playingAt(ann, moving.id, '2026-07-01T12:00')).at).toBe(
        '2026-07-01T11:00:00.000Z',
      );
      const res = await t.request({
        method: 'PATCH',
        url: `/api/v1/locations/${place.id}`,
        cookie: ann.cookie,
        payload: { timeZone: 'Australia/Lord_Howe' },
      });
      expect(res.statusCode).toBe(200);
      // Lord Howe is UTC+10:30 in July (its standard time).
      expect(await playingAt(ann, moving.id, '2026-07-01T12:00')).toMatchObject({
        at: '2026-07-01T01:30:00.000Z',
        timeZone: 'Australia/Lord_Howe',
      });
      expect((await get(ann, moving.id)).contentVersion).toBe(2);
    });
  });
});
