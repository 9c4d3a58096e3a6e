import type { TMarketplaceAdSpace } from '@screenline/shared/campaign';

/**
 * Aspect ratios within this factor of each other count as the same shape (1920×1080 and
 * 1280×720 match, 16:9 and 4:3 do not). The TV shows a creative whole ("contain"), so any other
 * shape plays with bars beside it or above and below it.
 */
export const ASPECT_TOLERANCE = 1.05;

type TShape = 'landscape' | 'portrait' | 'square';
const shapeOf = (width: number, height: number): TShape =>
  Math.abs(Math.log(width / height)) <= Math.log(ASPECT_TOLERANCE)
    ? 'square'
    : width > height
      ? 'landscape'
      : 'portrait';

export interface TCreativeFitIssue {
  creativeId: string;
  adSpaceId: string;
  /** The warning in words, naming the creative and the screen. */
  message: string;
}

/**
 * The creatives whose shape does not fit a targeted screen: another orientation (a landscape
 * creative on a portrait screen), or the same orientation at another aspect ratio. Creatives of
 * unknown size are not judged.
 */
export function creativeFitIssues(
  creatives: readonly { id: string; name: string; width: number | null; height: number | null }[],
  spaces: readonly TMarketplaceAdSpace[],
): TCreativeFitIssue[] {
  const issues: TCreativeFitIssue[] = [];
  for (const creative of creatives) {
    const { width, height } = creative;
    if (!width || !height) continue;
    const shape = shapeOf(width, height);
    for (const space of spaces) {
      const screen = `“${space.name}” (${space.city})`;
      const screenShape =
        space.resolutionWidth > 0 && space.resolutionHeight > 0
          ? shapeOf(space.resolutionWidth, space.resolutionHeight)
          : space.orientation;
      const ratio = (width / height) * (space.resolutionHeight / space.resolutionWidth);
      // Shown whole: a creative wider than the screen gets bars above and below, a narrower one
      // bars beside it.
      const bars = ratio > 1 ? 'above and below' : 'beside';
      let message: string | null = null;
      if (shape !== screenShape) {
        message = `“${creative.name}” is ${shape} (${width}×${height}) but ${screen} is a ${space.orientation} screen (${space.resolutionWidth}×${space.resolutionHeight}): it will show small, with bars ${bars} it.`;
      } else if (Math.abs(Math.log(ratio)) > Math.log(ASPECT_TOLERANCE)) {
        message = `“${creative.name}” (${width}×${height}) has another aspect ratio than ${screen} (${space.resolutionWidth}×${space.resolutionHeight}): it will show with bars ${bars} it.`;
      }
      if (message) issues.push({ creativeId: creative.id, adSpaceId: space.adSpaceId, message });
    }
  }
  return issues;
}
