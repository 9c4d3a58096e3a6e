import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAdSpace } from '@screenline/shared/ad-space';
import { ZApiError, ZInUseDetails } from '@screenline/shared/errors';
import { ZLocation, ZLocationList } from '@screenline/shared/location';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  locationInput,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';

const ZFields = z.object({ fields: z.array(z.object({ path: z.string(), message: z.string() })) });

describe.each(BACKENDS)('locations on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpOwner(t), await signUpOwner(t)];
  });
  afterAll(() => t.close());

  const list = async (owner: TOwner, query = '') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/locations?${query}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZLocationList.parse(res.json());
  };

  const get = (owner: TOwner, id: string) =>
    t.request({ method: 'GET', url: `/api/v1/locations/${id}`, cookie: owner.cookie });

  const patch = (owner: TOwner, id: string, payload: unknown) =>
    t.request({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      cookie: owner.cookie,
      payload: payload as Record<string, unknown>,
    });

  /** The field messages of a 400, as `path: message`. */
  const fieldErrors = (body: unknown) => {
    const { error } = ZApiError.parse(body);
    expect(error.code).toBe('validation-failed');
    return ZFields.parse(error.details).fields.map((field) => `${field.path}: ${field.message}`);
  };

  it('creates a location with defaults filled and answers it on GET', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/locations',
      cookie: ann.cookie,
      payload: {
        name: '  Harbour gym ',
        address: {
          line: '5 Quay',
          city: 'Bristol',
          region: ' ',
          postalCode: 'BS1 4DJ',
          country: 'gb',
        },
        latitude: 51.45,
        longitude: -2.59,
        timeZone: 'Europe/London',
        venueType: 'fitness',
        audience: { weeklyFootfall: 4200, ageBands: { '18to24': 40, '25to34': 35 } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = ZLocation.parse(res.json());
    expect(created).toMatchObject({
      name: 'Harbour gym',
      address: {
        line: '5 Quay',
        city: 'Bristol',
        region: null,
        postalCode: 'BS1 4DJ',
        country: 'GB',
      },
      latitude: 51.45,
      longitude: -2.59,
      timeZone: 'Europe/London',
      venueType: 'fitness',
      audience: {
        weeklyFootfall: 4200,
        ageBands: { '18to24': 40, '25to34': 35 },
        genderSplit: null,
      },
      adSpaceCount: 0,
    });
    const got = await get(ann, created.id);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
    // Another owner's location is not found, never forbidden.
    expect((await get(ben, created.id)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the fields, and changes nothing', async () => {
    const before = await list(ann, 'limit=100');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...locationInput(), name: '   ' }, 'body.name: Enter a name.'],
      [
        { ...locationInput(), timeZone: 'Mars/Olympus_Mons' },
        'body.timeZone: Not a time zone we know; pick one from the list.',
      ],
      [
        { ...locationInput(), address: { line: '1 Main', city: 'X', country: 'USA' } },
        'body.address.country: Pick a country.',
      ],
      [
        { ...locationInput(), latitude: 40.7 },
        'body.longitude: Give both latitude and longitude, or neither.',
      ],
      [
        { ...locationInput(), audience: { ageBands: { under18: 60, '65plus': 50 } } },
        'body.audience.ageBands: The age bands add up to more than 100%.',
      ],
      [{ ...locationInput(), venueType: 'moon-base' }, 'body.venueType'],
      [{ ...locationInput(), owner: 'someone' }, 'body'],
    ];
    for (const [payload, expected] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/locations',
        cookie: ann.cookie,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        fieldErrors(res.json()).some((line) => line.startsWith(expected)),
        res.body,
      ).toBe(true);
    }
    expect(await list(ann, 'limit=100')).toEqual(before);
  });

  it('updates a location, replacing the address whole, and refuses half a coordinate pair', async () => {
    const created = await createLocation(t, ann, { name: 'Depot' });
    const res = await patch(ann, created.id, {
      name: 'Depot north',
      address: { line: '9 Rail Road', city: 'Albany', region: 'NY', country: 'us' },
      audience: { genderSplit: { female: 50, male: 45 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = ZLocation.parse(res.json());
    expect(updated).toMatchObject({
      name: 'Depot north',
      address: {
        line: '9 Rail Road',
        city: 'Albany',
        region: 'NY',
        postalCode: null,
        country: 'US',
      },
      audience: {
        weeklyFootfall: null,
        ageBands: {},
        genderSplit: { female: 50, male: 45, other: 0 },
      },
      timeZone: created.timeZone,
    });

    // The field named is the one missing, as on create.
    const half = await patch(ann, created.id, { latitude: 42.65 });
    expect(half.statusCode).toBe(400);
    expect(fieldErrors(half.json())).toEqual([
      'body.longitude: Give both latitude and longitude, or neither.',
    ]);
    const bad = await patch(ann, created.id, { timeZone: 'Nowhere/Land', name: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect((await get(ann, created.id)).json()).toEqual(updated);

    const both = await patch(ann, created.id, { latitude: 42.65, longitude: -73.75 });
    expect(both.statusCode, both.body).toBe(200);
    // Clearing one of a stored pair is half a pair too.
    const clearOne = await patch(ann, created.id, { longitude: null });
    expect(clearOne.statusCode).toBe(400);
    expect((await patch(ann, created.id, { latitude: null, longitude: null })).statusCode).toBe(
      200,
    );
    expect((await patch(ben, created.id, { name: 'Mine now' })).statusCode).toBe(404);
  });

  it('lists by name case-insensitively, a page at a time, with a search and space counts', async () => {
    const owner = await signUpOwner(t);
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    const made = new Map<string, string>();
    for (const name of names) made.set(name, (await createLocation(t, owner, { name })).id);
    await createAdSpace(t, owner, { locationId: made.get('charlie') ?? '' });
    await createAdSpace(t, owner, { locationId: made.get('charlie') ?? '', name: 'Second' });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await list(owner, query);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    expect(pages).toBe(3);

    const all = await list(owner);
    expect(all.items.map((item) => [item.name, item.adSpaceCount])).toEqual([
      ['Alpha', 0],
      ['Bravo', 0],
      ['charlie', 2],
      ['delta', 0],
      ['echo', 0],
    ]);
    expect((await list(owner, 'q=HA')).items.map((item) => item.name)).toEqual([
      'Alpha',
      'charlie',
    ]);
    expect((await list(owner, 'q=%25')).items).toEqual([]);
    // Each owner sees only their own.
    expect((await list(ben)).items).toEqual([]);

    const badCursor = await t.request({
      method: 'GET',
      url: '/api/v1/locations?cursor=not-a-cursor!',
      cookie: owner.cookie,
    });
    expect(badCursor.statusCode).toBe(400);
    const badLimit = await t.request({
      method: 'GET',
      url: '/api/v1/locations?limit=0',
      cookie: owner.cookie,
    });
    expect(badLimit.statusCode).toBe(400);
  });

  it('refuses to delete a location with ad spaces, naming them, and deletes it once they are gone', async () => {
    const place = await createLocation(t, ann, { name: 'Mall' });
    const lobby = await createAdSpace(t, ann, { locationId: place.id, name: 'Lobby' });
    const atrium = await createAdSpace(t, ann, { locationId: place.id, name: 'Atrium' });

    const refused = await t.request({
      method: 'DELETE',
      url: `/api/v1/locations/${place.id}`,
      cookie: ann.cookie,
    });
    expect(refused.statusCode).toBe(409);
    const { error } = ZApiError.parse(refused.json());
    expect(error.code).toBe('in-use');
    expect(error.message).toBe(
      '“Mall” has 2 ad spaces: “Atrium”, “Lobby”. Move or delete them first, then delete the location.',
    );
    expect(ZInUseDetails.parse(error.details).references).toEqual([
      { kind: 'adSpace', id: atrium.id, name: 'Atrium' },
      { kind: 'adSpace', id: lobby.id, name: 'Lobby' },
    ]);
    expect((await get(ann, place.id)).statusCode).toBe(200);

    const removeSpace = async (id: string) => {
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v1/ad-spaces/${id}`,
        cookie: ann.cookie,
      });
      expect(res.statusCode, res.body).toBe(204);
    };
    await removeSpace(lobby.id);
    const stillOne = await t.request({
      method: 'DELETE',
      url: `/api/v1/locations/${place.id}`,
      cookie: ann.cookie,
    });
    expect(stillOne.statusCode).toBe(409);
    expect(ZApiError.parse(stillOne.json()).error.message).toBe(
      '“Mall” has 1 ad space: “Atrium”. Move or delete it first, then delete the location.',
    );
    await removeSpace(atrium.id);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/v1/locations/${place.id}`,
          cookie: ben.cookie,
        })
      ).statusCode,
    ).toBe(404);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/locations/${place.id}`,
      cookie: ann.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await get(ann, place.id)).statusCode).toBe(404);
  });

  it('bumps the content version of its ad spaces when the time zone changes, and only then', async () => {
    const place = await createLocation(t, ann, { name: 'Station', timeZone: 'America/New_York' });
    const elsewhere = await createLocation(t, ann, { name: 'Airport' });
    const here = await createAdSpace(t, ann, { locationId: place.id });
    const there = await createAdSpace(t, ann, { locationId: elsewhere.id });
    const versionOf = async (id: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${id}`,
        cookie: ann.cookie,
      });
      return ZAdSpace.parse(res.json()).contentVersion;
    };
    expect(await versionOf(here.id)).toBe(1);

    expect((await patch(ann, place.id, { name: 'Central station' })).statusCode).toBe(200);
    expect((await patch(ann, place.id, { timeZone: 'America/New_York' })).statusCode).toBe(200);
    expect(await versionOf(here.id)).toBe(1);

    const moved = await patch(ann, place.id, { timeZone: 'America/Chicago' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ZLocation.parse(moved.json()).timeZone).toBe('America/Chicago');
    expect(await versionOf(here.id)).toBe(2);
    expect(await versionOf(there.id)).toBe(1);
  });
});
