import type { TTargetable } from '@screenline/shared/campaign';

/**
 * The keys a space is looked up by in the live-campaign index (migration 0013,
 * `campaign_target_keys`): a campaign is keyed by its ad space ids, else its cities, else its venue
 * types, else its orientations, else `any`. Any campaign that `matchesTargeting` the space shares
 * a key with it; the index may return more (a campaign keyed by its city that wants another venue
 * type), and the rotation still applies `matchesTargeting` to each.
 */
export function spaceTargetKeys(space: TTargetable): string[] {
  return [
    `space:${space.adSpaceId}`,
    cityKey(space.city),
    `venue:${space.venueType}`,
    `orientation:${space.orientation}`,
    'any',
  ];
}

/**
 * A city's key, the SQL function's in JavaScript: only [a-hjl-z0-9] of the lower-cased city. Two
 * cities equal once trimmed and lower-cased have equal keys: no whitespace, no character other
 * than A-Z and the two below lower-cases to a kept one (target-keys.test.ts checks every code
 * point), and i and k are dropped because U+0130 lower-cases to i and a combining dot and the
 * Kelvin sign U+212A to k, which the database (folding A-Z only) would not see.
 */
export function cityKey(city: string): string {
  return `city:${city.toLowerCase().replace(/[^a-hjl-z0-9]/g, '')}`;
}
