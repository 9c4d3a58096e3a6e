// What an ad space plays at a local time, through the API: clock changes in the location's zone
// (the spring-forward gap, the repeated fall-back hour), priorities, the default playlist and
// idle, malformed times, and a location whose time zone changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { ZPlaying } from '@screenline/shared/schedule';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  insertPlaylist,
  insertScheduleEntry,
  type TOwner,
} from '../../../test/screens-helpers';
import { useAdSpacesApp } from '../../../test/ad-spaces-app';

describe.each(BACKENDS)('ad spaces on %s', (backend) => {
  const adSpaces = useAdSpacesApp(backend);
  const { get } = adSpaces;
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  let annLocation: string;

  beforeAll(() => {
    ({ t, ann, ben, annLocation } = adSpaces.world());
  });

  const playingAt = async (owner: TOwner, id: string, at?: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}/playing${at ? `?at=${at}` : ''}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZPlaying.parse(res.json());
  };

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
