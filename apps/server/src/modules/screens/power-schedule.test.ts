import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdSpace } from '@screenline/shared/ad-space';
import { ZApiError } from '@screenline/shared/errors';
import { ZDeviceRegistration, ZPlayerManifest } from '@screenline/shared/player';
import { ZPowerScheduleView } from '@screenline/shared/power-schedule';
import { adSpace } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { contentVersionOf, insertAdSpace } from '../../../test/screen-rows';
import { signUpOwner, type TOwner } from '../../../test/screens-helpers';

const HOUR = 3_600_000;
const weekdays = [1, 2, 3, 4, 5, 6, 7];

describe.each(BACKENDS)('power schedules on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ann = await signUpOwner(t);
  });
  afterAll(() => t.close());

  const put = (id: string, powerSchedule: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/v1/ad-spaces/${id}/power-schedule`,
      cookie: ann.cookie,
      payload: { powerSchedule },
    });

  it('is always on without one; a saved one answers its on hours and reaches the TV’s manifest', async () => {
    const id = await insertAdSpace(t, ann.userId, { timeZone: 'Europe/Berlin' });
    const first = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}/power-schedule`,
      cookie: ann.cookie,
    });
    const none = ZPowerScheduleView.parse(first.json());
    expect(none).toMatchObject({ powerSchedule: null, onNow: true, timeZone: 'Europe/Berlin' });
    expect(none.onWindows).toEqual([{ startMs: none.windowsFromMs, endMs: none.windowsToMs }]);

    const version = await contentVersionOf(t, id);
    const res = await put(id, {
      ranges: [
        { weekdays: [5, 1, 2, 3, 4], startTime: '07:00', endTime: '22:00' },
        { weekdays: [6], startTime: '22:00', endTime: '02:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ZPowerScheduleView.parse(res.json());
    // Weekdays stored sorted; the overnight Saturday range ends on Sunday.
    expect(saved.powerSchedule?.ranges[0]?.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(saved.onWindows.length).toBeGreaterThanOrEqual(5);
    for (const window of saved.onWindows) {
      const length = window.endMs - window.startMs;
      expect(length === 15 * HOUR || length <= 4 * HOUR).toBe(true);
    }
    expect(await contentVersionOf(t, id)).toBe(version + 1);

    const tv = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: ann.cookie,
      payload: { deviceKey: `power-${id}`, adSpaceId: id, userAgent: 'Test', appVersion: '1.0.0' },
    });
    expect(tv.statusCode, tv.body).toBe(201);
    const manifest = ZPlayerManifest.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/player/manifest',
          headers: { authorization: `Bearer ${ZDeviceRegistration.parse(tv.json()).token}` },
        })
      ).json(),
    );
    expect(manifest.power?.schedule).toEqual(saved.powerSchedule);
    expect(manifest.power?.onWindows).toEqual(
      saved.onWindows.filter((w) => w.startMs < manifest.timelineToMs),
    );

    // Removed: always on again, and the manifest says so.
    const removed = ZPowerScheduleView.parse((await put(id, null)).json());
    expect(removed).toMatchObject({ powerSchedule: null, onNow: true });
  });

  it('refuses a schedule that does not parse, changing nothing', async () => {
    const id = await insertAdSpace(t, ann.userId, { timeZone: 'UTC' });
    for (const bad of [
      { ranges: [] },
      { ranges: [{ weekdays: [8], startTime: '07:00', endTime: '22:00' }] },
      { ranges: [{ weekdays: [1, 1], startTime: '07:00', endTime: '22:00' }] },
      { ranges: [{ weekdays: [1], startTime: '24:00', endTime: '22:00' }] },
      { ranges: [{ weekdays: [1], startTime: '7:00', endTime: '22:00' }] },
      { ranges: [{ weekdays: [1], startTime: '07:00', endTime: '22:00', extra: true }] },
      {
        ranges: Array.from({ length: 29 }, () => ({
          weekdays,
          startTime: '07:00',
          endTime: '08:00',
        })),
      },
    ]) {
      const res = await put(id, bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(ZApiError.parse(res.json()).error.code).toBe('validation-failed');
    }
    const [row] = await t.app.deps.db
      .select({ powerSchedule: adSpace.powerSchedule })
      .from(adSpace)
      .where(eq(adSpace.id, id));
    expect(row?.powerSchedule).toBeNull();
  });

  it('a silent screen in its off hours is "scheduled-off", not offline', async () => {
    const id = await insertAdSpace(t, ann.userId, { timeZone: 'UTC' });
    const hour = new Date().getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    // On for one hour, starting two hours from now: off now.
    await put(id, { ranges: [{ weekdays, startTime: at(hour + 2), endTime: at(hour + 3) }] });
    await t.app.deps.db
      .update(adSpace)
      .set({ lastSeenAt: new Date(Date.now() - HOUR) })
      .where(eq(adSpace.id, id));
    const get = async () =>
      ZAdSpace.parse(
        (
          await t.request({ method: 'GET', url: `/api/v1/ad-spaces/${id}`, cookie: ann.cookie })
        ).json(),
      );
    expect((await get()).status).toBe('scheduled-off');
    // On from an hour ago: the same silence is an outage.
    await put(id, { ranges: [{ weekdays, startTime: at(hour - 1), endTime: at(hour + 2) }] });
    expect((await get()).status).toBe('offline');
  });
});
