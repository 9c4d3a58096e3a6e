import { z } from 'zod';
import { text } from './text';

/** Locations (`/api/v1/locations`): where an owner's screens are (DESIGN.md §4). */

export const VENUE_TYPES = [
  'retail',
  'food-and-drink',
  'transit',
  'fitness',
  'office',
  'health',
  'education',
  'hospitality',
  'other',
] as const;
export const ZVenueType = z.enum(VENUE_TYPES);
export type TVenueType = z.infer<typeof ZVenueType>;

export const VENUE_TYPE_LABELS: Record<TVenueType, string> = {
  retail: 'Retail',
  'food-and-drink': 'Food and drink',
  transit: 'Transit',
  fitness: 'Fitness',
  office: 'Office',
  health: 'Health',
  education: 'Education',
  hospitality: 'Hospitality',
  other: 'Other',
};

/** Audience age bands an owner can spread their estimate over (percentages). */
export const AGE_BANDS = [
  'under18',
  '18to24',
  '25to34',
  '35to44',
  '45to54',
  '55to64',
  '65plus',
] as const;
export type TAgeBand = (typeof AGE_BANDS)[number];
export const AGE_BAND_LABELS: Record<TAgeBand, string> = {
  under18: 'Under 18',
  '18to24': '18–24',
  '25to34': '25–34',
  '35to44': '35–44',
  '45to54': '45–54',
  '55to64': '55–64',
  '65plus': '65 and over',
};

/** Whether the runtime knows `zone` as an IANA time zone (Intl validates; no list to keep). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = text()
  .min(1, 'Pick a time zone.')
  .refine(isTimeZone, 'Not a time zone we know; pick one from the list.');

const ZPercent = z.number().int('Whole percent, please.').min(0).max(100);

/** Owner-declared audience estimate; shown to buyers as an estimate. Every part optional. */
export const ZAudience = z
  .strictObject({
    weeklyFootfall: z
      .number()
      .int('A whole number, please.')
      .min(0, 'Cannot be negative.')
      .max(100_000_000, 'At most 100 million a week.')
      .nullable()
      .default(null),
    /** Share of the audience per age band, in percent; the bands given sum to at most 100. */
    ageBands: z
      .partialRecord(z.enum(AGE_BANDS), ZPercent)
      .default({})
      .refine(
        (bands) => Object.values(bands).reduce((sum, value) => sum + (value ?? 0), 0) <= 100,
        'The age bands add up to more than 100%.',
      ),
    /** Share of women, men and others, in percent; at most 100 together. */
    genderSplit: z
      .strictObject({
        female: ZPercent.default(0),
        male: ZPercent.default(0),
        other: ZPercent.default(0),
      })
      .nullable()
      .default(null)
      .refine(
        (split) => split === null || split.female + split.male + split.other <= 100,
        'The split adds up to more than 100%.',
      ),
  })
  .default({ weeklyFootfall: null, ageBands: {}, genderSplit: null });
export type TAudience = z.infer<typeof ZAudience>;
export type TAudienceInput = z.input<typeof ZAudience>;

const line = (max: number, label: string) =>
  text().trim().min(1, `Enter the ${label}.`).max(max, `Keep it under ${max} characters.`);
const optionalLine = (max: number) =>
  text()
    .trim()
    .max(max, `Keep it under ${max} characters.`)
    .transform((value) => value || null)
    .nullable()
    .default(null);

export const ZAddress = z.strictObject({
  line: line(200, 'street address'),
  city: line(100, 'city'),
  region: optionalLine(100),
  postalCode: optionalLine(20),
  /** ISO 3166-1 alpha-2, upper case (`GB`, `US`). */
  country: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Pick a country.'),
});
export type TAddress = z.infer<typeof ZAddress>;

const locationFields = {
  name: text().trim().min(1, 'Enter a name.').max(200, 'Keep it under 200 characters.'),
  address: ZAddress,
  latitude: z
    .number()
    .min(-90, 'From −90 to 90.')
    .max(90, 'From −90 to 90.')
    .nullable()
    .default(null),
  longitude: z
    .number()
    .min(-180, 'From −180 to 180.')
    .max(180, 'From −180 to 180.')
    .nullable()
    .default(null),
  timeZone: ZTimeZone,
  venueType: ZVenueType,
  audience: ZAudience,
};

function refineCoordinates(
  value: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  const hasLat = value.latitude != null;
  const hasLng = value.longitude != null;
  if (hasLat !== hasLng) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLat ? 'longitude' : 'latitude'],
      message: 'Give both latitude and longitude, or neither.',
    });
  }
}

/** POST /api/v1/locations */
export const ZCreateLocation = z.strictObject(locationFields).superRefine(refineCoordinates);
export type TCreateLocation = z.input<typeof ZCreateLocation>;

/** PATCH /api/v1/locations/{id}: any subset; the address is replaced whole. */
export const ZUpdateLocation = z
  .strictObject({
    name: locationFields.name,
    address: locationFields.address,
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    timeZone: locationFields.timeZone,
    venueType: locationFields.venueType,
    audience: locationFields.audience,
  })
  .partial();
export type TUpdateLocation = z.input<typeof ZUpdateLocation>;

export const ZLocation = z.object({
  id: text(),
  name: text(),
  address: z.object({
    line: text(),
    city: text(),
    region: text().nullable(),
    postalCode: text().nullable(),
    country: text(),
  }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: text(),
  venueType: ZVenueType,
  audience: z.object({
    weeklyFootfall: z.number().int().nullable(),
    ageBands: z.partialRecord(z.enum(AGE_BANDS), z.number().int()),
    genderSplit: z
      .object({ female: z.number().int(), male: z.number().int(), other: z.number().int() })
      .nullable(),
  }),
  /** How many ad spaces stand here. */
  adSpaceCount: z.number().int().nonnegative(),
  createdAt: text(),
  updatedAt: text(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZListQuery = z.object({
  cursor: text().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Part of the name, case-insensitive. */
  q: text().trim().max(200).optional(),
});
export type TListQuery = z.input<typeof ZListQuery>;

export const ZLocationList = z.object({ items: z.array(ZLocation), nextCursor: text().nullable() });
export type TLocationList = z.infer<typeof ZLocationList>;

// The player module's routes still import it from here (that module is being reworked
// elsewhere); everything else imports it from ./id.
export { ZIdParams } from './id';
