import { FileDown } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import { RECEIPT_KIND_LABELS, type TReceipt } from '@screenline/shared/receipt';
import { Button } from '@/components/ui/button';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { formatDateTime } from '@/components/request-status';
import { useReceipts } from '@/features/wallet/api/wallet';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Top-up", "Monthly ad spend, October 2026". */
function receiptTitle(receipt: TReceipt): string {
  const kind = RECEIPT_KIND_LABELS[receipt.kind];
  return receipt.month ? `${kind}, ${MONTH.format(new Date(`${receipt.month}T00:00:00Z`))}` : kind;
}

/**
 * The user's numbered PDF receipts (issue 22 item 4): approved top-ups, paid payouts and closed
 * months of spend or earnings. A plain link downloads each: the session cookie goes with it.
 */
export function ReceiptsList() {
  const receipts = useReceipts();
  return (
    <section aria-labelledby="wallet-receipts" className="grid content-start gap-3">
      <h2 id="wallet-receipts" className="text-lg font-semibold tracking-tight">
        Receipts
      </h2>
      {receipts.isPending ? (
        <ListLoading label="Loading your receipts" />
      ) : receipts.isError ? (
        <ListLoadError
          title="Your receipts could not be loaded."
          error={receipts.error}
          onRetry={() => void receipts.refetch()}
        />
      ) : receipts.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
          No receipts yet. Each approved top-up, paid payout and closed month of ad spend or
          earnings gets one.
        </p>
      ) : (
        <ul
          aria-label="Your receipts"
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
        >
          {receipts.data.items.map((receipt) => {
            const title = receiptTitle(receipt);
            return (
              <li
                key={receipt.id}
                aria-label={`Receipt ${receipt.number}: ${title}`}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="text-sm font-medium break-words">{title}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    No. {receipt.number} · issued {formatDateTime(receipt.issuedAt)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold tabular-nums">
                    {formatMicros(receipt.amountMicros)}
                  </span>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={receipt.pdfUrl}
                      download={`screenline-receipt-${receipt.number}.pdf`}
                      aria-label={`Download receipt ${receipt.number} (PDF)`}
                    >
                      <FileDown aria-hidden />
                      PDF
                    </a>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
