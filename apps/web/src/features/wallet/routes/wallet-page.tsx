import { useRef, useState } from 'react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useAuth } from '@/lib/auth-context';
import { useWallet } from '@/features/wallet/api/wallet';
import { AdEarnings } from '@/features/wallet/components/ad-earnings';
import { MyPayouts, MyTopUps } from '@/features/wallet/components/my-requests';
import { PayoutDialog } from '@/features/wallet/components/payout-dialog';
import { ReceiptsList } from '@/features/wallet/components/receipts-list';
import { TopUpDialog } from '@/features/wallet/components/top-up-dialog';
import { TransactionHistory } from '@/features/wallet/components/transaction-history';
import { WalletFigures } from '@/features/wallet/components/wallet-figures';

/**
 * /wallet (both roles, issue 9 item 2): the figures, top-up requests, payouts for screen owners,
 * their ad earnings per screen, campaign and day, the PDF receipts (issue 22), and the history of
 * every movement.
 */
export function WalletPage() {
  usePageTitle('Wallet');
  const { user } = useAuth();
  const isOwner = user?.role === 'advertiser';
  // Top-ups pay for campaigns: only ad buyers make them (issue 21, lows).
  const isBuyer = user?.role === 'publisher';
  const wallet = useWallet();
  const [dialog, setDialog] = useState<'top-up' | 'payout' | null>(null);
  const actionButtonRef = useRef<HTMLButtonElement>(null);
  const { remember, returnFocus } = useReturnFocus(actionButtonRef);
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
            {isBuyer && (
              <Button ref={actionButtonRef} onClick={() => open('top-up')}>
                <ArrowDownToLine aria-hidden />
                Top up
              </Button>
            )}
            {isOwner && (
              <Button
                ref={actionButtonRef}
                disabled={!wallet.isSuccess}
                onClick={() => open('payout')}
              >
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
        {isOwner && <AdEarnings />}
        <ReceiptsList />
        <TransactionHistory groupsAdPlays={isOwner} />
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
