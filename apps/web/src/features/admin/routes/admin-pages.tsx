import { BadgeCheck, CircleDollarSign, HandCoins, WalletCards } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function WalletApprovalsPage() {
  return (
    <PlaceholderPage
      title="Wallet approvals"
      description="Wallet top-up requests waiting for a decision: approve to credit the wallet, or reject with a reason."
      icon={WalletCards}
    />
  );
}

export function PayoutApprovalsPage() {
  return (
    <PlaceholderPage
      title="Payout approvals"
      description="Screen owners' payout requests to approve, mark as paid or reject."
      icon={HandCoins}
    />
  );
}

export function MonetizationPage() {
  return (
    <PlaceholderPage
      title="Monetization"
      description="Monetized ad spaces, their floor prices and state, with suspend and resume."
      icon={CircleDollarSign}
    />
  );
}

export function MonetizationApprovalsPage() {
  return (
    <PlaceholderPage
      title="Monetization approvals"
      description="Requests from screen owners to monetize their ad spaces, to approve or reject."
      icon={BadgeCheck}
    />
  );
}
