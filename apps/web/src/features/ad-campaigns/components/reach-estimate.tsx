import type { TMarketplaceAdSpace, TCampaignTargeting } from '@screenline/shared/campaign';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatSeconds } from '@/lib/campaign-format';
import { estimateReach } from '@/features/ad-campaigns/utils/estimate';

/**
 * What the targeting reaches right now, recomputed on every change with the shared matching
 * rule: matching screens, their ad-slot seconds per day and their owners' declared footfall.
 */
export function ReachEstimate({
  spaces,
  targeting,
}: {
  spaces: { data?: TMarketplaceAdSpace[]; isPending: boolean; error: unknown };
  targeting: TCampaignTargeting;
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
  const reach = estimateReach(spaces.data, targeting);
  const figures = [
    { term: 'Matching screens', value: formatCount(reach.spaces.length) },
    {
      term: 'Ad-slot time per day',
      value: formatSeconds(reach.slotSecondsPerDay),
      detail: `${formatCount(reach.slotSecondsPerDay)} seconds on an average day`,
    },
    {
      term: 'Weekly footfall',
      value: formatCount(reach.weeklyFootfall),
      detail:
        reach.undeclaredFootfall === 0
          ? 'As declared by the screens’ owners'
          : `As declared by the owners; ${reach.undeclaredFootfall} of these screens declare none`,
    },
  ];
  return (
    <section aria-labelledby="reach-estimate" aria-live="polite" className="grid gap-3">
      <h2 id="reach-estimate" className="text-sm font-semibold">
        Estimated reach
      </h2>
      <dl className="grid gap-2">
        {figures.map((figure) => (
          <div
            key={figure.term}
            className="rounded-lg border border-border bg-surface-muted/40 px-3 py-2"
          >
            <dt className="text-xs font-medium text-muted-foreground">{figure.term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{figure.value}</dd>
            {figure.detail && <dd className="text-xs text-muted-foreground">{figure.detail}</dd>}
          </div>
        ))}
      </dl>
      {reach.spaces.length === 0 && (
        <p className="text-xs text-muted-foreground">
          {spaces.data.length === 0
            ? 'No screen is open to campaigns yet.'
            : 'No screen matches: loosen a filter or choose screens.'}
        </p>
      )}
    </section>
  );
}
