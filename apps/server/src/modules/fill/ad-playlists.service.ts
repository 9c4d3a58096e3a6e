import type {
  TAdPlaylist,
  TAdPlaylistList,
  TUpdateAdPlaylist,
} from '@screenline/shared/ad-playlist';
import { MANIFEST_TIMELINE_DAYS } from '@screenline/shared/player';
import type { TContentItem } from '@screenline/shared/content';
import type { TPrincipal } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import type { TAdPlaylistsRepository } from './ad-playlists.repository';
import type { TAdRotation, TRotation, TRotationRange } from './ad-rotation';

const DAY_MS = 86_400_000;

/** The range the manifest judges a rotation over (its timeline) and now. */
function rangeAt(nowMs: number): TRotationRange {
  const fromMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return { fromMs, toMs: fromMs + MANIFEST_TIMELINE_DAYS * DAY_MS, nowMs };
}

/**
 * Ad playlists (issue 9 item 5, /admin/ad-playlists): each monetized space's rotation as its TVs
 * get it (the same ad-rotation.ts the manifest reads), and the super-user's pins, excludes and
 * house ads.
 */
export function createAdPlaylistsService(options: {
  repo: TAdPlaylistsRepository;
  rotation: TAdRotation;
  access: TAccessPolicy;
  changes: TPlayerChangeBus;
  adSpaces: Pick<TAdSpaceDirectory, 'findForManifest'>;
  now?: () => number;
}) {
  const { repo, rotation, access, changes, adSpaces } = options;
  const now = options.now ?? Date.now;

  async function list(principal: TPrincipal | null): Promise<TAdPlaylistList> {
    await access.requireAccess(principal, 'admin.adPlaylists.read');
    const rotations = await rotation.rotationsOf(undefined, rangeAt(now()));
    const items = [...rotations.values()].map((found) => ({
      adSpaceId: found.space.id,
      name: found.space.name,
      city: found.space.city,
      ownerName: found.space.ownerName,
      campaignsPlaying: found.campaigns.filter((entry) => entry.notPlayingBecause === null).length,
      pinned: found.pinnedCampaignIds.length,
      excluded: found.excludedCampaignIds.length,
      houseAds: found.houseAds.length,
    }));
    items.sort((a, b) => a.name.localeCompare(b.name) || (a.adSpaceId < b.adSpaceId ? -1 : 1));
    return { items };
  }

  async function get(principal: TPrincipal | null, adSpaceId: string): Promise<TAdPlaylist> {
    await access.requireAccess(principal, 'admin.adPlaylists.read');
    const found = await rotationOf(adSpaceId);
    return toAdPlaylist(found, await adSlotSecondsOf(found.space));
  }

  async function update(
    principal: TPrincipal | null,
    adSpaceId: string,
    input: TUpdateAdPlaylist,
  ): Promise<TAdPlaylist> {
    const actor = await access.requireAccess(principal, 'admin.adPlaylists.update');
    await rotationOf(adSpaceId);
    // House ads come from the super-user's own library, like any item someone names.
    await access.requireAccess(actor, 'content.read', input.houseAdContentIds);
    const named = [...input.pinnedCampaignIds, ...input.excludedCampaignIds];
    const campaigns = await repo.existingCampaigns(named);
    const fields: Array<{ path: string; message: string }> = [];
    const check = (key: 'pinnedCampaignIds' | 'excludedCampaignIds') =>
      input[key].forEach((id, index) => {
        if (!campaigns.has(id))
          fields.push({ path: `body.${key}.${index}`, message: 'No campaign has this id.' });
      });
    check('pinnedCampaignIds');
    check('excludedCampaignIds');
    input.pinnedCampaignIds.forEach((id, index) => {
      if (input.excludedCampaignIds.includes(id))
        fields.push({
          path: `body.pinnedCampaignIds.${index}`,
          message: 'A campaign cannot be pinned and excluded at once.',
        });
    });
    if (fields.length > 0)
      throw new AppError('validation-failed', 'Some campaigns cannot be used here.', { fields });
    const unique = (ids: readonly string[]) => [...new Set(ids)];
    const bumped = await repo.save(adSpaceId, actor.id, {
      pinnedCampaignIds: unique(input.pinnedCampaignIds),
      excludedCampaignIds: unique(input.excludedCampaignIds),
      houseAdContentIds: unique(input.houseAdContentIds),
    });
    changes.publishContent(bumped);
    const found = await rotationOf(adSpaceId);
    return toAdPlaylist(found, await adSlotSecondsOf(found.space));
  }

  /** The ad slots' lengths in the playlists the space plays (what its TVs fill), each once. */
  async function adSlotSecondsOf(space: TRotation['space']): Promise<number[]> {
    const found = await adSpaces.findForManifest(space.ownerId, space.id);
    const lengths = new Set(
      (found?.playlists ?? []).flatMap((playlist) =>
        playlist.items.flatMap((item) => (item.type === 'adSlot' ? [item.lengthSeconds] : [])),
      ),
    );
    return [...lengths].sort((a, b) => a - b);
  }

  async function rotationOf(adSpaceId: string): Promise<TRotation> {
    const found = (await rotation.rotationsOf([adSpaceId], rangeAt(now()))).get(adSpaceId);
    if (!found) throw notFound('That monetized ad space');
    return found;
  }

  return { list, get, update };
}

export type TAdPlaylistsService = ReturnType<typeof createAdPlaylistsService>;

function toCreative(item: TContentItem) {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    url: item.mediaUrl,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
  };
}

function toAdPlaylist(found: TRotation, adSlotSeconds: number[]): TAdPlaylist {
  const { space } = found;
  // The weight "now": a campaign outside its windows at this instant plays nothing now.
  const weightNow = (entry: TRotation['campaigns'][number]) =>
    entry.notPlayingBecause === null ? entry.weight : 0;
  const total = found.campaigns.reduce((sum, entry) => sum + weightNow(entry), 0);
  return {
    adSpace: {
      id: space.id,
      name: space.name,
      locationName: space.locationName,
      city: space.city,
      timeZone: space.timeZone,
      orientation: space.orientation,
      resolutionWidth: space.resolutionWidth,
      resolutionHeight: space.resolutionHeight,
      floorMicrosPerSecond: space.floorMicrosPerSecond,
    },
    rotation: found.campaigns.map((entry) => ({
      campaignId: entry.id,
      name: entry.name,
      bidMicrosPerSecond: entry.bidMicrosPerSecond,
      weight: weightNow(entry),
      share: total > 0 ? weightNow(entry) / total : 0,
      pinned: entry.pinned,
      excluded: entry.excluded,
      notPlayingBecause: entry.notPlayingBecause,
      creatives: entry.creatives.map(toCreative),
      destinationUrl: entry.destinationUrl,
    })),
    houseAds: found.houseAds.map(toCreative),
    pinnedCampaignIds: found.pinnedCampaignIds,
    excludedCampaignIds: found.excludedCampaignIds,
    adSlotSeconds,
    updatedAt: found.updatedAt?.toISOString() ?? null,
    updatedBy: found.updatedBy,
  };
}
