// Managing ad spaces through the API: creating, refusing bad input and other owners' ids, updating
// (the content version bumped only when what plays changes), listing, status from heartbeats,
// and deletion refused while scheduled.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  AD_SPACE_ONLINE_WINDOW_MS,
  type TAdSpace,
  ZAdSpace,
  ZAdSpaceList,
} from '@screenline/shared/ad-space';
import { ZApiError, ZInUseDetails } from '@screenline/shared/errors';
import { adSpace, scheduleEntry } from '../../db/schema/index';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  insertPlaylist,
  insertScheduleEntry,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';
import { useAdSpacesApp } from '../../../test/ad-spaces-app';

const ZFields = z.object({ fields: z.array(z.object({ path: z.string(), message: z.string() })) });
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

describe.each(BACKENDS)('ad spaces on %s', (backend) => {
  const adSpaces = useAdSpacesApp(backend);
  const { get } = adSpaces;
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  let annLocation: string;
  let benLocation: string;

  beforeAll(() => {
    ({ t, ann, ben, annLocation, benLocation } = adSpaces.world());
  });

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
});
