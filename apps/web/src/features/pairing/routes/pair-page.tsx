import { QrCode } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function PairPage() {
  return (
    <PlaceholderPage
      title="Pair a TV"
      description="Approve a TV that shows a Screenline pairing QR code, so it signs in to your account."
      icon={QrCode}
    />
  );
}
