import { PACING_STATUS_LABELS, type TPacingStatus } from '@screenline/shared/campaign';
import { Badge } from '@/components/ui/badge';

const TONES = {
  ahead: 'warning',
  'on-track': 'success',
  behind: 'danger',
} as const satisfies Record<TPacingStatus, string>;

/** How a campaign's spend stands against its even line (docs/marketplace.md "Pacing"). */
export function PacingBadge({ status }: { status: TPacingStatus }) {
  return <Badge tone={TONES[status]}>{PACING_STATUS_LABELS[status]}</Badge>;
}
