import { SPACE_APPROVAL_STATE_LABELS, type TSpaceApprovalState } from '@screenline/shared/approval';
import { Badge } from '@/components/ui/badge';

const TONE = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
  expired: 'neutral',
} as const satisfies Record<TSpaceApprovalState, string>;

/** A campaign's standing on one screen (owner approval), the same for the owner and the buyer. */
export function SpaceApprovalBadge({ state }: { state: TSpaceApprovalState }) {
  return <Badge tone={TONE[state]}>{SPACE_APPROVAL_STATE_LABELS[state]}</Badge>;
}
