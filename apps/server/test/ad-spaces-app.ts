// What the ad spaces API tests (modules/screens/ad-spaces-*.test.ts) share: the app on one backend
// with two owners, Ann (a location "Harbour" in New York) and Ben (a location "Elsewhere"), made
// before a file's tests and closed after; and a shorthand to read one ad space.
import { afterAll, beforeAll, expect } from 'vitest';
import { ZAdSpace } from '@screenline/shared/ad-space';
import { createTestApp, type TBackend, type TTestApp } from './harness';
import { createLocation, signUpOwner, type TOwner } from './screens-helpers';

interface TAdSpacesWorld {
  t: TTestApp;
  ann: TOwner;
  ben: TOwner;
  annLocation: string;
  benLocation: string;
}

/**
 * Registers the app's setup and teardown in the calling `describe`. `world()` gives its owners
 * and locations once the setup has run: read it in the describe's own `beforeAll`, which runs
 * after.
 */
export function useAdSpacesApp(backend: TBackend) {
  let world: TAdSpacesWorld | undefined;
  const made = (): TAdSpacesWorld => {
    if (!world) throw new Error('the ad spaces app is made in beforeAll');
    return world;
  };
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [ann, ben] = [await signUpOwner(t), await signUpOwner(t)];
    const annLocation = (
      await createLocation(t, ann, { name: 'Harbour', timeZone: 'America/New_York' })
    ).id;
    const benLocation = (await createLocation(t, ben, { name: 'Elsewhere' })).id;
    world = { t, ann, ben, annLocation, benLocation };
  });
  afterAll(() => world?.t.close());

  const get = async (owner: TOwner, id: string) => {
    const res = await made().t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAdSpace.parse(res.json());
  };

  return { world: made, get };
}
