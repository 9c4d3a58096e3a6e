import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ZMonetizationRequest,
  ZMonetizationRequestList,
  type TMonetizationState,
} from '@screenline/shared/monetization';
import {
  ZPlatformSettings,
  type TPlatformSettingsInput,
} from '@screenline/shared/platform-settings';
import {
  ZPayout,
  ZPayoutBankDetails,
  ZPayoutList,
  ZTopUp,
  ZTopUpList,
  type TPayoutState,
  type TTopUpState,
} from '@screenline/shared/wallet';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest, type TResponseSchema } from '@/lib/api-client';
import { PLATFORM_SETTINGS_QUERY_KEY } from '@/lib/api/get-platform-settings';
import { useIdempotentMutation } from '@/lib/idempotency';

/*
 * The super-users' money desks: top-ups, payouts, monetization requests and the platform
 * settings. Decisions on top-ups and payouts move money and carry an Idempotency-Key
 * (lib/idempotency.ts); monetization decisions move none.
 */

const ADMIN_KEY = ['admin-money'] as const;

/** Each desk's list, and the decisions on one of its requests. */
const ADMIN_LISTS = {
  'top-ups': API.adminTopUps,
  payouts: API.adminPayouts,
  'monetization-requests': API.adminMonetizationRequests,
} as const;
type TAdminResource = keyof typeof ADMIN_LISTS;

const TOP_UP_DECISIONS = { approve: API.adminTopUpApprove, reject: API.adminTopUpReject } as const;
const PAYOUT_DECISIONS = {
  approve: API.adminPayoutApprove,
  reject: API.adminPayoutReject,
  'mark-paid': API.adminPayoutMarkPaid,
} as const;
const MONETIZATION_DECISIONS = {
  approve: API.adminMonetizationRequestApprove,
  reject: API.adminMonetizationRequestReject,
  suspend: API.adminMonetizationRequestSuspend,
} as const;

/** One page after another of an admin list filtered by state, oldest pending first (server's order). */
function stateListOptions<TItem>(
  resource: TAdminResource,
  state: string,
  schema: TResponseSchema<{ items: TItem[]; nextCursor: string | null }>,
  filters: Record<string, string> = {},
) {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, resource, state, filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state, limit: '50', ...filters });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(apiPath(ADMIN_LISTS[resource], {}, params), schema, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** `statement`: a bank statement's text; only the top-up whose reference it names is listed. */
export const useAdminTopUps = (state: TTopUpState, statement = '') =>
  useInfiniteQuery(
    stateListOptions('top-ups', state, ZTopUpList, statement ? { reference: statement } : {}),
  );

export const useAdminPayouts = (state: TPayoutState) =>
  useInfiniteQuery(stateListOptions('payouts', state, ZPayoutList));

export const useAdminMonetizationRequests = (state: TMonetizationState) =>
  useInfiniteQuery(stateListOptions('monetization-requests', state, ZMonetizationRequestList));

/** A decision's variables: the request, and the reason when it refuses. */
export type TDecisionVariables = { id: string; reason?: string };

/**
 * Reloads a desk's lists after a decision, whether it went through or not: a refusal (409) often
 * means another super-user decided the request meanwhile.
 */
function useRefresh(resource: TAdminResource) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, resource] }),
      // The super-user's own wallet page, if it is open in the cache, is stale too.
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

/** POST /api/v1/admin/top-ups/{id}/approve|reject (Idempotency-Key). */
export function useTopUpDecision(action: 'approve' | 'reject') {
  const refresh = useRefresh('top-ups');
  return useIdempotentMutation({
    request: ({ id, reason }: TDecisionVariables) => ({
      path: apiPath(TOP_UP_DECISIONS[action], { id }),
      body: action === 'reject' ? { reason } : undefined,
      schema: ZTopUp,
    }),
    onSettled: refresh,
  });
}

/** POST /api/v1/admin/payouts/{id}/approve|reject|mark-paid (Idempotency-Key). */
export function usePayoutDecision(action: 'approve' | 'reject' | 'mark-paid') {
  const refresh = useRefresh('payouts');
  return useIdempotentMutation({
    request: ({ id, reason }: TDecisionVariables) => ({
      path: apiPath(PAYOUT_DECISIONS[action], { id }),
      body: action === 'reject' ? { reason } : undefined,
      schema: ZPayout,
    }),
    onSettled: refresh,
  });
}

/** GET /api/v1/admin/payouts/{id}/destination: the full bank details, asked for on demand only. */
export function usePayoutDestination(id: string, isShown: boolean) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'payout-destination', id],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.adminPayoutDestination, { id }), ZPayoutBankDetails, { signal }),
    enabled: isShown,
    // Bank details are not kept once hidden.
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** POST /api/v1/admin/monetization-requests/{id}/approve|reject|suspend (no money moves). */
export function useMonetizationDecision(action: 'approve' | 'reject' | 'suspend') {
  const refresh = useRefresh('monetization-requests');
  return useMutation({
    mutationFn: ({ id, reason }: TDecisionVariables) =>
      apiRequest(apiPath(MONETIZATION_DECISIONS[action], { id }), ZMonetizationRequest, {
        method: 'POST',
        body: action === 'approve' ? undefined : { reason },
      }),
    onSettled: refresh,
  });
}

/** PUT /api/v1/admin/platform-settings: the whole settings object. */
export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlatformSettingsInput) =>
      apiRequest(API.adminPlatformSettings, ZPlatformSettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(PLATFORM_SETTINGS_QUERY_KEY, saved),
  });
}
