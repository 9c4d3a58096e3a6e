import { ClipboardCheck, ListVideo, Pencil, Play } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AdCampaignApprovalsPage() {
  return (
    <PlaceholderPage
      title="Campaign approvals"
      description="Campaigns sent for review, with their creatives and targeting, to approve or reject."
      icon={ClipboardCheck}
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
