import type { TSpaceApproval } from './approval-rules';

/** Why a campaign does not fill a space it is not approved on (the ad playlist shows it). */
export function notApprovedBecause(approval: TSpaceApproval): string {
  switch (approval.state) {
    case 'pending':
      return 'Waiting for the screen owner’s approval.';
    case 'expired':
      return 'The screen owner did not decide in time.';
    case 'declined':
      return approval.decidedByKind === 'rules'
        ? `Blocked by the screen owner’s rules: ${approval.reason ?? ''}`.trim()
        : `Declined by the screen owner: ${approval.reason ?? ''}`.trim();
    case 'approved':
      return '';
  }
}
