import { formatMicros } from '@screenline/shared/money';
import type { TFirstApproval } from '@screenline/shared/wallet';
import { useAuth } from '@/lib/auth-context';
import { usePlatformSettings } from '@/lib/api/get-platform-settings';

/*
 * Four eyes on money (issue 18 item 6), as the approval desks show it. The server decides; these
 * say beforehand why a button is off, and what an approval will do.
 */

type TMoneyRequest = {
  user: { id: string };
  amountMicros: number;
  state: string;
  firstApproval: TFirstApproval | null;
};

/**
 * Why the signed-in super-user may not approve (or pay) this request, or null when they may:
 * it is their own, or they gave its first approval.
 */
export function useApprovalBlocker() {
  const { user } = useAuth();
  return (request: TMoneyRequest, what: 'top-up' | 'payout'): string | null => {
    if (!user) return null;
    if (request.user.id === user.uid)
      return what === 'top-up'
        ? 'This top-up is for your own wallet: another super-user must approve it.'
        : 'This is your own payout: another super-user must approve and pay it.';
    if (
      request.state === 'awaiting-second-approval' &&
      request.firstApproval?.approvedBy.id === user.uid
    )
      return 'You gave the first approval: a second super-user must confirm it.';
    return null;
  };
}

/**
 * Whether approving this pending request is only its first approval: its amount is above the
 * platform's four-eyes amount. While the settings load, false (the server says what it did).
 */
export function useIsFirstOfTwo() {
  const settings = usePlatformSettings();
  const above = settings.data?.fourEyesAboveMicros;
  return {
    isFirstOfTwo: (request: TMoneyRequest) =>
      request.state === 'pending' && above !== undefined && request.amountMicros > above,
    /** "Above €10,000.00, two super-users approve." */
    rule:
      above === undefined
        ? null
        : `Above ${formatMicros(above)}, two different super-users approve before money moves.`,
  };
}

/** The reason a decision button is off, said beside it (and read with it: aria-describedby). */
export function BlockedNote({ id, reason }: { id: string; reason: string }) {
  return (
    <p id={id} className="basis-full text-xs text-muted-foreground sm:max-w-64 sm:text-right">
      {reason}
    </p>
  );
}
