import { format } from 'date-fns';
import type { TDecision } from '@screenline/shared/money';
import type { TMonetizationState } from '@screenline/shared/monetization';
import type { TFirstApproval, TPayoutState, TTopUpState } from '@screenline/shared/wallet';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/*
 * A request's state and its decision, as the requester and the super-users see them: top-ups,
 * payouts and monetization requests share the words and the colours.
 */

type TRequestState = TTopUpState | TPayoutState | TMonetizationState;

const STATES: Record<TRequestState, { label: string; tone: Parameters<typeof Badge>[0]['tone'] }> =
  {
    pending: { label: 'Pending', tone: 'warning' },
    'awaiting-second-approval': { label: 'Awaiting second approval', tone: 'warning' },
    approved: { label: 'Approved', tone: 'success' },
    paid: { label: 'Paid', tone: 'brand' },
    rejected: { label: 'Rejected', tone: 'danger' },
    suspended: { label: 'Suspended', tone: 'danger' },
    withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  };

export function RequestStateBadge({ state }: { state: TRequestState }) {
  const { label, tone } = STATES[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "3 Jan 2026, 14:05" in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'd MMM yyyy, HH:mm');
}

const DECIDED_VERBS: Partial<Record<TRequestState, string>> = {
  approved: 'Approved',
  paid: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/**
 * Who decided and when, and the reason of a refusal: "Rejected by Grace Hopper on 3 Jan 2026,
 * 14:05: the transfer has not arrived."
 */
export function DecisionNote({
  state,
  decision,
  className,
}: {
  state: TRequestState;
  decision: TDecision | null;
  className?: string;
}) {
  const verb = DECIDED_VERBS[state];
  if (!decision || !verb) return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      {verb} by {decision.decidedBy.name} on {formatDateTime(decision.decidedAt)}
      {decision.reason && (
        <>
          : <span className="font-medium text-foreground">{decision.reason}</span>
        </>
      )}
    </p>
  );
}

/**
 * The first of two approvals (four eyes, above the platform's amount): "First approval by Grace
 * Hopper on 3 Jan 2026, 14:05."
 */
export function FirstApprovalNote({
  firstApproval,
  className,
}: {
  firstApproval: TFirstApproval | null;
  className?: string;
}) {
  if (!firstApproval) return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      First approval by {firstApproval.approvedBy.name} on{' '}
      {formatDateTime(firstApproval.approvedAt)}
    </p>
  );
}
