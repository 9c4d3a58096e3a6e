import { useQuery } from '@tanstack/react-query';
import { ZEarnings } from '@screenline/shared/monetization';
import { ZWallet } from '@screenline/shared/wallet';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/*
 * The owner's money at a glance: the wallet's figures and this month's earnings. Under the
 * wallet's and the earnings' keys (['wallet'], ['earnings']), so a payout or a decision made
 * elsewhere refreshes the card too.
 */

/** GET /api/v1/wallet */
export function useWalletFigures() {
  return useQuery({
    queryKey: ['wallet', 'figures'],
    queryFn: ({ signal }) => apiRequest(API.wallet, ZWallet, { signal }),
  });
}

/** The current UTC month so far: its first day to today, as the earnings route counts days. */
export function thisMonthUtc(nowMs = Date.now()): { from: string; to: string } {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** GET /api/v1/earnings for this UTC month. */
export function useEarningsThisMonth() {
  const range = thisMonthUtc();
  return useQuery({
    queryKey: ['earnings', range.from, range.to],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.earnings, {}, range), ZEarnings, {
        signal,
      }),
  });
}
