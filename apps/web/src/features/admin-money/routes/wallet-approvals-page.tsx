import { useState } from 'react';
import { StatementMatch } from '@/features/admin-money/components/statement-match';
import { ExternalLink } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import type { TTopUp, TTopUpState } from '@screenline/shared/wallet';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import {
  DecisionNote,
  FirstApprovalNote,
  RequestStateBadge,
  formatDateTime,
} from '@/components/request-status';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/lib/toast';
import { useAdminTopUps, useTopUpDecision } from '@/features/admin-money/api/admin-money';
import {
  ApprovalList,
  Detail,
  RequestCard,
  useDecisionPrompts,
} from '@/features/admin-money/components/approval-desk';
import {
  BlockedNote,
  useApprovalBlocker,
  useIsFirstOfTwo,
} from '@/features/admin-money/components/four-eyes';

const STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'awaiting-second-approval', label: 'Second approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: TTopUpState; label: string }[];

/**
 * /admin/wallet-approvals: top-up requests, oldest pending first. Approving credits the wallet
 * (after the bank transfer is seen); rejecting needs a reason the requester is shown.
 */
export function WalletApprovalsPage() {
  usePageTitle('Wallet approvals');
  const [state, setState] = useState<TTopUpState>('pending');
  const [statement, setStatement] = useState('');
  const list = useAdminTopUps(state, statement);
  const approve = useTopUpDecision('approve');
  const reject = useTopUpDecision('reject');
  const { listRef, askReason, askConfirm, dialogs } = useDecisionPrompts();
  const blockerOf = useApprovalBlocker();
  const { isFirstOfTwo, rule } = useIsFirstOfTwo();

  /** What Approve asks: a first approval (no money yet), the second, or the only one. */
  const approvalPrompt = (topUp: TTopUp, amount: string) => {
    // The server says what the approval did: the toast follows its answer.
    const onConfirm = async () => {
      const decided = await approve.mutateAsync({ id: topUp.id });
      toast.success(
        decided.state === 'awaiting-second-approval'
          ? `First approval given: a second super-user must confirm the top-up of ${amount}.`
          : `${amount} was credited to ${topUp.user.name}’s wallet.`,
      );
    };
    if (isFirstOfTwo(topUp))
      return {
        title: `Give the first approval of the top-up of ${amount}?`,
        description: `Only once a transfer of ${amount} with the reference “${topUp.reference}” has arrived. ${rule ?? ''} Nothing is credited until a second super-user confirms.`,
        confirmLabel: 'Give first approval',
        onConfirm,
      };
    if (topUp.state === 'awaiting-second-approval')
      return {
        title: `Confirm the top-up of ${amount}?`,
        description: `${topUp.firstApproval?.approvedBy.name ?? 'Another super-user'} gave the first approval. Confirming credits ${topUp.user.name}’s wallet now.`,
        confirmLabel: 'Confirm and credit',
        onConfirm,
      };
    return {
      title: `Approve the top-up of ${amount}?`,
      description: `Only once a transfer of ${amount} with the reference “${topUp.reference}” has arrived on the platform’s account: ${topUp.user.name}’s wallet is credited now.`,
      confirmLabel: 'Approve and credit',
      onConfirm,
    };
  };

  const renderTopUp = (topUp: TTopUp) => {
    const amount = formatMicros(topUp.amountMicros);
    const blocker = blockerOf(topUp, 'top-up');
    const blockerId = `blocked-${topUp.id}`;
    return (
      <RequestCard
        label={`Top-up of ${amount} by ${topUp.user.name}`}
        headline={amount}
        badge={<RequestStateBadge state={topUp.state} />}
        note={
          <>
            <FirstApprovalNote firstApproval={topUp.firstApproval} />
            <DecisionNote state={topUp.state} decision={topUp.decision} />
          </>
        }
        actions={
          (topUp.state === 'pending' || topUp.state === 'awaiting-second-approval') && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  askReason({
                    title: `Reject the top-up of ${amount}?`,
                    description: `${topUp.user.name} is told why by email and on their wallet page. No money moves.`,
                    confirmLabel: 'Reject top-up',
                    onConfirm: async (reason) => {
                      await reject.mutateAsync({ id: topUp.id, reason });
                      toast.success(`The top-up of ${amount} was rejected.`);
                    },
                  })
                }
              >
                Reject…
              </Button>
              <Button
                size="sm"
                disabled={blocker !== null}
                aria-describedby={blocker ? blockerId : undefined}
                onClick={() => askConfirm(approvalPrompt(topUp, amount))}
              >
                {topUp.state === 'awaiting-second-approval' ? 'Confirm…' : 'Approve…'}
              </Button>
              {blocker && <BlockedNote id={blockerId} reason={blocker} />}
            </>
          )
        }
      >
        <Detail term="From">
          {topUp.user.name} <span className="text-muted-foreground">({topUp.user.email})</span>
        </Detail>
        <Detail term="Reference">
          <span className="font-mono text-sm font-semibold">{topUp.reference}</span>
          {statement && (
            <span className="ml-2 text-xs text-success-soft-foreground">matches the statement</span>
          )}
        </Detail>
        <Detail term="Receipt">
          {topUp.receipt ? (
            topUp.receipt.url ? (
              <a
                href={topUp.receipt.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                {topUp.receipt.name}
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              topUp.receipt.name
            )
          ) : (
            <span className="text-muted-foreground">None</span>
          )}
        </Detail>
        {topUp.receiptPdfUrl && (
          <Detail term="Receipt PDF">
            <a
              href={topUp.receiptPdfUrl}
              download
              className="font-medium text-primary hover:underline"
            >
              Download
            </a>
          </Detail>
        )}
        <Detail term="Requested">{formatDateTime(topUp.createdAt)}</Detail>
      </RequestCard>
    );
  };

  return (
    <>
      <PageHeader
        title="Wallet approvals"
        description={`Top-up requests: approve once the bank transfer has arrived, or reject with a reason.${rule ? ` ${rule}` : ''}`}
      />
      <StatementMatch statement={statement} onChange={setStatement} />
      <ApprovalList
        label="Top-up requests"
        state={state}
        states={STATES}
        onStateChange={setState}
        list={list}
        emptyTitle={
          statement
            ? `No ${STATES.find((option) => option.value === state)?.label.toLowerCase() ?? state} top-up has the reference this statement names`
            : state === 'pending'
              ? 'No top-up waits for a decision'
              : state === 'awaiting-second-approval'
                ? 'No top-up waits for a second approval'
                : `No ${state} top-ups`
        }
        listRef={listRef}
        renderItem={renderTopUp}
      />
      {dialogs}
    </>
  );
}
