import { formatMicros } from '@screenline/shared/money';
import { formatIban, type TPaymentInstructions } from '@screenline/shared/payment';
import { Alert } from '@/components/ui/alert';

/**
 * How to pay a top-up (issue 22 item 4): the platform's bank account from its settings and the
 * request's own reference, which is how the super-user finds the transfer on the statement.
 */
export function PaymentInstructions({ payment }: { payment: TPaymentInstructions }) {
  const reference = (
    <output
      aria-label="Reference"
      className="font-mono text-base font-semibold tracking-wide select-all"
    >
      {payment.reference}
    </output>
  );
  if (!payment.ready) {
    return (
      <div className="grid gap-3">
        <Alert tone="warning" title="Bank details not set yet">
          The platform has not entered its bank account yet, so the transfer cannot be made. Your
          request is kept; check again here later, or contact support.
        </Alert>
        <p className="text-sm">Your reference: {reference}</p>
      </div>
    );
  }
  const rows: [string, string, boolean][] = [
    ['Amount', formatMicros(payment.amountMicros), false],
    ['Account holder', payment.accountHolder, false],
    ['IBAN', formatIban(payment.iban), true],
    ['BIC', payment.bic, true],
    ['Bank', payment.bankName, false],
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-border bg-surface p-3 text-sm">
        {rows.map(([term, value, mono]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className={mono ? 'font-mono break-all' : 'break-words'}>{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-muted-foreground">Reference</dt>
          <dd>{reference}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        Write the reference exactly as shown in the transfer’s reference field: it is how your
        transfer is found. Your wallet is credited once it arrives; you get an email and a receipt.
      </p>
    </div>
  );
}
