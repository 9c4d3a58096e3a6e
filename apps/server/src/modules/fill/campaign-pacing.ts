import type { TCampaignPacing, TDaypart } from '@screenline/shared/campaign';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { Temporal } from '@screenline/playback/temporal';
import { localDayFormat } from '../../lib/local-day';
import { campaignWindows } from './campaign-windows';
import { cachedEligibleDayOf, elapsedOf } from './eligible-time';
import { pacingStatusOf } from './pacing';

/**
 * A campaign's pacing as the buyer and the super-user read it (docs/marketplace.md "Pacing"):
 * its spend against the flight's even line, budget × the share of the flight's eligible time
 * (dates and dayparts) gone by. The fill paces per space in each space's zone; one line needs one
 * zone, the one most of the screens it targets are in (UTC when it targets none).
 */
type TPacedCampaign = {
  startDate: string;
  endDate: string;
  dayparts: readonly TDaypart[];
  budgetMicros: number;
};

/** The zone most of these screens are in (ties: the first met), UTC for none. */
export function mainZoneOf(spaces: ReadonlyArray<{ timeZone: string }>): string {
  const counts = new Map<string, number>();
  for (const space of spaces) counts.set(space.timeZone, (counts.get(space.timeZone) ?? 0) + 1);
  let best = 'UTC';
  let bestCount = 0;
  for (const [zone, count] of counts)
    if (count > bestCount) {
      best = zone;
      bestCount = count;
    }
  return best;
}

/** Eligible time of the whole flight, in the zone. */
function totalEligibleMs(campaign: TPacedCampaign, timeZone: string): number {
  return cachedEligibleDayOf(campaign, timeZone, campaign.startDate).leftMs;
}

/** The even line now and how the spend stands against it. */
export function campaignPacingOf(
  campaign: TPacedCampaign,
  spentMicros: number,
  timeZone: string,
  nowMs: number,
): TCampaignPacing {
  const total = totalEligibleMs(campaign, timeZone);
  const today = localDayFormat(timeZone)(new Date(nowMs).toISOString());
  let gone: number;
  if (today < campaign.startDate) gone = 0;
  else if (today > campaign.endDate) gone = total;
  else {
    const day = cachedEligibleDayOf(campaign, timeZone, today);
    gone = total - day.leftMs + elapsedOf(day, nowMs);
  }
  const evenLineMicros = evenOf(campaign.budgetMicros, gone, total);
  const flightDays = Temporal.PlainDate.from(campaign.startDate).until(campaign.endDate).days + 1;
  return {
    status: pacingStatusOf({
      spentMicros,
      evenLineMicros,
      dayShareMicros: campaign.budgetMicros / flightDays,
    }),
    evenLineMicros,
    timeZone,
  };
}

/**
 * The even line at the end of each local day from `from` to `to` (inclusive), cumulative from
 * the flight's start: one pass over the range's windows.
 */
export function evenLineByDay(
  campaign: TPacedCampaign,
  timeZone: string,
  from: string,
  to: string,
): Array<{ day: string; evenMicros: number }> {
  const total = totalEligibleMs(campaign, timeZone);
  const goneBefore = total - cachedEligibleDayOf(campaign, timeZone, from).leftMs;
  const startOf = (day: Temporal.PlainDate) =>
    resolveLocalDateTime(`${day.toString()}T00:00`, timeZone).epochMs;
  const first = Temporal.PlainDate.from(from);
  const last = Temporal.PlainDate.from(to);
  const windows = campaignWindows(
    campaign,
    timeZone,
    startOf(first),
    startOf(last.add({ days: 1 })),
  );
  const days: Array<{ day: string; evenMicros: number }> = [];
  let gone = goneBefore;
  let index = 0;
  for (let day = first; Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const endMs = startOf(day.add({ days: 1 }));
    // Windows are sorted and disjoint: take what ends before the day's end, and part of the next.
    while (index < windows.length) {
      const window = windows[index]!;
      if (window.endMs <= endMs) {
        gone += window.endMs - window.startMs;
        index += 1;
      } else {
        if (window.startMs < endMs) {
          gone += endMs - window.startMs;
          window.startMs = endMs;
        }
        break;
      }
    }
    days.push({ day: day.toString(), evenMicros: evenOf(campaign.budgetMicros, gone, total) });
  }
  return days;
}

function evenOf(budgetMicros: number, goneMs: number, totalMs: number): number {
  if (totalMs <= 0) return 0;
  return Math.min(budgetMicros, Math.max(0, Math.floor((budgetMicros * goneMs) / totalMs)));
}
