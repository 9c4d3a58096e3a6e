import { useRef, useState } from 'react';
import {
  MONEY_AUDIT_ACTION_LABELS,
  MONEY_AUDIT_KIND_LABELS,
  type TMoneyAuditEntry,
} from '@screenline/shared/audit-log';
import { formatMicros } from '@screenline/shared/money';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/components/request-status';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuditLog, type TAuditFilter } from '@/features/admin-money/api/audit-log';
import { ApprovalList, Detail, RequestCard } from '@/features/admin-money/components/approval-desk';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'top-up', label: 'Top-ups' },
  { value: 'payout', label: 'Payouts' },
  { value: 'campaign', label: 'Campaigns' },
] as const satisfies readonly { value: TAuditFilter; label: string }[];

const TONES = {
  'first-approval': 'warning',
  approve: 'success',
  'mark-paid': 'brand',
  reject: 'danger',
} as const;

/**
 * /admin/audit-log: every decision a super-user made on money (top-ups, payouts, campaigns),
 * newest first: who, what, the amount, when, and from which address and browser (issue 18
 * item 6). Read-only: the database keeps the log append-only.
 */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const [filter, setFilter] = useState<TAuditFilter>('all');
  const list = useAuditLog(filter);
  const listRef = useRef<HTMLDivElement>(null);

  const renderEntry = (entry: TMoneyAuditEntry) => {
    const what = `${MONEY_AUDIT_KIND_LABELS[entry.kind]}: ${MONEY_AUDIT_ACTION_LABELS[entry.action]}`;
    const amount = formatMicros(entry.amountMicros);
    return (
      <RequestCard
        label={`${what}, ${amount}, by ${entry.actor.name}`}
        headline={amount}
        badge={<Badge tone={TONES[entry.action]}>{what}</Badge>}
      >
        <Detail term="When">{formatDateTime(entry.at)}</Detail>
        <Detail term="Super-user">
          {entry.actor.name} <span className="text-muted-foreground">({entry.actor.email})</span>
        </Detail>
        <Detail term="Requested by">{entry.requester.email}</Detail>
        <Detail term="Request">
          <span className="font-mono text-xs">{entry.subjectId}</span>
        </Detail>
        <Detail term="From">
          <span className="font-mono text-xs">{entry.ip}</span>
        </Detail>
        <Detail term="Browser">
          {entry.userAgent ?? <span className="text-muted-foreground">Not sent</span>}
        </Detail>
        {entry.reason && <Detail term="Reason">{entry.reason}</Detail>}
      </RequestCard>
    );
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every decision on money: top-ups, payouts and campaigns approved, rejected or paid, by whom, when and from where. Entries are never changed or removed."
      />
      <ApprovalList
        label="Decisions"
        state={filter}
        states={FILTERS}
        onStateChange={setFilter}
        list={list}
        emptyTitle="No decision on money yet"
        listRef={listRef}
        renderItem={renderEntry}
      />
    </>
  );
}
