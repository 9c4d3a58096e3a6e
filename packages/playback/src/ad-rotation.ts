import type { AdSlotFill } from './playback-engine';
import type {
  TManifestAdCampaign,
  TManifestAdCreative,
  TManifestAdFill,
} from '@screenline/shared/player';

/**
 * Which creative each ad slot shows (docs/marketplace.md, "The TV plays ads"). Per play:
 * - the campaigns playable now are those with a window `[startMs, endMs)` holding now and at
 *   least one creative in the cache; among them the choice is smooth weighted round-robin by
 *   `weight` (over any run of plays each gets its share, spread out, never random);
 * - within a campaign its cached creatives take turns;
 * - with no campaign playable, the house ads take turns; with none, the slot is skipped.
 * The rotation keeps its counters by campaign and content id, so a new manifest carrying the
 * same campaigns continues the rotation instead of starting it over.
 */

/** The caption under a creative's QR code. */
export const QR_CAPTION = 'Scan me';

/** What one ad play shows and what its impression records. */
export interface TAdPick {
  fill: AdSlotFill;
  /** Null for a house ad (not billed). */
  campaignId: string | null;
  creativeId: string;
  contentId: string;
}

export interface AdRotation {
  /** The creative for the next ad play at `nowMs`; null when nothing can fill the slot. */
  pick(
    adFill: TManifestAdFill,
    nowMs: number,
    mediaUrlOf: (contentId: string) => string | null,
  ): TAdPick | null;
}

/** The rotation's key for the house ads' turn counter (campaign ids are UUIDs). */
const HOUSE_ADS = 'house';

function isOpenAt(campaign: TManifestAdCampaign, nowMs: number): boolean {
  return campaign.windows.some((window) => window.startMs <= nowMs && nowMs < window.endMs);
}

export function createAdRotation(): AdRotation {
  /** Smooth weighted round-robin: each campaign's running credit. */
  const credit = new Map<string, number>();
  /** Plays so far per campaign (or the house ads): whose creative's turn it is. */
  const turns = new Map<string, number>();

  /** The creative whose turn it is among those cached, with its URL. */
  function nextCreative(
    key: string,
    creatives: readonly TManifestAdCreative[],
    mediaUrlOf: (contentId: string) => string | null,
  ): { creative: TManifestAdCreative; src: string } | null {
    const cached: Array<{ creative: TManifestAdCreative; src: string }> = [];
    for (const creative of creatives) {
      const src = mediaUrlOf(creative.contentId);
      if (src !== null) cached.push({ creative, src });
    }
    if (cached.length === 0) return null;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return cached[turn % cached.length]!;
  }

  /** Forgets campaigns the manifest no longer has (hours of playback, no growth). */
  function forgetGone(adFill: TManifestAdFill): void {
    const present = new Set(adFill.campaigns.map((campaign) => campaign.campaignId));
    present.add(HOUSE_ADS);
    credit.forEach((_, id) => {
      if (!present.has(id)) credit.delete(id);
    });
    turns.forEach((_, id) => {
      if (!present.has(id)) turns.delete(id);
    });
  }

  return {
    pick(adFill, nowMs, mediaUrlOf) {
      forgetGone(adFill);
      const playable = adFill.campaigns.filter(
        (campaign) =>
          isOpenAt(campaign, nowMs) &&
          campaign.creatives.some((creative) => mediaUrlOf(creative.contentId) !== null),
      );
      if (playable.length > 0) {
        let total = 0;
        let chosen: TManifestAdCampaign | null = null;
        let best = -Infinity;
        for (const campaign of playable) {
          const next = (credit.get(campaign.campaignId) ?? 0) + campaign.weight;
          credit.set(campaign.campaignId, next);
          total += campaign.weight;
          // Ties go to the first in the manifest's order: deterministic.
          if (next > best) {
            best = next;
            chosen = campaign;
          }
        }
        const campaign = chosen!;
        credit.set(campaign.campaignId, best - total);
        const next = nextCreative(campaign.campaignId, campaign.creatives, mediaUrlOf)!;
        const fill: AdSlotFill = { type: next.creative.kind, src: next.src };
        if (campaign.qrUrl !== null) fill.overlay = { qrUrl: campaign.qrUrl, caption: QR_CAPTION };
        return {
          fill,
          campaignId: campaign.campaignId,
          creativeId: next.creative.creativeId,
          contentId: next.creative.contentId,
        };
      }
      const house = nextCreative(HOUSE_ADS, adFill.houseAds, mediaUrlOf);
      if (!house) return null;
      return {
        fill: { type: house.creative.kind, src: house.src },
        campaignId: null,
        creativeId: house.creative.creativeId,
        contentId: house.creative.contentId,
      };
    },
  };
}
