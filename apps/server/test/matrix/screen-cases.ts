import { createLocation, locationInput } from '../screens-helpers';
import type { TCase, TFixture } from './matrix-types';
import { userOf, adSpaceOf } from './fixtures';

/** A location of `target`'s, made through the API. */
const locationOf = async (f: TFixture, target: 'own' | 'foreign') =>
  (await createLocation(f.t, userOf(f, target), { name: 'Matrix' })).id;

/** Locations' and ad spaces' routes in the authorization matrix (what plays, what was played). */
export const SCREEN_CASES: Record<string, TCase> = {
  'GET /api/v1/locations': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/locations' }),
  },
  'POST /api/v1/locations': {
    audience: 'screen-owner',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/locations',
      payload: { ...locationInput() },
    }),
  },
  'GET /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/locations/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/locations/${await locationOf(f, target)}`,
    }),
  },
  'GET /api/v1/ad-spaces': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // The location filter names an id: another owner's location is "not found".
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces?locationId=${await locationOf(f, target)}`,
    }),
  },
  'POST /api/v1/ad-spaces': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/ad-spaces',
      payload: {
        name: 'Matrix',
        locationId: await locationOf(f, target),
        orientation: 'landscape',
        resolutionWidth: 1920,
        resolutionHeight: 1080,
      },
    }),
  },
  'GET /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/ad-spaces/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}`,
    }),
  },
  'GET /api/v1/ad-spaces/:id/playing': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/playing?at=2026-03-08T02:30`,
    }),
  },
  'GET /api/v1/ad-spaces/:id/plays': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/plays?from=2026-03-01&to=2026-03-31`,
    }),
  },
};
