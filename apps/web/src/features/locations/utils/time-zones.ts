import type { TComboboxOption } from '@/components/ui/combobox';

/** The zone this browser runs in (`Europe/London`); UTC when the browser cannot say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "GMT+1", "GMT−3:30", "GMT" at `at`, as Intl names the zone's offset then (DST included). */
export function offsetLabel(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(at);
  return (parts.find((part) => part.type === 'timeZoneName')?.value ?? '').replace('-', '−');
}

let cached: TComboboxOption[] | null = null;

/**
 * Every IANA zone the browser knows, as picker options with today's offset. `UTC` and the
 * browser's own zone are added when the list lacks them (Chromium's list has no `UTC`, and a
 * browser may report an alias such as `Asia/Calcutta`). Built once: about 420 formatters.
 */
export function timeZoneOptions(): TComboboxOption[] {
  if (cached) return cached;
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(browserTimeZone());
  const now = new Date();
  cached = [...zones].sort().map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
    hint: offsetLabel(zone, now),
  }));
  return cached;
}

/** A zone as the list shows it: `America/New York`. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
