import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ZPayout,
  ZPayoutList,
  ZTopUp,
  ZTopUpList,
  ZEarningsPlayList,
  ZEarningsRowList,
  ZWallet,
  ZWalletTransactionList,
  type TEarningsRow,
  type TCreatePayout,
  type TCreateTopUp,
  type TLedgerTransactionKind,
} from '@screenline/shared/wallet';
import { ZReceiptList } from '@screenline/shared/receipt';
import { TWO_FACTOR_CODE_HEADER } from '@screenline/shared/two-factor';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { useIdempotentMutation } from '@/lib/idempotency';

/**
 * Every wallet query starts with this key: a top-up, a payout or a decision on them refreshes the
 * figures, the history and the request lists together.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;

/** GET /api/v1/wallet: available, held, pending and lifetime figures. */
export const walletQueryOptions = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'figures'],
  queryFn: ({ signal }) => apiRequest(API.wallet, ZWallet, { signal }),
});

export function useWallet() {
  return useQuery(walletQueryOptions);
}

/**
 * The history's filters: a kind and UTC days, both inclusive; empty means any. `except` leaves a
 * kind out (an owner's ad-play settlements, listed grouped under Ad earnings).
 */
export type TTransactionFilters = {
  kind: TLedgerTransactionKind | '';
  from: string;
  to: string;
  except?: TLedgerTransactionKind | undefined;
};

function transactionsPath(filters: TTransactionFilters, cursor?: string) {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  else if (filters.except) params.set('except', filters.except);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (cursor) params.set('cursor', cursor);
  return apiPath(API.walletTransactions, {}, params);
}

/** GET /api/v1/wallet/transactions: the history, newest first, a page at a time. */
export function useWalletTransactions(filters: TTransactionFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...WALLET_QUERY_KEY, 'transactions', filters],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(transactionsPath(filters, pageParam), ZWalletTransactionList, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
    // Changed filters keep the last rows on screen (dimmed) until theirs arrive.
    placeholderData: keepPreviousData,
  });
}

/** The same history as CSV (`Accept: text/csv`), every row the filters keep. */
export async function downloadTransactionsCsv(filters: TTransactionFilters) {
  const { blob, fileName } = await apiDownload(transactionsPath(filters), { accept: 'text/csv' });
  return { blob, fileName: fileName ?? 'wallet-history.csv' };
}

/** GET /api/v1/wallet/top-ups: the user's top-up requests, newest first. */
export function useMyTopUps() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET_QUERY_KEY, 'top-ups'],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(
          apiPath(API.walletTopUps, {}, { limit: 20, cursor: pageParam || undefined }),
          ZTopUpList,
          { signal },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}

/** GET /api/v1/wallet/payouts: the owner's payout requests, newest first. */
export function useMyPayouts() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET_QUERY_KEY, 'payouts'],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(
          apiPath(API.walletPayouts, {}, { limit: 20, cursor: pageParam || undefined }),
          ZPayoutList,
          { signal },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}

/** POST /api/v1/wallet/top-ups (Idempotency-Key) → 201 with the pending request. */
export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    request: (body: TCreateTopUp) => ({ path: API.walletTopUps, body, schema: ZTopUp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}

/**
 * POST /api/v1/wallet/payouts (Idempotency-Key, X-Two-Factor-Code) → 201; the amount moves to the
 * payout hold. The code is a header: a retry with a newer code is still the same action.
 */
export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    request: ({ body, twoFactorCode }: { body: TCreatePayout; twoFactorCode: string }) => ({
      path: API.walletPayouts,
      body,
      schema: ZPayout,
      headers: { [TWO_FACTOR_CODE_HEADER]: twoFactorCode },
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}

/**
 * GET /api/v1/wallet/receipts: the user's numbered receipts, newest first (the server issues the
 * closed months' ones on this read).
 */
export function useReceipts() {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'receipts'],
    queryFn: ({ signal }) => apiRequest(API.walletReceipts, ZReceiptList, { signal }),
  });
}

/** GET /api/v1/wallet/earnings: an owner's ad earnings per space, campaign and day. */
export function useEarningsRows() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET_QUERY_KEY, 'earnings'],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(
          apiPath(API.walletEarnings, {}, { limit: 20, cursor: pageParam || undefined }),
          ZEarningsRowList,
          { signal },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}

/** GET /api/v1/wallet/earnings/plays: the settled plays one earnings row sums (when shown). */
export function useEarningsPlays(row: TEarningsRow, enabled: boolean) {
  const params = new URLSearchParams({
    day: row.day,
    adSpaceId: row.adSpace.id,
    campaignId: row.campaign.id,
  });
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'earnings-plays', row.day, row.adSpace.id, row.campaign.id],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.walletEarningsPlays, {}, params), ZEarningsPlayList, {
        signal,
      }),
    enabled,
  });
}
