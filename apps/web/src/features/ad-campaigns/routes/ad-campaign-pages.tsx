import { ChartNoAxesColumn, FileText, Megaphone, Plus } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AdCampaignsPage() {
  return (
    <PlaceholderPage
      title="Ad campaigns"
      description="Your campaigns with their state, dates, budget and spend."
      icon={Megaphone}
    />
  );
}

export function NewAdCampaignPage() {
  return (
    <PlaceholderPage
      title="New ad campaign"
      description="Choose creatives, targeting, dates, dayparts, a cost-per-second bid and a budget, then send it for review."
      icon={Plus}
    />
  );
}

export function AdCampaignOverviewPage() {
  return (
    <PlaceholderPage
      title="Campaign overview"
      description="The campaign's settings, review state and on how many screens its creatives are ready."
      icon={FileText}
    />
  );
}

export function AdCampaignResultsPage() {
  return (
    <PlaceholderPage
      title="Campaign results"
      description="Impressions, seconds shown, spend and QR scans, per day and per screen."
      icon={ChartNoAxesColumn}
    />
  );
}
