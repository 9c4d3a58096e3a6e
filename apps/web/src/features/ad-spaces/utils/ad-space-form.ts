import { z } from 'zod';
import { ZCreateAdSpace, type TAdSpace, type TOrientation } from '@screenline/shared/ad-space';

/** Common screen resolutions; anything else is "custom". */
export const RESOLUTION_PRESETS = [
  { value: '1920x1080', width: 1920, height: 1080, label: '1920 × 1080 (Full HD, landscape)' },
  { value: '1080x1920', width: 1080, height: 1920, label: '1080 × 1920 (Full HD, portrait)' },
  { value: '3840x2160', width: 3840, height: 2160, label: '3840 × 2160 (4K, landscape)' },
] as const;
export const CUSTOM_RESOLUTION = 'custom';

/** The orientation a resolution suggests: taller than wide is portrait. */
export function orientationOf(width: number, height: number): TOrientation {
  return height > width ? 'portrait' : 'landscape';
}

const ZText = z.string();
/** What the ad-space form holds: text inputs, a preset or "custom", '' for no playlist. */
const ZAdSpaceFormValues = z.object({
  name: ZText,
  locationId: ZText,
  orientation: ZText,
  resolution: ZText,
  resolutionWidth: ZText,
  resolutionHeight: ZText,
  defaultPlaylistId: ZText,
  /** Tags typed with commas between them ("lobby, berlin"). */
  tags: ZText,
});
export type TAdSpaceFormValues = z.infer<typeof ZAdSpaceFormValues>;

function pixels(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

function toBody(values: TAdSpaceFormValues) {
  const preset = RESOLUTION_PRESETS.find((entry) => entry.value === values.resolution);
  return {
    name: values.name,
    locationId: values.locationId,
    orientation: values.orientation,
    resolutionWidth: preset?.width ?? pixels(values.resolutionWidth),
    resolutionHeight: preset?.height ?? pixels(values.resolutionHeight),
    defaultPlaylistId: values.defaultPlaylistId === '' ? null : values.defaultPlaylistId,
    tags: tagsOfText(values.tags),
  };
}

/** "Lobby, berlin ," → ["Lobby", "berlin"]: the shared schema normalizes each. */
export function tagsOfText(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The form's values turned into the API body and checked by the shared `ZCreateAdSpace`. */
export const ZAdSpaceForm = ZAdSpaceFormValues
  // Typed unknown: the pipe, not the compiler, says whether this is a valid body.
  .transform((values): unknown => toBody(values))
  .pipe(ZCreateAdSpace);
export type TAdSpaceBody = z.output<typeof ZAdSpaceForm>;

/** Messages for what the shared schema leaves to zod's defaults. */
export const adSpaceFormErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number')
    return 'Enter a number of pixels.';
  if (issue.code === 'invalid_value') return 'Pick one from the list.';
  return undefined;
};

/** The form for a new space (at `locationId`, when there is one choice) or for `adSpace`. */
export function adSpaceFormValues(
  adSpace: TAdSpace | null,
  locationId: string,
): TAdSpaceFormValues {
  if (!adSpace) {
    const [preset] = RESOLUTION_PRESETS;
    return {
      name: '',
      locationId,
      orientation: 'landscape',
      resolution: preset.value,
      resolutionWidth: String(preset.width),
      resolutionHeight: String(preset.height),
      defaultPlaylistId: '',
      tags: '',
    };
  }
  const { resolutionWidth: width, resolutionHeight: height } = adSpace;
  const preset = RESOLUTION_PRESETS.find(
    (entry) => entry.width === width && entry.height === height,
  );
  return {
    name: adSpace.name,
    locationId: adSpace.location.id,
    orientation: adSpace.orientation,
    resolution: preset?.value ?? CUSTOM_RESOLUTION,
    resolutionWidth: String(width),
    resolutionHeight: String(height),
    defaultPlaylistId: adSpace.defaultPlaylist?.id ?? '',
    tags: adSpace.tags.join(', '),
  };
}
