import { CAMPAIGN_STATUS_LABELS, type TCampaignStatus } from '@screenline/shared/campaign';
import { Badge } from '@/components/ui/badge';

const TONES = {
  draft: 'neutral',
  'pending-review': 'warning',
  rejected: 'danger',
  scheduled: 'brand',
  active: 'success',
  paused: 'warning',
  completed: 'neutral',
  canceled: 'neutral',
} as const satisfies Record<TCampaignStatus, string>;

/** A campaign's status as people see it (approved split into scheduled and active). */
export function CampaignStatusBadge({ status }: { status: TCampaignStatus }) {
  return <Badge tone={TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}
