import { Link } from 'react-router';
import { BadgeDollarSign } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import {
  useEarningsThisMonth,
  useWalletFigures,
} from '@/features/dashboard/api/get-earnings-summary';

/** The owner's earnings (issue 9 item 8): this month, ever, and what can be paid out now. */
export function EarningsCard() {
  const wallet = useWalletFigures();
  const month = useEarningsThisMonth();
  const failed = wallet.error ?? month.error;
  const figures = [
    { term: 'This month', value: month.data?.totalMicros },
    { term: 'All time', value: wallet.data?.lifetimeEarnedMicros },
    { term: 'Available', value: wallet.data?.availableMicros },
  ];
  return (
    <Card aria-labelledby="earnings-card-title">
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <BadgeDollarSign aria-hidden className="size-5" />
        </div>
        <CardTitle id="earnings-card-title">Earnings</CardTitle>
        <CardDescription>From paid campaigns in your ad slots, after commission.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 pt-0 text-sm">
        {failed ? (
          <p role="alert" className="text-danger">
            Your earnings could not be loaded. {errorMessage(failed)}
          </p>
        ) : wallet.isPending || month.isPending ? (
          <Spinner label="Loading your earnings" className="size-5 text-primary" />
        ) : (
          <dl className="grid gap-1.5">
            {figures.map(({ term, value }) => (
              <div key={term} className="flex items-baseline justify-between gap-3">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-semibold tabular-nums">{formatMicros(value ?? 0)}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link
            to={paths.advertiser.monetize}
            className="rounded font-medium text-primary hover:underline"
          >
            Open Monetize
          </Link>
          <Link to={paths.wallet} className="rounded font-medium text-primary hover:underline">
            Open Wallet
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
