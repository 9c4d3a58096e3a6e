import type { TCampaignState, TCampaignStatus } from '@screenline/shared/campaign';

/** A campaign's dates and statuses: the days results, statuses and "today" are judged on. */

export const DAY_MS = 86_400_000;
/** The longest results range, in days: a year and a month. */
export const RESULTS_MAX_DAYS = 400;

/** The UTC date of an instant, `YYYY-MM-DD`: statuses and "today" are judged on it. */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** When a campaign ending on `endDate` has ended everywhere: endDate + 1 day, 12:00 UTC (UTC−12). */
export const endedEverywhereAt = (endDate: string) => Date.parse(`${endDate}T12:00:00Z`) + DAY_MS;

/** What people see: approved splits into scheduled (before the start date, UTC) and active. */
export function statusOf(state: TCampaignState, startDate: string, today: string): TCampaignStatus {
  if (state === 'pending') return 'pending-review';
  if (state === 'approved') return today < startDate ? 'scheduled' : 'active';
  return state;
}
