import { monetizationRequest } from '../../src/db/schema/index';
import { insertAdSpace } from '../screen-rows';
import type { TCase, TFixture } from './matrix-types';

/** A space of the screen owner whose monetization is approved: it has an ad playlist. */
async function monetizedSpace(f: TFixture): Promise<string> {
  const adSpaceId = await insertAdSpace(f.t, f.owner.userId, { name: 'Monetized' });
  await f.t.app.deps.db.insert(monetizationRequest).values({
    adSpaceId,
    ownerId: f.owner.userId,
    floorMicrosPerSecond: 1000,
    state: 'approved',
  });
  return adSpaceId;
}

/** Fill's routes (issue 9 items 5 and 6): the super-user's ad playlists. */
export const FILL_CASES: Record<string, TCase> = {
  'GET /api/v1/admin/ad-playlists': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/ad-playlists' }),
  },
  'GET /api/v1/admin/ad-playlists/:adSpaceId': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      url: `/api/v1/admin/ad-playlists/${await monetizedSpace(f)}`,
    }),
  },
  'PUT /api/v1/admin/ad-playlists/:adSpaceId': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      url: `/api/v1/admin/ad-playlists/${await monetizedSpace(f)}`,
      payload: { pinnedCampaignIds: [], excludedCampaignIds: [], houseAdContentIds: [] },
    }),
  },
};
