import { expect } from 'vitest';
import { ZScreenGroup } from '@screenline/shared/screen-group';
import { insertAdSpace } from '../screen-rows';
import type { TCase, TFixture, TTarget } from './matrix-types';

/**
 * Issue 23 item 1's routes: screen groups and bulk changes to ad spaces. A bulk call names
 * several spaces; one of another owner's makes it "not found" (the runner checks that nothing
 * answers 200 for them).
 */

const userOf = (f: TFixture, target: TTarget) => (target === 'own' ? f.owner : f.other);

/** A static group of `target`'s holding one of their spaces, made through the API. */
async function groupOf(f: TFixture, target: TTarget): Promise<string> {
  const user = userOf(f, target);
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/screen-groups',
    cookie: user.cookie,
    payload: {
      kind: 'static',
      name: 'Matrix',
      adSpaceIds: [await insertAdSpace(f.t, user.userId)],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZScreenGroup.parse(res.json()).id;
}

export const SCREEN_GROUP_CASES: Record<string, TCase> = {
  'GET /api/v1/screen-groups': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/screen-groups' }),
  },
  'POST /api/v1/screen-groups': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    // The members named are the resource: another owner's space is "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/screen-groups',
      payload: {
        kind: 'static',
        name: 'Matrix',
        adSpaceIds: [await insertAdSpace(f.t, userOf(f, target).userId)],
      },
    }),
  },
  'GET /api/v1/screen-groups/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/screen-groups/${await groupOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/screen-groups/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/screen-groups/${await groupOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/screen-groups/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/screen-groups/${await groupOf(f, target)}`,
    }),
  },
  'POST /api/v1/ad-spaces/bulk': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // The caller's own space next to `target`'s: a foreign one among them refuses the call.
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/ad-spaces/bulk',
      payload: {
        adSpaceIds: [
          await insertAdSpace(f.t, f.owner.userId),
          await insertAdSpace(f.t, userOf(f, target).userId),
        ],
        action: { kind: 'add-tag', tag: 'Matrix' },
      },
    }),
  },
};
