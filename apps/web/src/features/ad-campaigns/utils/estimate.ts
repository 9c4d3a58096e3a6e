import {
  matchesTargeting,
  type TCampaignTargeting,
  type TMarketplaceAdSpace,
} from '@screenline/shared/campaign';

export type TReachEstimate = {
  spaces: TMarketplaceAdSpace[];
  /** Ad-slot seconds the matching screens play on an average day. */
  slotSecondsPerDay: number;
  /** The owners' declared weekly footfall, summed over the screens that declare one. */
  weeklyFootfall: number;
  /** Matching screens whose owner declared no footfall. */
  undeclaredFootfall: number;
};

/** What a targeting reaches among the marketplace's screens, by the shared matching rule. */
export function estimateReach(
  spaces: readonly TMarketplaceAdSpace[],
  targeting: TCampaignTargeting,
): TReachEstimate {
  const matching = spaces.filter((space) => matchesTargeting(space, targeting));
  let slotSecondsPerDay = 0;
  let weeklyFootfall = 0;
  let undeclaredFootfall = 0;
  for (const space of matching) {
    slotSecondsPerDay += space.slotSecondsPerDay;
    if (space.audience.weeklyFootfall === null) undeclaredFootfall += 1;
    else weeklyFootfall += space.audience.weeklyFootfall;
  }
  return { spaces: matching, slotSecondsPerDay, weeklyFootfall, undeclaredFootfall };
}

/** The targeted screens whose floor price is above `bidMicros`: the campaign never plays there. */
export const spacesBelowFloor = (spaces: readonly TMarketplaceAdSpace[], bidMicros: number) =>
  spaces.filter((space) => space.floorMicrosPerSecond > bidMicros);

/** The most seconds a budget buys at a bid: whole seconds, in integer arithmetic on micros. */
export const maxSecondsFor = (budgetMicros: number, bidMicros: number) =>
  Number(BigInt(budgetMicros) / BigInt(bidMicros));
