import type {
  TManifestAdCreative,
  TManifestAdFill,
  TManifestMedia,
} from '@screenline/shared/player';
import type { TContentItem } from '@screenline/shared/content';
import type { TDb } from '../../db/database';
import { isPlayable, type TAdRotation, type TRotationRange } from './ad-rotation';
import { qrCodesFor, qrUrlOf } from './qr-codes';

/** What the manifest adds for ad slots: the fill, and the files it names (for `media`). */
export interface TAdFillPart {
  adFill: TManifestAdFill | null;
  media: TManifestMedia[];
}

/**
 * The manifest's `adFill` (issue 9 item 6) for one ad space: the rotation's filled campaigns with
 * their windows, weights, QR URL and creatives, and the house ads. Null while the space is not
 * monetized: the TV then skips its ad slots.
 */
export function createAdFillSource(options: { db: TDb; rotation: TAdRotation; publicUrl: string }) {
  const { db, rotation, publicUrl } = options;
  return {
    async fillFor(adSpaceId: string, range: TRotationRange): Promise<TAdFillPart> {
      const found = (await rotation.rotationsOf([adSpaceId], range)).get(adSpaceId);
      if (!found) return { adFill: null, media: [] };
      const filled = found.campaigns.filter((entry) => entry.notFilledBecause === null);
      const withQr = filled.filter((entry) => entry.destinationUrl !== null);
      const codes = await qrCodesFor(
        db,
        adSpaceId,
        withQr.map((entry) => entry.id),
      );
      const files = new Map<string, TContentItem>();
      const creativeOf = (item: TContentItem): TManifestAdCreative => {
        files.set(item.id, item);
        return { creativeId: item.id, contentId: item.id, kind: item.kind };
      };
      const adFill: TManifestAdFill = {
        campaigns: filled.map((entry) => {
          const code = codes.get(entry.id);
          return {
            campaignId: entry.id,
            weight: entry.weight,
            qrUrl: entry.destinationUrl !== null && code ? qrUrlOf(publicUrl, code) : null,
            windows: entry.windows,
            creatives: entry.playableCreatives.map(creativeOf),
          };
        }),
        houseAds: found.houseAds.filter(isPlayable).map(creativeOf),
      };
      const media = [...files.values()].flatMap((item) =>
        item.mediaUrl
          ? [
              {
                contentId: item.id,
                kind: item.kind,
                contentType: item.contentType,
                url: item.mediaUrl,
                sizeBytes: item.sizeBytes,
                md5: item.md5,
                durationMs: item.durationMs,
              },
            ]
          : [],
      );
      return { adFill, media };
    },
  };
}

export type TAdFillSource = ReturnType<typeof createAdFillSource>;
