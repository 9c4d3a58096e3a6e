import { useState } from 'react';
import { formatMicros } from '@screenline/shared/money';
import type { TMonetizationRequest, TMonetizationState } from '@screenline/shared/monetization';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { DecisionNote, RequestStateBadge, formatDateTime } from '@/components/request-status';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/lib/toast';
import {
  useAdminMonetizationRequests,
  useMonetizationDecision,
} from '@/features/admin-money/api/admin-money';
import {
  ApprovalList,
  Detail,
  RequestCard,
  useDecisionPrompts,
} from '@/features/admin-money/components/approval-desk';

const STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'withdrawn', label: 'Withdrawn' },
] as const satisfies readonly { value: TMonetizationState; label: string }[];

const floorText = (micros: number) =>
  `${formatMicros(micros, { precise: true })} per second (${formatMicros(micros * 3600)} per hour)`;

/**
 * /admin/monetization-approvals: owners' requests to sell their ad slots. Approving lets
 * campaigns fill the space from the TV's next update; rejecting and suspending need a reason.
 */
export function MonetizationApprovalsPage() {
  usePageTitle('Monetization approvals');
  const [state, setState] = useState<TMonetizationState>('pending');
  const list = useAdminMonetizationRequests(state);
  const approve = useMonetizationDecision('approve');
  const reject = useMonetizationDecision('reject');
  const suspend = useMonetizationDecision('suspend');
  const { listRef, askReason, askConfirm, dialogs } = useDecisionPrompts();

  const renderRequest = (request: TMonetizationRequest) => {
    const space = request.adSpace.name;
    return (
      <RequestCard
        label={`Monetization of ${space}`}
        headline={space}
        badge={<RequestStateBadge state={request.state} />}
        note={<DecisionNote state={request.state} decision={request.decision} />}
        actions={
          request.state === 'pending' ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  askReason({
                    title: `Reject monetization of “${space}”?`,
                    description: `${request.owner.name} is told why and may ask again.`,
                    confirmLabel: 'Reject request',
                    onConfirm: async (reason) => {
                      await reject.mutateAsync({ id: request.id, reason });
                      toast.success(`Monetization of “${space}” was rejected.`);
                    },
                  })
                }
              >
                Reject…
              </Button>
              <Button
                size="sm"
                onClick={() =>
                  askConfirm({
                    title: `Approve monetization of “${space}”?`,
                    description: `Campaigns bidding at least ${floorText(request.floorMicrosPerSecond)} can fill its ad slots from its TV’s next update.`,
                    confirmLabel: 'Approve',
                    onConfirm: async () => {
                      await approve.mutateAsync({ id: request.id });
                      toast.success(`“${space}” is monetized.`);
                    },
                  })
                }
              >
                Approve…
              </Button>
            </>
          ) : request.state === 'approved' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                askReason({
                  title: `Suspend monetization of “${space}”?`,
                  description: `Its ad slots stop showing paid campaigns from its TV’s next update. ${request.owner.name} is told why and may ask again.`,
                  confirmLabel: 'Suspend',
                  onConfirm: async (reason) => {
                    await suspend.mutateAsync({ id: request.id, reason });
                    toast.success(`Monetization of “${space}” was suspended.`);
                  },
                })
              }
            >
              Suspend…
            </Button>
          ) : undefined
        }
      >
        <Detail term="Location">
          {request.adSpace.location.name}, {request.adSpace.location.city}
        </Detail>
        <Detail term="Owner">
          {request.owner.name}{' '}
          <span className="text-muted-foreground">({request.owner.email})</span>
        </Detail>
        <Detail term="Floor">{floorText(request.floorMicrosPerSecond)}</Detail>
        <Detail term="Requested">{formatDateTime(request.createdAt)}</Detail>
      </RequestCard>
    );
  };

  return (
    <>
      <PageHeader
        title="Monetization approvals"
        description="Screen owners’ requests to let paid campaigns fill their ad slots: approve, reject, or suspend an approved one, with a reason."
      />
      <ApprovalList
        label="Monetization requests"
        state={state}
        states={STATES}
        onStateChange={setState}
        list={list}
        emptyTitle={
          state === 'pending'
            ? 'No monetization request waits for a decision'
            : `No ${state} requests`
        }
        listRef={listRef}
        renderItem={renderRequest}
      />
      {dialogs}
    </>
  );
}
