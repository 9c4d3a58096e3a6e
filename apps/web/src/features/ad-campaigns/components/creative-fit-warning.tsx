import { TriangleAlert } from 'lucide-react';
import type { TCampaignTargeting, TMarketplaceAdSpace } from '@screenline/shared/campaign';
import { creativeFitIssues } from '@/features/ad-campaigns/utils/creative-fit';
import { targetedSpaces } from '@/features/ad-campaigns/utils/estimate';
import type { TCreativeChoice } from '@/features/ad-campaigns/utils/wizard-draft';

/**
 * Warns when a chosen creative's orientation or aspect ratio does not fit a targeted screen
 * (issue 22 item 3): the TV shows it whole, with bars, so the buyer should know before paying.
 * A warning, not an error: the campaign can still be saved and submitted.
 */
export function CreativeFitWarning({
  creatives,
  spaces,
  targeting,
}: {
  creatives: readonly TCreativeChoice[];
  spaces: readonly TMarketplaceAdSpace[] | undefined;
  targeting: TCampaignTargeting;
}) {
  if (!spaces || creatives.length === 0) return null;
  const issues = creativeFitIssues(creatives, targetedSpaces(spaces, targeting));
  if (issues.length === 0) return null;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        {issues.length === 1
          ? 'A creative does not fit a targeted screen'
          : `${issues.length} creative and screen pairs do not fit`}
      </p>
      <ul
        aria-label="Creatives that do not fit a targeted screen"
        className="grid list-disc gap-1 pl-5"
      >
        {issues.map((issue) => (
          <li key={`${issue.creativeId}:${issue.adSpaceId}`}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}
