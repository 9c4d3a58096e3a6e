import {
  matchesTargeting,
  type TCampaignTargeting,
  type TDaypart,
  type TMarketplaceAdSpace,
} from './campaign';
import { formatMicros } from './money';

/**
 * The campaign wizard's forecast (issue 22 item 3; docs/marketplace.md "The forecast"): what a
 * campaign may play and spend on an average day, from the marketplace's ad spaces. Pure, so the
 * wizard computes it on every keystroke and the server's tests pin its rules.
 */

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const HOURS_PER_WEEK = 168;
/**
 * How far a campaign's rotation weight moves from its bid: pacing weighs a campaign between ¼ and
 * 2 × its bid (docs/marketplace.md "Pacing"). The range reads the two ends of a factor 2 either
 * way: the buyer behind its even line against competitors on pace, and the reverse.
 */
export const FORECAST_PACING_SPREAD = 2;

export interface TForecastInput {
  targeting: TCampaignTargeting;
  /** Empty: all day, every day. */
  dayparts: readonly Pick<TDaypart, 'weekdays' | 'startTime' | 'endTime'>[];
  /** Undefined while the buyer has not typed a bid: no space is left out for its floor. */
  bidMicrosPerSecond: number | undefined;
  dailyCapMicros: number | null | undefined;
}

export interface TRange {
  low: number;
  high: number;
}

export interface TForecastSpace {
  space: TMarketplaceAdSpace;
  /** Ad-slot seconds within the dayparts on an average day of the week, in the space's zone. */
  slotSecondsPerDay: number;
}

export interface TForecast {
  /** Matching spaces the campaign can play on, with their ad-slot time in the dayparts. */
  counted: TForecastSpace[];
  /** Matching spaces it cannot play on, each with the reason in words. */
  leftOut: { space: TMarketplaceAdSpace; reason: string }[];
  /** Ad-slot seconds of the counted spaces within the dayparts, on an average day. */
  slotSecondsPerDay: number;
  /** Null until there is a bid. */
  perDay: { seconds: TRange; plays: TRange; spendMicros: TRange; cappedByDailyCap: boolean } | null;
  weeklyFootfall: number;
  undeclaredFootfall: number;
}

/** "HH:mm" as minutes after midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The share of each local hour of the week (168 figures, Monday 00:00 first) the dayparts cover:
 * 1 for every hour when there are none. A daypart whose end is at or before its start runs into
 * the next day (Sunday's into Monday's); overlapping dayparts count once.
 */
export function daypartHourShares(dayparts: TForecastInput['dayparts']): number[] {
  if (dayparts.length === 0) return Array.from({ length: HOURS_PER_WEEK }, () => 1);
  const covered = new Uint8Array(MINUTES_PER_WEEK);
  for (const daypart of dayparts) {
    const start = minutesOf(daypart.startTime);
    const end = minutesOf(daypart.endTime);
    const length = end > start ? end - start : MINUTES_PER_DAY - start + end;
    for (const weekday of daypart.weekdays) {
      const from = (weekday - 1) * MINUTES_PER_DAY + start;
      for (let minute = from; minute < from + length; minute += 1)
        covered[minute % MINUTES_PER_WEEK] = 1;
    }
  }
  const shares: number[] = [];
  for (let hour = 0; hour < HOURS_PER_WEEK; hour += 1) {
    let minutes = 0;
    for (let minute = hour * 60; minute < hour * 60 + 60; minute += 1) minutes += covered[minute]!;
    shares.push(minutes / 60);
  }
  return shares;
}

/** A space's ad-slot seconds within the dayparts (as hour shares) on an average day of the week. */
export function slotSecondsInDayparts(space: TMarketplaceAdSpace, shares: readonly number[]) {
  let seconds = 0;
  space.slotSecondsByHour.forEach((hourSeconds, hour) => {
    seconds += hourSeconds * (shares[hour] ?? 0);
  });
  return seconds / 7;
}

