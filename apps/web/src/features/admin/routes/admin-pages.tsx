import { ClipboardCheck } from 'lucide-react';
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
