import { z } from 'zod';
import {
  AGE_BANDS,
  ZCreateLocation,
  type TAgeBand,
  type TLocation,
} from '@screenline/shared/location';

const ZText = z.string();
const ZAgeBandTexts = z.record(z.enum(AGE_BANDS), ZText);

/**
 * What the location form holds: the shape of the API's body, with every number as the text of
 * its input ('' for none) and the venue type '' until one is picked.
 */
const ZLocationFormValues = z.object({
  name: ZText,
  address: z.object({
    line: ZText,
    city: ZText,
    region: ZText,
    postalCode: ZText,
    country: ZText,
  }),
  latitude: ZText,
  longitude: ZText,
  timeZone: ZText,
  venueType: ZText,
  audience: z.object({
    weeklyFootfall: ZText,
    ageBands: ZAgeBandTexts,
    genderSplit: z.object({ female: ZText, male: ZText, other: ZText }),
  }),
});
export type TLocationFormValues = z.infer<typeof ZLocationFormValues>;

/** '' → null; otherwise the number typed (NaN when it is none, which the schema refuses). */
function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

function toBody(values: TLocationFormValues) {
  const ageBands: Partial<Record<TAgeBand, number>> = {};
  for (const band of AGE_BANDS) {
    const value = numberOrNull(values.audience.ageBands[band]);
    if (value !== null) ageBands[band] = value;
  }
  const { female, male, other } = values.audience.genderSplit;
  const hasSplit = [female, male, other].some((part) => part.trim() !== '');
  return {
    name: values.name,
    address: values.address,
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    timeZone: values.timeZone,
    venueType: values.venueType,
    audience: {
      weeklyFootfall: numberOrNull(values.audience.weeklyFootfall),
      ageBands,
      // A part left empty counts as 0 once any part is given.
      genderSplit: hasSplit
        ? {
            female: numberOrNull(female) ?? 0,
            male: numberOrNull(male) ?? 0,
            other: numberOrNull(other) ?? 0,
          }
        : null,
    },
  };
}

/**
 * The form's values turned into the API body and checked by the shared `ZCreateLocation`, so
 * each message, and its path, is the server's own.
 */
export const ZLocationForm = ZLocationFormValues
  // Typed unknown: the pipe, not the compiler, says whether this is a valid body.
  .transform((values): unknown => toBody(values))
  .pipe(ZCreateLocation);
export type TLocationBody = z.output<typeof ZLocationForm>;

/**
 * Messages for the few checks the shared schema leaves to zod's defaults ("Invalid input:
 * expected number, received NaN"): a per-parse error map, which the schema's own messages win
 * over.
 */
export const locationFormErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a number.';
  if (issue.code === 'invalid_value') return 'Pick one from the list.';
  if (issue.code === 'too_small' && issue.origin === 'number') return 'Cannot be negative.';
  if (issue.code === 'too_big' && issue.origin === 'number') return 'At most 100%.';
  return undefined;
};

const text = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** The form for a new location (its zone: the browser's) or for editing `location`. */
export function locationFormValues(
  location: TLocation | null,
  defaultTimeZone: string,
): TLocationFormValues {
  const ageBands = ZAgeBandTexts.parse(
    Object.fromEntries(AGE_BANDS.map((band) => [band, text(location?.audience.ageBands[band])])),
  );
  const split = location?.audience.genderSplit ?? null;
  return {
    name: location?.name ?? '',
    address: {
      line: location?.address.line ?? '',
      city: location?.address.city ?? '',
      region: location?.address.region ?? '',
      postalCode: location?.address.postalCode ?? '',
      country: location?.address.country ?? '',
    },
    latitude: text(location?.latitude),
    longitude: text(location?.longitude),
    timeZone: location?.timeZone ?? defaultTimeZone,
    venueType: location?.venueType ?? '',
    audience: {
      weeklyFootfall: text(location?.audience.weeklyFootfall),
      ageBands,
      genderSplit: {
        female: text(split?.female),
        male: text(split?.male),
        other: text(split?.other),
      },
    },
  };
}
