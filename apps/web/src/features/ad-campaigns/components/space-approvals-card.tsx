import { SpaceApprovalBadge } from '@/components/campaign/space-approval-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { formatMoment } from '@/lib/campaign-format';
import { useSpaceApprovals } from '@/features/ad-campaigns/api/space-approvals';

/**
 * Where the campaign may play (issue 22 item 1): each monetized screen it targets, with its
 * owner's standing: approved, waiting (until when), declined (why) or not decided in time.
 */
export function SpaceApprovalsCard({ campaignId }: { campaignId: string }) {
  const approvals = useSpaceApprovals(campaignId);
  const items = approvals.data?.items ?? [];
  const approved = items.filter((item) => item.state === 'approved').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Screens</CardTitle>
        <CardDescription>
          Screen owners may review campaigns before they play on their screens.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {approvals.isPending ? (
          <ListLoading label="Loading the screens" />
        ) : approvals.isError ? (
          <ListLoadError
            title="The screens could not be loaded."
            error={approvals.error}
            onRetry={() => void approvals.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No monetized screen matches the targeting now.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm">
              Approved on {approved} of {items.length} {items.length === 1 ? 'screen' : 'screens'}.
            </p>
            <ul aria-label="Approval per screen" className="grid gap-2">
              {items.map((item) => (
                <li
                  key={item.adSpaceId}
                  className="grid gap-1 rounded-lg border border-border p-3 text-sm"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium break-words">
                      {item.adSpaceName} · {item.city}
                    </span>
                    <SpaceApprovalBadge state={item.state} />
                  </div>
                  {item.state === 'pending' && item.deadlineAt && (
                    <span className="text-muted-foreground">
                      The owner decides by {formatMoment(item.deadlineAt)}; after that it runs on
                      the other screens.
                    </span>
                  )}
                  {item.reason && <span className="break-words">{item.reason}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
