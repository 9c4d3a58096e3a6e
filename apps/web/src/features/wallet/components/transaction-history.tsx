import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Download, ReceiptText } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import {
  LEDGER_TRANSACTION_KINDS,
  LEDGER_TRANSACTION_LABELS,
  type TLedgerTransactionKind,
  type TWalletTransaction,
} from '@screenline/shared/wallet';
import { DateRangeField, dayRangeError } from '@/components/date-range-field';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  downloadTransactionsCsv,
  useWalletTransactions,
  type TTransactionFilters,
} from '@/features/wallet/api/wallet';
import { formatDateTime } from '@/components/request-status';

/** "+€12.00", "−€3.50", "€0.00": a movement with its direction. */
export function formatSignedMicros(micros: number): string {
  if (micros === 0) return formatMicros(0);
  return `${micros > 0 ? '+' : '−'}${formatMicros(Math.abs(micros))}`;
}

function TransactionRow({ transaction }: { transaction: TWalletTransaction }) {
  const td = `${dataTableCell} align-top tabular-nums`;
  const label = LEDGER_TRANSACTION_LABELS[transaction.kind];
  return (
    <DataTableRow label={`${label}, ${formatDateTime(transaction.createdAt)}`}>
      <td className={cn(td, 'hidden sm:table-cell')}>{formatDateTime(transaction.createdAt)}</td>
      <td className="px-3 py-2.5 align-top text-sm">
        <span className="block font-medium text-foreground">{label}</span>
        <span className="block text-xs break-words text-muted-foreground">
          {transaction.description}
          {transaction.campaign && ` · ${transaction.campaign.name}`}
        </span>
        <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
          {formatDateTime(transaction.createdAt)}
        </span>
      </td>
      <td
        className={cn(
          td,
          'text-right font-medium',
          transaction.amountMicros > 0 && 'text-success-soft-foreground',
          transaction.amountMicros < 0 && 'text-foreground',
        )}
      >
        {formatSignedMicros(transaction.amountMicros)}
        {transaction.heldDeltaMicros !== 0 && (
          <span className="block text-xs font-normal text-muted-foreground md:hidden">
            held {formatSignedMicros(transaction.heldDeltaMicros)}
          </span>
        )}
      </td>
      <td className={cn(td, 'hidden text-right md:table-cell')}>
        {transaction.heldDeltaMicros === 0 ? '—' : formatSignedMicros(transaction.heldDeltaMicros)}
      </td>
      <td className={cn(td, 'hidden text-right sm:table-cell')}>
        {formatMicros(transaction.balanceAfterMicros)}
      </td>
    </DataTableRow>
  );
}

const NO_FILTERS: TTransactionFilters = { kind: '', from: '', to: '' };

/**
 * The wallet's history: every movement of its money, filtered, paged, and as CSV. For a screen
 * owner (`groupsAdPlays`) the ad-play settlements are left out unless asked for: Ad earnings
 * lists them per space, campaign and day.
 */
export function TransactionHistory({ groupsAdPlays = false }: { groupsAdPlays?: boolean }) {
  const [filters, setFilters] = useState<TTransactionFilters>(NO_FILTERS);
  const [showsSettlements, setShowsSettlements] = useState(false);
  const error = dayRangeError(filters, { needs: 'any' });
  const chosen = error ? NO_FILTERS : filters;
  const applied: TTransactionFilters =
    groupsAdPlays && !showsSettlements ? { ...chosen, except: 'impression-charge' } : chosen;
  const list = useWalletTransactions(applied);
  const transactions = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = applied.kind !== '' || applied.from !== '' || applied.to !== '';

  const download = useMutation({
    mutationFn: () => downloadTransactionsCsv(applied),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (failure) => toast.error(`The CSV could not be downloaded. ${errorMessage(failure)}`),
  });
  return (
    <section aria-labelledby="wallet-history" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="wallet-history" className="text-lg font-semibold tracking-tight">
          History
        </h2>
        <Button
          variant="outline"
          isPending={download.isPending}
          disabled={error !== null}
          onClick={() => download.mutate()}
        >
          <Download aria-hidden />
          Export CSV
        </Button>
      </div>
      <DateRangeField
        value={filters}
        onChange={(range) => setFilters({ ...filters, ...range })}
        error={error}
        leading={
          <FormField label="Kind" className="w-full sm:w-56">
            {(control) => (
              <Select
                {...control}
                value={filters.kind}
                onChange={(event) =>
                  setFilters({
                    ...filters,
                    kind: event.target.value as TLedgerTransactionKind | '',
                  })
                }
              >
                <option value="">All kinds</option>
                {LEDGER_TRANSACTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {LEDGER_TRANSACTION_LABELS[kind]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        }
      >
        {(filters.kind !== '' || filters.from !== '' || filters.to !== '') && (
          <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </DateRangeField>
      {groupsAdPlays && (
        <label className="flex w-fit cursor-pointer items-center gap-2 rounded-sm text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-(--color-primary)"
            checked={showsSettlements}
            onChange={(event) => setShowsSettlements(event.target.checked)}
          />
          Show each settlement of ad plays (Ad earnings above groups them)
        </label>
      )}
      <p className="text-xs text-muted-foreground">Days are UTC days.</p>
      {list.isPending ? (
        <ListLoading label="Loading your wallet’s history" />
      ) : list.isError ? (
        <ListLoadError
          title="Your wallet’s history could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : transactions.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={isFiltered ? 'Nothing matches these filters' : 'No money has moved yet'}
          description={
            isFiltered
              ? 'Try another kind or other days.'
              : 'Top-ups, campaign budgets, ad plays and payouts appear here as they happen.'
          }
          className="py-10"
        />
      ) : (
        <div
          aria-busy={list.isPlaceholderData}
          className={cn(list.isPlaceholderData && 'opacity-60')}
        >
          <DataTable label="Wallet history">
            <DataTableHead>
              <DataTableColumn className="hidden w-44 sm:table-cell">Date</DataTableColumn>
              <DataTableColumn>What</DataTableColumn>
              <DataTableColumn className="w-28 text-right sm:w-32">Amount</DataTableColumn>
              <DataTableColumn className="hidden w-28 text-right md:table-cell">
                Held
              </DataTableColumn>
              <DataTableColumn className="hidden w-32 text-right sm:table-cell">
                Balance
              </DataTableColumn>
            </DataTableHead>
            <tbody>
              {transactions.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </tbody>
          </DataTable>
          <LoadMore list={list} />
        </div>
      )}
    </section>
  );
}
