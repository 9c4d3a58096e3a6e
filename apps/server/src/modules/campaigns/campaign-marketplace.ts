import {
  matchesTargeting,
  ZCampaignTargeting,
  type TMarketplaceAdSpaceList,
  type TPublisherDashboard,
} from '@screenline/shared/campaign';
import { ZAudience } from '@screenline/shared/location';
import type { TDb } from '../../db/database';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TContentDirectory } from '../content/content-directory';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import { DAY_MS, utcDate } from './campaign-dates';
import { campaignsRepository as repo } from './campaigns.repository';
import { slotProfile } from './slot-seconds';

/**
 * What buyers see before and around their campaigns: the marketplace's monetized spaces with
 * their ad-slot time and competition, and the publisher dashboard. Split from
 * campaigns.service.ts by concern.
 */
export function createCampaignMarketplace(
  db: TDb,
  access: TAccessPolicy,
  deps: {
    contentOf: (db: TDb) => TContentDirectory;
    adSpaces: TAdSpaceDirectory;
    now: () => number;
  },
) {
  const { contentOf, now } = deps;

  /**
   * The approved-monetized ad spaces as buyers see them (no owner identity), with what the
   * wizard's estimate reads: the ad-slot time by local hour of the week and the competition.
   */
  async function marketplace(actor: TActor): Promise<TMarketplaceAdSpaceList> {
    await access.requireAccess(actor, 'marketplace.adSpaces.list');
    const nowMs = now();
    const live = (await repo.liveBids(db, utcDate(nowMs))).map((row) => ({
      bidMicrosPerSecond: row.bidMicrosPerSecond,
      targeting: ZCampaignTargeting.parse(row.targeting),
    }));
    const items = [];
    for (const space of await repo.monetizedSpaces(db)) {
      const { ownerId: _owner, audience, ...shown } = space;
      const profile = await slotProfile(
        { adSpaces: deps.adSpaces, content: contentOf(db) },
        space,
        nowMs,
      );
      const competing = live.filter(
        (entry) =>
          entry.bidMicrosPerSecond >= space.floorMicrosPerSecond &&
          matchesTargeting(space, entry.targeting),
      );
      items.push({
        ...shown,
        audience: ZAudience.parse(audience),
        ...profile,
        competition: {
          campaigns: competing.length,
          bidsMicrosPerSecond: competing.reduce((sum, entry) => sum + entry.bidMicrosPerSecond, 0),
        },
      });
    }
    return { items };
  }

  async function dashboard(actor: TActor): Promise<TPublisherDashboard> {
    await access.requireAccess(actor, 'campaign.list');
    const nowMs = now();
    const dayStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
    return {
      ...(await repo.dashboard(db, actor.id, utcDate(nowMs), dayStart)),
      balanceMicros: await repo.walletBalance(db, actor.id),
    };
  }

  return { marketplace, dashboard };
}
