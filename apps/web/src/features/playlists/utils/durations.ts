/**
 * Playlist lengths in words: "45 s", "2 min 30 s", "1 h 5 min". Seconds are rounded; parts that
 * are zero are left out, except a bare "0 s".
 */
export function formatSeconds(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '—';
  const rounded = Math.round(totalSeconds);
  const hours = Math.floor(rounded / 3600);
  const minutes = Math.floor((rounded % 3600) / 60);
  const seconds = rounded % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  if (seconds > 0 || parts.length === 0) parts.push(`${seconds} s`);
  return parts.join(' ');
}

/**
 * A playlist's length as a TV plays it: without monetization it skips the ad slots, so the
 * total leaves them out and they are said apart ("+ 30 s ad slots when monetized", or null).
 */
export function playlistLength(
  totalSeconds: number,
  adSlotSeconds: number,
): { total: string; adSlots: string | null } {
  return {
    total: formatSeconds(totalSeconds - adSlotSeconds),
    adSlots: adSlotSeconds > 0 ? `+ ${formatSeconds(adSlotSeconds)} ad slots when monetized` : null,
  };
}

/** A video's length as a clock: "0:12", "1:05", "1:02:03". */
export function formatClock(ms: number): string {
  const totalSeconds = ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const ss = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

export const DURATION_UNITS = [
  { value: 's', seconds: 1, label: 'seconds' },
  { value: 'min', seconds: 60, label: 'minutes' },
  { value: 'h', seconds: 3600, label: 'hours' },
] as const;
export type TDurationUnit = (typeof DURATION_UNITS)[number]['value'];

export function unitSeconds(unit: TDurationUnit): number {
  return DURATION_UNITS.find((candidate) => candidate.value === unit)?.seconds ?? 1;
}

/** The largest allowed unit that shows `seconds` as a whole number: 120 → 2 min, 90 → 90 s. */
export function naturalUnit(seconds: number, units: readonly TDurationUnit[]): TDurationUnit {
  const fitting = units.filter(
    (unit) => Number.isInteger(seconds) && seconds > 0 && seconds % unitSeconds(unit) === 0,
  );
  return fitting.reduce<TDurationUnit>(
    (best, unit) => (unitSeconds(unit) > unitSeconds(best) ? unit : best),
    's',
  );
}

/**
 * Seconds from what the owner typed in a unit: NaN when it is no number (the form says so).
 * Rounded to the millisecond so 0.1 h is 360, not 360.00000000000006.
 */
export function toSeconds(text: string, unit: TDurationUnit): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value)) return Number.NaN;
  return Math.round(value * unitSeconds(unit) * 1000) / 1000;
}

/** How `seconds` reads in `unit`, for the number box: 90 in min → "1.5". */
export function inUnit(seconds: number, unit: TDurationUnit): string {
  if (!Number.isFinite(seconds)) return '';
  return String(Math.round((seconds / unitSeconds(unit)) * 1000) / 1000);
}
