import { BadgeDollarSign } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MonetizePage() {
  return (
    <PlaceholderPage
      title="Monetize"
      description="Ask to let paid campaigns fill the ad slots of your screens, set a floor price and follow your earnings."
      icon={BadgeDollarSign}
    />
  );
}
