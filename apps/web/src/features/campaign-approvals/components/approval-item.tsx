import { AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import type { TCampaignApproval } from '@screenline/shared/approval';
import { CreativePreviews } from '@/components/campaign/creative-previews';
import { SpaceApprovalBadge } from '@/components/campaign/space-approval-badge';
import { Button } from '@/components/ui/button';
import { formatBid, formatFlight, formatMoment } from '@/lib/campaign-format';

/** A selector for an item's actions, to give focus back after a dialog or the preview. */
export const approvalActionSelector = (approval: TCampaignApproval) =>
  `[data-approval="${approval.campaign.id}/${approval.adSpaceId}"]`;

/**
 * One campaign on one of the owner's screens: who advertises what, when and for how much, its
 * creatives, its standing, and (in review mode) the owner's actions.
 */
export function ApprovalItem({
  approval,
  canDecide,
  isDeciding,
  onPreview,
  onApprove,
  onDecline,
}: {
  approval: TCampaignApproval;
  /** The space is in review mode: the owner decides. */
  canDecide: boolean;
  isDeciding: boolean;
  onPreview: () => void;
  onApprove: () => void;
  onDecline: () => void;
}) {
  const { campaign } = approval;
  return (
    <li
      data-approval={`${campaign.id}/${approval.adSpaceId}`}
      className="grid gap-4 rounded-xl border border-border bg-surface p-4"
      aria-label={`${campaign.name} on ${approval.adSpaceName}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold break-words">{campaign.name}</h3>
          <p className="text-sm text-muted-foreground">
            {campaign.advertiser.name} ·{' '}
            {campaign.category ? AD_CATEGORY_LABELS[campaign.category] : 'No category stated'} · on{' '}
            <span className="font-medium text-foreground">{approval.adSpaceName}</span>
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {formatFlight(campaign.startDate, campaign.endDate)} ·{' '}
            {formatBid(campaign.bidMicrosPerSecond)}
          </p>
        </div>
        <div className="grid justify-items-end gap-1 text-sm">
          <SpaceApprovalBadge state={approval.state} />
          {approval.deadlineAt && (
            <span className="text-muted-foreground">
              Decide by {formatMoment(approval.deadlineAt)}
            </span>
          )}
          {approval.state !== 'pending' && approval.decidedAt && (
            <span className="text-muted-foreground">{formatMoment(approval.decidedAt)}</span>
          )}
        </div>
      </div>
      {approval.reason && <p className="text-sm break-words">{approval.reason}</p>}
      <CreativePreviews creatives={campaign.creatives} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onPreview}>
          Preview on {approval.adSpaceName}
        </Button>
        {canDecide && approval.state !== 'approved' && (
          <Button isPending={isDeciding} onClick={onApprove}>
            Approve
          </Button>
        )}
        {canDecide && approval.state !== 'declined' && (
          <Button variant="danger" onClick={onDecline}>
            Decline
          </Button>
        )}
      </div>
    </li>
  );
}
