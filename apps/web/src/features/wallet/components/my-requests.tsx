import type { ReactNode } from 'react';
import { FileDown } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import type { TPayout, TTopUp } from '@screenline/shared/wallet';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { DecisionNote, RequestStateBadge, formatDateTime } from '@/components/request-status';
import { useMyPayouts, useMyTopUps } from '@/features/wallet/api/wallet';
import { PaymentInstructions } from '@/features/wallet/components/payment-instructions';

function RequestItem({
  label,
  amountMicros,
  state,
  createdAt,
  detail,
  decisionNote,
  extra,
}: {
  label: string;
  amountMicros: number;
  state: TTopUp['state'] | TPayout['state'];
  createdAt: string;
  detail: ReactNode;
  decisionNote: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <li aria-label={label} className="grid gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-semibold tabular-nums">{formatMicros(amountMicros)}</span>
        <RequestStateBadge state={state} />
      </div>
      <p className="text-xs text-muted-foreground">Requested {formatDateTime(createdAt)}</p>
      <p className="text-sm break-words">{detail}</p>
      {decisionNote}
      {extra}
    </li>
  );
}

function RequestSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The request's numbered PDF receipt (issue 22), once money moved. */
function ReceiptLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      download
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <FileDown aria-hidden className="size-4" />
      Receipt (PDF)
    </a>
  );
}

const listClasses =
  'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs';

export function MyTopUps() {
  const list = useMyTopUps();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <RequestSection id="my-top-ups" title="Your top-up requests">
      {list.isPending ? (
        <ListLoading label="Loading your top-up requests" />
      ) : list.isError ? (
        <ListLoadError
          title="Your top-up requests could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
          No top-up requests yet.
        </p>
      ) : (
        <>
          <ul aria-label="Your top-up requests" className={listClasses}>
            {items.map((topUp) => (
              <RequestItem
                key={topUp.id}
                label={`Top-up of ${formatMicros(topUp.amountMicros)}, ${topUp.state}`}
                amountMicros={topUp.amountMicros}
                state={topUp.state}
                createdAt={topUp.createdAt}
                detail={
                  <>
                    Reference <span className="font-medium">{topUp.reference}</span>
                    {topUp.receipt && (
                      <span className="text-muted-foreground"> · receipt {topUp.receipt.name}</span>
                    )}
                  </>
                }
                decisionNote={<DecisionNote state={topUp.state} decision={topUp.decision} />}
                extra={
                  topUp.receiptPdfUrl ? (
                    <ReceiptLink url={topUp.receiptPdfUrl} />
                  ) : (
                    topUp.state === 'pending' && (
                      <details className="text-sm">
                        <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                          How to pay
                        </summary>
                        <div className="pt-2">
                          <PaymentInstructions payment={topUp.payment} />
                        </div>
                      </details>
                    )
                  )
                }
              />
            ))}
          </ul>
          <LoadMore list={list} />
        </>
      )}
    </RequestSection>
  );
}

export function MyPayouts() {
  const list = useMyPayouts();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <RequestSection id="my-payouts" title="Your payouts">
      {list.isPending ? (
        <ListLoading label="Loading your payouts" />
      ) : list.isError ? (
        <ListLoadError
          title="Your payouts could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
          No payouts yet.
        </p>
      ) : (
        <>
          <ul aria-label="Your payouts" className={listClasses}>
            {items.map((payout) => (
              <RequestItem
                key={payout.id}
                label={`Payout of ${formatMicros(payout.amountMicros)}, ${payout.state}`}
                amountMicros={payout.amountMicros}
                state={payout.state}
                createdAt={payout.createdAt}
                detail={
                  <>
                    To {payout.destination.accountHolder},{' '}
                    <span className="font-mono text-xs">{payout.destination.ibanMasked}</span>
                    {payout.paidAt && (
                      <span className="text-muted-foreground">
                        {' '}
                        · paid {formatDateTime(payout.paidAt)}
                      </span>
                    )}
                  </>
                }
                decisionNote={<DecisionNote state={payout.state} decision={payout.decision} />}
                extra={payout.receiptPdfUrl && <ReceiptLink url={payout.receiptPdfUrl} />}
              />
            ))}
          </ul>
          <LoadMore list={list} />
        </>
      )}
    </RequestSection>
  );
}
