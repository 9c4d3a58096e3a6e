import { Wallet } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function WalletPage() {
  return (
    <PlaceholderPage
      title="Wallet"
      description="Your balance and its history: top-ups, campaign spend, earnings and payouts."
      icon={Wallet}
    />
  );
}
