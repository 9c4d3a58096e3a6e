import type { TMarketplaceAdSpace } from '@screenline/shared/campaign';
import { forecastCampaign, type TForecastInput, type TRange } from '@screenline/shared/forecast';
import { formatMicros } from '@screenline/shared/money';
import { Spinner } from '@/components/ui/spinner';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatSeconds } from '@/lib/campaign-format';

const formatRange = (range: TRange, format: (value: number) => string) =>
  range.low === range.high ? format(range.low) : `${format(range.low)} – ${format(range.high)}`;

/**
 * The forecast, recomputed on every change (`forecastCampaign`, docs/marketplace.md "The
 * forecast"): the screens the campaign can play on, their ad-slot time within the dayparts,
 * plays and spend a day as a range, the owners' declared footfall, and the screens left out
 * with the reason.
 */
export function ReachEstimate({
  spaces,
  input,
}: {
  spaces: { data?: TMarketplaceAdSpace[]; isPending: boolean; error: unknown };
  input: TForecastInput;
}) {
  if (spaces.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading the screens you can target…
      </p>
    );
  }
  if (!spaces.data) {
    return (
      <p role="alert" className="text-sm text-danger">
        The estimate is not available: {errorMessage(spaces.error)}
      </p>
    );
  }
  const forecast = forecastCampaign(spaces.data, input);
  const matching = forecast.counted.length + forecast.leftOut.length;
  const perDay = forecast.perDay;
  const figures = [
    {
      term: 'Screens it plays on',
      value: formatCount(forecast.counted.length),
      hint:
        forecast.leftOut.length > 0
          ? `Of ${formatCount(matching)} matching; see below`
          : 'Every matching screen',
    },
    {
      term: 'Ad-slot time per day',
      value: formatSeconds(Math.round(forecast.slotSecondsPerDay)),
      hint:
        input.dayparts.length > 0
          ? 'Within your dayparts, on an average day of the week'
          : 'On an average day of the week',
    },
    {
      term: 'Plays per day',
      value: perDay ? formatRange(perDay.plays, formatCount) : 'Enter a bid',
      hint: perDay
        ? `${formatRange(perDay.seconds, formatSeconds)} shown, sharing the slots with other campaigns`
        : 'Your share of the slots depends on your bid',
    },
    {
      term: 'Spend per day',
      value: perDay ? formatRange(perDay.spendMicros, (micros) => formatMicros(micros)) : '—',
      hint: perDay?.cappedByDailyCap ? 'Limited by your daily cap' : undefined,
    },
    {
      term: 'Weekly footfall',
      value: formatCount(forecast.weeklyFootfall),
      hint:
        forecast.undeclaredFootfall === 0
          ? 'As declared by the screens’ owners'
          : `As declared by the owners; ${forecast.undeclaredFootfall} of these screens declare none`,
    },
  ];
  return (
    <section aria-labelledby="reach-estimate" aria-live="polite" className="grid gap-3">
      <h2 id="reach-estimate" className="text-sm font-semibold">
        Forecast
      </h2>
      <FigureTiles
        figures={figures}
        size="compact"
        className="gap-2"
        tileClassName="bg-surface-muted/40"
      />
      {forecast.leftOut.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-xs font-semibold">Left out of the forecast</h3>
          <ul aria-label="Screens left out of the forecast" className="grid gap-1 text-xs">
            {forecast.leftOut.map(({ space, reason }) => (
              <li key={space.adSpaceId}>
                <span className="font-medium">
                  {space.name} ({space.city})
                </span>
                : {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {matching === 0 && (
        <p className="text-xs text-muted-foreground">
          {spaces.data.length === 0
            ? 'No screen is open to campaigns yet.'
            : 'No screen matches: widen the targeting or choose screens.'}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        A range, not a promise: your share of each screen’s ad slots depends on the other live
        campaigns’ bids there and on how each campaign is paced.
      </p>
    </section>
  );
}