/**
 * The campaign's share of a space's ad slots, low and high: its bid against the sum of the
 * competing live campaigns' bids there, each side weighed up to FORECAST_PACING_SPREAD × its bid.
 * Alone on a space, it has all of it.
 */
export function slotShare(bid: number, competingBids: number): TRange {
  if (competingBids === 0) return { low: 1, high: 1 };
  const spread = FORECAST_PACING_SPREAD;
  return {
    low: bid / (bid + spread * competingBids),
    high: (spread * bid) / (spread * bid + competingBids),
  };
}

/** The forecast of a campaign's targeting, dayparts, bid and daily cap. */
export function forecastCampaign(
  spaces: readonly TMarketplaceAdSpace[],
  input: TForecastInput,
): TForecast {
  const shares = daypartHourShares(input.dayparts);
  const bid = input.bidMicrosPerSecond;
  const counted: TForecastSpace[] = [];
  const leftOut: TForecast['leftOut'] = [];
  let weeklyFootfall = 0;
  let undeclaredFootfall = 0;
  for (const space of spaces) {
    if (!matchesTargeting(space, input.targeting)) continue;
    if (bid !== undefined && bid < space.floorMicrosPerSecond) {
      leftOut.push({
        space,
        reason: `Your bid is below its floor of ${formatMicros(space.floorMicrosPerSecond, { precise: true })} a second.`,
      });
      continue;
    }
    const slotSecondsPerDay = slotSecondsInDayparts(space, shares);
    if (slotSecondsPerDay === 0) {
      leftOut.push({
        space,
        reason:
          input.dayparts.length > 0
            ? 'It plays no ad slot in your dayparts.'
            : 'Its schedule plays no ad slot in the coming week.',
      });
      continue;
    }
    counted.push({ space, slotSecondsPerDay });
    if (space.audience.weeklyFootfall === null) undeclaredFootfall += 1;
    else weeklyFootfall += space.audience.weeklyFootfall;
  }
  const slotSecondsPerDay = counted.reduce((sum, entry) => sum + entry.slotSecondsPerDay, 0);
  return {
    counted,
    leftOut,
    slotSecondsPerDay,
    perDay: bid === undefined ? null : perDayRange(counted, bid, input.dailyCapMicros ?? null),
    weeklyFootfall,
    undeclaredFootfall,
  };
}

/** Seconds, plays and spend a day, low and high, the daily cap bounding both ends. */
function perDayRange(counted: readonly TForecastSpace[], bid: number, dailyCap: number | null) {
  const seconds = { low: 0, high: 0 };
  const plays = { low: 0, high: 0 };
  for (const { space, slotSecondsPerDay } of counted) {
    const share = slotShare(bid, space.competition.bidsMicrosPerSecond);
    const low = slotSecondsPerDay * share.low;
    const high = slotSecondsPerDay * share.high;
    seconds.low += low;
    seconds.high += high;
    if (space.averageSlotSeconds > 0) {
      plays.low += low / space.averageSlotSeconds;
      plays.high += high / space.averageSlotSeconds;
    }
  }
  const capped = (range: TRange, spend: TRange, end: 'low' | 'high') =>
    dailyCap !== null && spend[end] > dailyCap ? (range[end] * dailyCap) / spend[end] : range[end];
  const spend = { low: seconds.low * bid, high: seconds.high * bid };
  const cappedByDailyCap = dailyCap !== null && spend.high > dailyCap;
  return {
    seconds: {
      low: Math.round(capped(seconds, spend, 'low')),
      high: Math.round(capped(seconds, spend, 'high')),
    },
    plays: {
      low: Math.round(capped(plays, spend, 'low')),
      high: Math.round(capped(plays, spend, 'high')),
    },
    spendMicros: {
      low: Math.round(dailyCap === null ? spend.low : Math.min(spend.low, dailyCap)),
      high: Math.round(dailyCap === null ? spend.high : Math.min(spend.high, dailyCap)),
    },
    cappedByDailyCap,
  };
}
