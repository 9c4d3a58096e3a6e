import { useRef, useState } from 'react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useAuth } from '@/lib/auth-context';
import { useWallet } from '@/features/wallet/api/wallet';
import { MyPayouts, MyTopUps } from '@/features/wallet/components/my-requests';
import { PayoutDialog } from '@/features/wallet/components/payout-dialog';
import { TopUpDialog } from '@/features/wallet/components/top-up-dialog';
import { TransactionHistory } from '@/features/wallet/components/transaction-history';
import { WalletFigures } from '@/features/wallet/components/wallet-figures';

/**
 * /wallet (both roles, issue 9 item 2): the figures, top-up requests, payouts for screen owners,
 * and the history of every movement.
 */
export function WalletPage() {
  usePageTitle('Wallet');
  const { user } = useAuth();
  const isOwner = user?.role === 'advertiser';
  const wallet = useWallet();
  const [dialog, setDialog] = useState<'top-up' | 'payout' | null>(null);
  const topUpButtonRef = useRef<HTMLButtonElement>(null);
  const { remember, returnFocus } = useReturnFocus(topUpButtonRef);
  const open = (which: 'top-up' | 'payout') => {
    remember();
    setDialog(which);
  };
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Wallet"
        description={
          isOwner
            ? 'What your screens earned, what you can pay out, and every movement of your money.'
            : 'What you can spend on campaigns, what they hold, and every movement of your money.'
        }
        actions={
          <>
            <Button
              ref={topUpButtonRef}
              variant={isOwner ? 'outline' : 'primary'}
              onClick={() => open('top-up')}
            >
              <ArrowDownToLine aria-hidden />
              Top up
            </Button>
            {isOwner && (
              <Button disabled={!wallet.isSuccess} onClick={() => open('payout')}>
                <ArrowUpFromLine aria-hidden />
                Request payout
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-8">
        {wallet.isPending ? (
          <ListLoading label="Loading your wallet" />
        ) : wallet.isError ? (
          <ListLoadError
            title="Your wallet could not be loaded."
            error={wallet.error}
            onRetry={() => void wallet.refetch()}
          />
        ) : (
          <WalletFigures wallet={wallet.data} isOwner={isOwner} />
        )}
        <div className={isOwner ? 'grid gap-8 lg:grid-cols-2' : 'grid gap-8'}>
          {isOwner && <MyPayouts />}
          <MyTopUps />
        </div>
        <TransactionHistory />
      </div>
      <TopUpDialog isOpen={dialog === 'top-up'} onClose={close} onCloseAutoFocus={returnFocus} />
      <PayoutDialog
        isOpen={dialog === 'payout'}
        availableMicros={wallet.data?.availableMicros ?? 0}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}
