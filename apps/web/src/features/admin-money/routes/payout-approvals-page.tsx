import { useState } from 'react';
import { formatMicros } from '@screenline/shared/money';
import type { TPayout, TPayoutState } from '@screenline/shared/wallet';
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
import { useAdminPayouts, usePayoutDecision } from '@/features/admin-money/api/admin-money';
import {
  ApprovalList,
  Detail,
  RequestCard,
  useDecisionPrompts,
} from '@/features/admin-money/components/approval-desk';
import { BankDetails } from '@/features/admin-money/components/bank-details';
import {
  BlockedNote,
  useApprovalBlocker,
  useIsFirstOfTwo,
} from '@/features/admin-money/components/four-eyes';

const STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'awaiting-second-approval', label: 'Second approval' },
  { value: 'approved', label: 'To pay' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: TPayoutState; label: string }[];

/**
 * /admin/payout-approvals: screen owners' payouts. Approve a pending one, make the bank transfer
 * and mark it paid; a pending or approved one can be rejected with a reason (the amount returns
 * to the owner's wallet).
 */
export function PayoutApprovalsPage() {
  usePageTitle('Payout approvals');
  const [state, setState] = useState<TPayoutState>('pending');
  const list = useAdminPayouts(state);
  const approve = usePayoutDecision('approve');
  const reject = usePayoutDecision('reject');
  const markPaid = usePayoutDecision('mark-paid');
  const { listRef, askReason, askConfirm, dialogs } = useDecisionPrompts();
  const blockerOf = useApprovalBlocker();
  const { isFirstOfTwo, rule } = useIsFirstOfTwo();

  /** What Approve asks: a first approval, the second, or the only one (no money moves yet). */
  const approvalPrompt = (payout: TPayout, amount: string) => {
    // The server says what the approval did: the toast follows its answer.
    const onConfirm = async () => {
      const decided = await approve.mutateAsync({ id: payout.id });
      toast.success(
        decided.state === 'awaiting-second-approval'
          ? `First approval given: a second super-user must confirm the payout of ${amount}.`
          : `The payout of ${amount} was approved. It is now under “To pay”.`,
      );
    };
    if (isFirstOfTwo(payout))
      return {
        title: `Give the first approval of the payout of ${amount}?`,
        description: `${rule ?? ''} A second super-user confirms it; then it can be paid.`,
        confirmLabel: 'Give first approval',
        onConfirm,
      };
    if (payout.state === 'awaiting-second-approval')
      return {
        title: `Confirm the payout of ${amount}?`,
        description: `${payout.firstApproval?.approvedBy.name ?? 'Another super-user'} gave the first approval. Then make the bank transfer to ${payout.destination.accountHolder} and mark it paid.`,
        confirmLabel: 'Confirm payout',
        onConfirm,
      };
    return {
      title: `Approve the payout of ${amount}?`,
      description: `Then make the bank transfer to ${payout.destination.accountHolder} and mark it paid. No money moves until then.`,
      confirmLabel: 'Approve payout',
      onConfirm,
    };
  };

  const renderPayout = (payout: TPayout) => {
    const amount = formatMicros(payout.amountMicros);
    const isOpen =
      payout.state === 'pending' ||
      payout.state === 'awaiting-second-approval' ||
      payout.state === 'approved';
    const blocker = blockerOf(payout, 'payout');
    const blockerId = `blocked-${payout.id}`;
    const blocked = {
      disabled: blocker !== null,
      'aria-describedby': blocker ? blockerId : undefined,
    };
    return (
      <RequestCard
        label={`Payout of ${amount} to ${payout.user.name}`}
        headline={amount}
        badge={<RequestStateBadge state={payout.state} />}
        note={
          <>
            <FirstApprovalNote firstApproval={payout.firstApproval} />
            <DecisionNote state={payout.state} decision={payout.decision} />
          </>
        }
        actions={
          isOpen && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  askReason({
                    title: `Reject the payout of ${amount}?`,
                    description: `The amount returns to ${payout.user.name}’s wallet at once, and they are told why.`,
                    confirmLabel: 'Reject payout',
                    onConfirm: async (reason) => {
                      await reject.mutateAsync({ id: payout.id, reason });
                      toast.success(
                        `The payout of ${amount} was rejected; the amount is back in the wallet.`,
                      );
                    },
                  })
                }
              >
                Reject…
              </Button>
              {payout.state !== 'approved' ? (
                <Button
                  size="sm"
                  {...blocked}
                  onClick={() => askConfirm(approvalPrompt(payout, amount))}
                >
                  {payout.state === 'awaiting-second-approval' ? 'Confirm…' : 'Approve…'}
                </Button>
              ) : (
                <Button
                  size="sm"
                  {...blocked}
                  onClick={() =>
                    askConfirm({
                      title: `Mark the payout of ${amount} as paid?`,
                      description: `Only once the bank transfer to ${payout.destination.accountHolder} was made: this is final.`,
                      confirmLabel: 'Mark as paid',
                      onConfirm: async () => {
                        await markPaid.mutateAsync({ id: payout.id });
                        toast.success(`The payout of ${amount} is marked paid.`);
                      },
                    })
                  }
                >
                  Mark paid…
                </Button>
              )}
              {blocker && <BlockedNote id={blockerId} reason={blocker} />}
            </>
          )
        }
      >
        <Detail term="Owner">
          {payout.user.name} <span className="text-muted-foreground">({payout.user.email})</span>
        </Detail>
        <Detail term="Account holder">{payout.destination.accountHolder}</Detail>
        <Detail term="IBAN">
          {isOpen ? (
            <BankDetails payoutId={payout.id} ibanMasked={payout.destination.ibanMasked} />
          ) : (
            <span className="font-mono text-xs">{payout.destination.ibanMasked}</span>
          )}
        </Detail>
        {payout.receiptPdfUrl && (
          <Detail term="Receipt PDF">
            <a
              href={payout.receiptPdfUrl}
              download
              className="font-medium text-primary hover:underline"
            >
              Download
            </a>
          </Detail>
        )}
        <Detail term="Requested">{formatDateTime(payout.createdAt)}</Detail>
        {payout.paidAt && <Detail term="Paid">{formatDateTime(payout.paidAt)}</Detail>}
      </RequestCard>
    );
  };

  return (
    <>
      <PageHeader
        title="Payout approvals"
        description={`Screen owners’ payouts: approve, make the bank transfer, then mark it paid; or reject with a reason.${rule ? ` ${rule}` : ''}`}
      />
      <ApprovalList
        label="Payouts"
        state={state}
        states={STATES}
        onStateChange={setState}
        list={list}
        emptyTitle={
          state === 'pending'
            ? 'No payout waits for approval'
            : state === 'awaiting-second-approval'
              ? 'No payout waits for a second approval'
              : state === 'approved'
                ? 'No approved payout waits to be paid'
                : `No ${state} payouts`
        }
        listRef={listRef}
        renderItem={renderPayout}
      />
      {dialogs}
    </>
  );
}
