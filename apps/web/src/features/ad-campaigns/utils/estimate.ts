import {
  matchesTargeting,
  type TCampaignTargeting,
  type TMarketplaceAdSpace,
} from '@screenline/shared/campaign';

/**
 * The marketplace's screens a targeting matches, by the shared matching rule (the forecast
 * itself is `forecastCampaign` in packages/shared/src/forecast.ts).
 */
export const targetedSpaces = (
  spaces: readonly TMarketplaceAdSpace[],
  targeting: TCampaignTargeting,
) => spaces.filter((space) => matchesTargeting(space, targeting));

/** The targeted screens whose floor price is above `bidMicros`: the campaign never plays there. */
export const spacesBelowFloor = (spaces: readonly TMarketplaceAdSpace[], bidMicros: number) =>
  spaces.filter((space) => space.floorMicrosPerSecond > bidMicros);

/** The most seconds a budget buys at a bid: whole seconds, in integer arithmetic on micros. */
export const maxSecondsFor = (budgetMicros: number, bidMicros: number) =>
  Number(BigInt(budgetMicros) / BigInt(bidMicros));
