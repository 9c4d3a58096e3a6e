import {
  BadgeCheck,
  CircleDollarSign,
  HandCoins,
  ListVideo,
  Pencil,
  Play,
  WalletCards,
} from 'lucide-react';
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

export function AdPlaylistsPage() {
  return (
    <PlaceholderPage
      title="Ad playlists"
      description="The rotation of campaign creatives for each monetized ad space."
      icon={ListVideo}
    />
  );
}

export function EditAdPlaylistPage() {
  return (
    <PlaceholderPage
      title="Edit ad playlist"
      description="Pin or exclude campaigns and add house ads for one ad space."
      icon={Pencil}
    />
  );
}

export function AdPlaylistPlayerPage() {
  return (
    <PlaceholderPage
      title="Ad playlist preview"
      description="Watch an ad space's ad rotation as its TV will play it."
      icon={Play}
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
