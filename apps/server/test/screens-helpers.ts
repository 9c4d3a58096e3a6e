import { expect } from 'vitest';
import { type TAdSpace, type TCreateAdSpace, ZAdSpace } from '@screenline/shared/ad-space';
import { type TCreateLocation, type TLocation, ZLocation } from '@screenline/shared/location';
import { playlist, scheduleEntry } from '../src/db/schema/index';
import type { TTestApp } from './harness';

/** A signed-in screen owner (the advertiser role). */
export interface TOwner {
  userId: string;
  cookie: string;
}

/** Signs up a user and gives them a role (advertiser: a screen owner). */
export async function signUpOwner(
  t: TTestApp,
  role: 'advertiser' | 'publisher' = 'advertiser',
): Promise<TOwner> {
  const { cookie, userId } = await t.signUp();
  const res = await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { role } });
  expect(res.statusCode, res.body).toBe(200);
  return { userId, cookie };
}

export const locationInput = (overrides: Partial<TCreateLocation> = {}): TCreateLocation => ({
  name: 'Corner café',
  address: { line: '1 Main Street', city: 'Springfield', country: 'US' },
  timeZone: 'America/New_York',
  venueType: 'food-and-drink',
  ...overrides,
});

export async function createLocation(
  t: TTestApp,
  owner: TOwner,
  overrides: Partial<TCreateLocation> = {},
): Promise<TLocation> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/locations',
    cookie: owner.cookie,
    payload: locationInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZLocation.parse(res.json());
}

export async function createAdSpace(
  t: TTestApp,
  owner: TOwner,
  input: Pick<TCreateAdSpace, 'locationId'> & Partial<TCreateAdSpace>,
): Promise<TAdSpace> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/ad-spaces',
    cookie: owner.cookie,
    payload: {
      name: 'Window screen',
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
      ...input,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZAdSpace.parse(res.json());
}

/** A playlist straight into its table (the playlists API is another module's). */
export async function insertPlaylist(t: TTestApp, owner: TOwner, name: string): Promise<string> {
  const [row] = await t.app.deps.db
    .insert(playlist)
    .values({ ownerId: owner.userId, name, items: [] })
    .returning({ id: playlist.id });
  if (!row) throw new Error('no playlist inserted');
  return row.id;
}

/** A schedule entry straight into its table (the schedule-entries API is another module's). */
export async function insertScheduleEntry(
  t: TTestApp,
  owner: TOwner,
  entry: {
    adSpaceId: string;
    playlistId: string;
    weekdays: number[];
    startTime: string;
    endTime: string;
    priority?: number;
    firstDay?: string;
    lastDay?: string | null;
    updatedAt?: Date;
  },
): Promise<string> {
  const [row] = await t.app.deps.db
    .insert(scheduleEntry)
    .values({
      ownerId: owner.userId,
      firstDay: '2020-01-01',
      lastDay: null,
      priority: 50,
      ...entry,
    })
    .returning({ id: scheduleEntry.id });
  if (!row) throw new Error('no schedule entry inserted');
  return row.id;
}
