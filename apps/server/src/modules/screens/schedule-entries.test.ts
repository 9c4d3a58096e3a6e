import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import {
  SCHEDULE_ENTRIES_MAX,
  type TCreateScheduleEntry,
  type TScheduleEntryView,
  ZScheduleEntryList,
  ZScheduleEntryView,
} from '@screenline/shared/schedule';
import { scheduleEntry } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  contentVersionOf,
  fieldErrorsOf,
  insertAdSpace,
  signUpScreenOwner,
} from '../../../test/screen-rows';
import type { TStorageUser } from '../../../test/storage-helpers';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('schedule entries on %s', (backend) => {
  let t: TTestApp;
  let ann: TStorageUser;
  let ben: TStorageUser;
  let morning: string;
  let evening: string;
  let bensPlaylist: string;
  let bensSpace: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpScreenOwner(t), await signUpScreenOwner(t)];
    [morning, evening, bensPlaylist] = await Promise.all([
      playlistOf(ann, 'Morning'),
      playlistOf(ann, 'Evening'),
      playlistOf(ben, 'Ben’s'),
    ]);
    bensSpace = await insertAdSpace(t, ben.userId);
  });
  afterAll(() => t.close());

  const call = (
    user: TStorageUser | null,
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

  async function playlistOf(user: TStorageUser, name: string): Promise<string> {
    const res = await call(user, 'POST', '/api/v1/playlists', {
      name,
      items: [{ id: 'slot', type: 'adSlot', lengthSeconds: 30 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZPlaylistDetail.parse(res.json()).id;
  }

  const weekdayMornings = (adSpaceId: string): TCreateScheduleEntry => ({
    adSpaceId,
    playlistId: morning,
    firstDay: '2026-01-05',
    weekdays: [5, 1, 3, 2, 4],
    startTime: '07:00',
    endTime: '11:00',
    priority: 10,
  });

  async function createEntry(
    user: TStorageUser,
    payload: TCreateScheduleEntry,
  ): Promise<TScheduleEntryView> {
    const res = await call(user, 'POST', '/api/v1/schedule-entries', payload);
    expect(res.statusCode, res.body).toBe(201);
    return ZScheduleEntryView.parse(res.json());
  }

  async function list(user: TStorageUser, query: string) {
    const res = await call(user, 'GET', `/api/v1/schedule-entries?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZScheduleEntryList.parse(res.json());
  }

  const errorOf = (body: unknown) => ZApiError.parse(body).error;

  it('answers 401 signed out on every route', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const entry = await createEntry(ann, weekdayMornings(space));
    for (const [method, url, payload] of [
      ['GET', '/api/v1/schedule-entries', undefined],
      ['POST', '/api/v1/schedule-entries', weekdayMornings(space)],
      ['GET', `/api/v1/schedule-entries/${entry.id}`, undefined],
      ['PATCH', `/api/v1/schedule-entries/${entry.id}`, { priority: 1 }],
      ['DELETE', `/api/v1/schedule-entries/${entry.id}`, undefined],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await list(ann, `adSpaceId=${space}`)).items).toHaveLength(1);
  });

  it(`refuses an ad space’s entry past ${SCHEDULE_ENTRIES_MAX} with 400 and stores nothing`, async () => {
    const space = await insertAdSpace(t, ann.userId);
    // Straight into the table up to the limit (the route is what is under test).
    await t.app.deps.db.insert(scheduleEntry).values(
      Array.from({ length: SCHEDULE_ENTRIES_MAX }, (_, index) => ({
        ownerId: ann.userId,
        adSpaceId: space,
        playlistId: morning,
        firstDay: '2026-01-05',
        lastDay: null,
        weekdays: [1],
        startTime: `${String(index % 24).padStart(2, '0')}:00`,
        endTime: `${String(index % 24).padStart(2, '0')}:30`,
        priority: 10,
      })),
    );
    const res = await call(ann, 'POST', '/api/v1/schedule-entries', weekdayMornings(space));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.json()).message).toContain(`at most ${SCHEDULE_ENTRIES_MAX}`);
    const [count] = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduleEntry)
      .where(eq(scheduleEntry.adSpaceId, space));
    expect(Number(count?.n)).toBe(SCHEDULE_ENTRIES_MAX);
  });

  it('creates an entry with the playlist’s name and bumps the space’s content version', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const other = await insertAdSpace(t, ann.userId);
    const [before, otherBefore] = [
      await contentVersionOf(t, space),
      await contentVersionOf(t, other),
    ];
    const entry = await createEntry(ann, weekdayMornings(space));
    expect(entry).toMatchObject({
      adSpaceId: space,
      playlistId: morning,
      playlistName: 'Morning',
      firstDay: '2026-01-05',
      lastDay: null,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '07:00',
      endTime: '11:00',
      priority: 10,
    });
    expect(entry.updatedAt).toBe(entry.createdAt);
    expect(await contentVersionOf(t, space)).toBe(before + 1);
    expect(await contentVersionOf(t, other)).toBe(otherBefore);

    const got = await call(ann, 'GET', `/api/v1/schedule-entries/${entry.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(entry);

    // A window that crosses midnight, with an end day.
    const night = await createEntry(ann, {
      ...weekdayMornings(space),
      playlistId: evening,
      lastDay: '2026-01-05',
      weekdays: [5],
      startTime: '22:00',
      endTime: '02:00',
    });
    expect(night).toMatchObject({ lastDay: '2026-01-05', playlistName: 'Evening' });
    expect(await contentVersionOf(t, space)).toBe(before + 2);
  });

  it('refuses invalid entries with 400 and field messages, and changes nothing', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const version = await contentVersionOf(t, space);
    const valid = weekdayMornings(space);
    for (const [payload, path, message] of [
      [{ ...valid, firstDay: '2026-02-30' }, 'body.firstDay', 'Not a day of the calendar.'],
      [
        { ...valid, lastDay: '2026-01-04' },
        'body.lastDay',
        'The last day cannot be before the first day.',
      ],
      [{ ...valid, weekdays: [] }, 'body.weekdays', 'Pick at least one weekday.'],
      [{ ...valid, weekdays: [1, 1] }, 'body.weekdays', 'Each weekday once.'],
      [{ ...valid, weekdays: [8] }, 'body.weekdays.0', undefined],
      [{ ...valid, startTime: '24:00' }, 'body.startTime', 'Use HH:mm, from 00:00 to 23:59.'],
      [{ ...valid, endTime: '7:00' }, 'body.endTime', 'Use HH:mm, from 00:00 to 23:59.'],
      [{ ...valid, priority: 101 }, 'body.priority', 'From 0 to 100.'],
      [{ ...valid, priority: 1.5 }, 'body.priority', 'A whole number, please.'],
      [{ ...valid, colour: 'red' }, 'body', undefined],
      [{ ...valid, playlistId: undefined }, 'body.playlistId', undefined],
    ] as const) {
      const res = await call(ann, 'POST', '/api/v1/schedule-entries', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(res.json());
      expect(error.code).toBe('validation-failed');
      const field = fieldErrorsOf(res.json()).find((candidate) => candidate.path === path);
      expect(field, JSON.stringify(payload)).toBeDefined();
      if (message !== undefined) expect(field?.message).toBe(message);
    }
    expect((await list(ann, `adSpaceId=${space}`)).items).toEqual([]);
    expect(await contentVersionOf(t, space)).toBe(version);
  });

  it('answers 404 for another owner’s or missing ad spaces, playlists and entries, and changes nothing', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const version = await contentVersionOf(t, space);
    const bensVersion = await contentVersionOf(t, bensSpace);
    for (const payload of [
      { ...weekdayMornings(space), playlistId: bensPlaylist },
      { ...weekdayMornings(space), playlistId: MISSING },
      { ...weekdayMornings(bensSpace) },
      { ...weekdayMornings('not-a-uuid') },
    ]) {
      const res = await call(ann, 'POST', '/api/v1/schedule-entries', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(errorOf(res.json()).code).toBe('not-found');
    }
    expect((await list(ann, `adSpaceId=${space}`)).items).toEqual([]);
    expect(await contentVersionOf(t, space)).toBe(version);
    expect(await contentVersionOf(t, bensSpace)).toBe(bensVersion);

    const bensEntry = await createEntry(ben, {
      ...weekdayMornings(bensSpace),
      playlistId: bensPlaylist,
    });
    const mine = await createEntry(ann, weekdayMornings(space));
    for (const [method, url, payload] of [
      ['GET', `/api/v1/schedule-entries/${bensEntry.id}`, undefined],
      ['PATCH', `/api/v1/schedule-entries/${bensEntry.id}`, { priority: 99 }],
      ['DELETE', `/api/v1/schedule-entries/${bensEntry.id}`, undefined],
      ['GET', `/api/v1/schedule-entries/${MISSING}`, undefined],
      ['GET', `/api/v1/schedule-entries?adSpaceId=${bensSpace}`, undefined],
      ['GET', `/api/v1/schedule-entries?playlistId=${bensPlaylist}`, undefined],
      // Pointing one's own entry at someone else's playlist.
      ['PATCH', `/api/v1/schedule-entries/${mine.id}`, { playlistId: bensPlaylist }],
    ] as const) {
      const res = await call(ann, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const bens = await call(ben, 'GET', `/api/v1/schedule-entries/${bensEntry.id}`);
    expect(bens.json()).toEqual(bensEntry);
    const still = await call(ann, 'GET', `/api/v1/schedule-entries/${mine.id}`);
    expect(still.json()).toEqual(mine);
  });

  it('lists by first day, a page at a time, by ad space and/or playlist', async () => {
    const carol = await signUpScreenOwner(t);
    const [mornings, nights] = [
      await playlistOf(carol, 'Mornings'),
      await playlistOf(carol, 'Nights'),
    ];
    const [lobby, window] = [
      await insertAdSpace(t, carol.userId, { name: 'Lobby' }),
      await insertAdSpace(t, carol.userId, { name: 'Window' }),
    ];
    const made: TScheduleEntryView[] = [];
    for (const [adSpaceId, playlistId, firstDay] of [
      [lobby, mornings, '2026-03-02'],
      [window, nights, '2026-01-01'],
      [lobby, nights, '2026-02-15'],
      [lobby, mornings, '2025-12-31'],
      [window, mornings, '2026-02-15'],
    ] as const) {
      made.push(await createEntry(carol, { ...weekdayMornings(adSpaceId), playlistId, firstDay }));
    }
    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page += 1) {
        const result = await list(carol, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(result.items.length).toBeLessThanOrEqual(2);
        seen.push(...result.items.map((entry) => entry.id));
        cursor = result.nextCursor;
        if (!cursor) return seen;
      }
      throw new Error('too many pages');
    };
    const ids = (indexes: number[]) => indexes.map((index) => made[index]!.id);
    const sameDay = ids([2, 4]).sort();
    expect(await walk('')).toEqual([...ids([3, 1]), ...sameDay, ...ids([0])]);
    expect(await walk(`adSpaceId=${lobby}`)).toEqual(ids([3, 2, 0]));
    expect(await walk(`playlistId=${nights}`)).toEqual(ids([1, 2]));
    expect(await walk(`adSpaceId=${lobby}&playlistId=${mornings}`)).toEqual(ids([3, 0]));
    const nightsOnly = await list(carol, `playlistId=${nights}`);
    expect(nightsOnly.items.every((entry) => entry.playlistName === 'Nights')).toBe(true);

    for (const query of ['adSpaceId=not-a-uuid', 'limit=0', 'limit=501', 'cursor=garbage']) {
      const res = await call(carol, 'GET', `/api/v1/schedule-entries?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('merges a change into the entry, checks the day order after merging, and makes it the latest change', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const entry = await createEntry(ann, {
      ...weekdayMornings(space),
      firstDay: '2026-04-01',
      lastDay: '2026-04-30',
    });
    const version = await contentVersionOf(t, space);

    // Each day alone is fine; merged with the stored other day it is not.
    for (const [payload, path] of [
      [{ lastDay: '2026-03-31' }, 'body.lastDay'],
      [{ firstDay: '2026-05-01' }, 'body.firstDay'],
      [{ firstDay: '2026-05-01', lastDay: '2026-04-15' }, 'body.lastDay'],
    ] as const) {
      const res = await call(ann, 'PATCH', `/api/v1/schedule-entries/${entry.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'validation-failed',
        details: {
          fields: [{ path, message: 'The last day cannot be before the first day.' }],
        },
      });
    }
    for (const payload of [{ priority: -1 }, { weekdays: [] }, { adSpaceId: space }]) {
      const res = await call(ann, 'PATCH', `/api/v1/schedule-entries/${entry.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unchanged = await call(ann, 'GET', `/api/v1/schedule-entries/${entry.id}`);
    expect(unchanged.json()).toEqual(entry);
    expect(await contentVersionOf(t, space)).toBe(version);

    // Timestamps have millisecond precision: make sure the change lands on a later one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await call(ann, 'PATCH', `/api/v1/schedule-entries/${entry.id}`, {
      playlistId: evening,
      lastDay: null,
      weekdays: [7, 6],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = ZScheduleEntryView.parse(res.json());
    expect({ ...changed, updatedAt: entry.updatedAt }).toEqual({
      ...entry,
      playlistId: evening,
      playlistName: 'Evening',
      lastDay: null,
      weekdays: [6, 7],
    });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(entry.updatedAt));
    expect(changed.createdAt).toBe(entry.createdAt);
    expect(await contentVersionOf(t, space)).toBe(version + 1);

    // Saving the same values again still counts as a change: it wins ties from now on.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = ZScheduleEntryView.parse(
      (await call(ann, 'PATCH', `/api/v1/schedule-entries/${entry.id}`, { priority: 10 })).json(),
    );
    expect(Date.parse(again.updatedAt)).toBeGreaterThan(Date.parse(changed.updatedAt));
    expect(await contentVersionOf(t, space)).toBe(version + 2);

    // An empty change is none.
    const empty = await call(ann, 'PATCH', `/api/v1/schedule-entries/${entry.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(again);
    expect(await contentVersionOf(t, space)).toBe(version + 2);
  });

  it('deletes an entry and bumps the space’s content version', async () => {
    const space = await insertAdSpace(t, ann.userId);
    const entry = await createEntry(ann, weekdayMornings(space));
    const version = await contentVersionOf(t, space);
    const res = await call(ann, 'DELETE', `/api/v1/schedule-entries/${entry.id}`);
    expect(res.statusCode).toBe(204);
    expect(await contentVersionOf(t, space)).toBe(version + 1);
    expect((await call(ann, 'GET', `/api/v1/schedule-entries/${entry.id}`)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/api/v1/schedule-entries/${entry.id}`)).statusCode).toBe(
      404,
    );
    expect(await contentVersionOf(t, space)).toBe(version + 1);
  });
});
