import type { TCampaignTargeting, TDaypart } from '@screenline/shared/campaign';
import { VENUE_TYPE_LABELS } from '@screenline/shared/location';
import { formatMicros } from '@screenline/shared/money';
import { formatWeekdays } from '@screenline/shared/schedule-label';
import { formatLongDay } from '@/lib/local-time';

/*
 * Campaign figures and settings in words, shared by the buyer's campaign pages and the
 * super-users' approvals (a shared folder: features do not import each other).
 */

/** A price per second: "€0.0025 per second" (every digit a bid has). */
export const formatBid = (micros: number) =>
  `${formatMicros(micros, { precise: true })} per second`;

/** "Monday 2 March 2026 to Sunday 8 March 2026". */
export const formatFlight = (startDate: string, endDate: string) =>
  `${formatLongDay(startDate)} to ${formatLongDay(endDate)}`;

/** "23 Nov – 23 Dec 2026"; "23 Dec 2026 – 5 Jan 2027" across a new year (calendar days). */
export function formatDateSpan(startDate: string, endDate: string): string {
  const format = (day: string, withYear: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    });
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  return `${format(startDate, !sameYear)} – ${format(endDate, true)}`;
}

/** Each daypart as "Mon–Fri 07:00–10:00"; none: all day, every day. */
export function formatDayparts(dayparts: readonly TDaypart[]): string[] {
  if (dayparts.length === 0) return ['All day, every day'];
  return dayparts.map((daypart) => {
    const days = formatWeekdays(daypart.weekdays);
    const when = `${days.charAt(0).toUpperCase()}${days.slice(1)}`;
    return daypart.startTime === daypart.endTime
      ? `${when}, all day`
      : `${when} ${daypart.startTime}–${daypart.endTime}`;
  });
}

/**
 * The targeting as lines of words: the ad spaces chosen, named by `spaceName` when the caller can
 * (screens it does not know are counted as no longer open to campaigns), or each filter; nothing
 * given targets every monetized screen.
 */
export function describeTargeting(
  targeting: TCampaignTargeting,
  spaceName?: (adSpaceId: string) => string | undefined,
): string[] {
  if (targeting.adSpaceIds && targeting.adSpaceIds.length > 0) {
    const count = targeting.adSpaceIds.length;
    const chosen = `${count} chosen ${count === 1 ? 'screen' : 'screens'}`;
    if (!spaceName) return [chosen];
    const names = targeting.adSpaceIds.flatMap((id) => spaceName(id) ?? []);
    const unknown = count - names.length;
    if (unknown > 0) names.push(`${unknown} no longer open to campaigns`);
    return [`${chosen}: ${names.join(', ')}`];
  }
  const lines: string[] = [];
  if (targeting.cities?.length) lines.push(`Cities: ${targeting.cities.join(', ')}`);
  if (targeting.venueTypes?.length)
    lines.push(`Venues: ${targeting.venueTypes.map((type) => VENUE_TYPE_LABELS[type]).join(', ')}`);
  if (targeting.orientations?.length)
    lines.push(
      `Orientation: ${targeting.orientations.map((o) => (o === 'portrait' ? 'Portrait' : 'Landscape')).join(', ')}`,
    );
  return lines.length > 0 ? lines : ['Every monetized screen'];
}

/** A count for people: "12,345". */
export const formatCount = (value: number) => value.toLocaleString('en-GB');

/** Seconds as "2 h 5 min", "45 min", "30 s". */
export function formatSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${formatCount(hours)} h` : `${formatCount(hours)} h ${rest} min`;
}

/** When something happened, in the viewer's clock: "2 Mar 2026, 14:05". */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
