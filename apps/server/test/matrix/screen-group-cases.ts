import { insertAdSpace } from '../screen-rows';
import { adSpaceOf, groupOf } from './fixtures';
import type { TCase } from './matrix-types';

/**
 * Issue 23 item 1's routes: screen groups and bulk changes to ad spaces. A bulk call names
 * several spaces; one of another owner's makes it "not found" (the runner checks that nothing
 * answers 200 for them).
 */

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
        adSpaceIds: [await adSpaceOf(f, target)],
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
        adSpaceIds: [await insertAdSpace(f.t, f.owner.userId), await adSpaceOf(f, target)],
        action: { kind: 'add-tag', tag: 'Matrix' },
      },
    }),
  },
};
