import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FALLBACK_MIN_PASSWORD_LENGTH,
  ZPasswordPolicy,
  type TPasswordPolicy,
} from '@screenline/shared/auth';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** GET /api/v1/auth/policy */
export function getPasswordPolicy(): Promise<TPasswordPolicy> {
  return apiRequest(API.authPolicy, ZPasswordPolicy);
}

export const passwordPolicyQueryOptions = queryOptions({
  queryKey: ['auth', 'password-policy'],
  queryFn: getPasswordPolicy,
  staleTime: 10 * 60 * 1000,
  retry: 1,
});

/**
 * The minimum password length to validate against. While the policy loads `isPending` is true;
 * when it cannot be read, the SPEC §5 fallback (6) applies.
 */
export function usePasswordPolicy(): { minLength: number; isPending: boolean } {
  const query = useQuery(passwordPolicyQueryOptions);
  return {
    minLength: query.data?.minPasswordLength ?? FALLBACK_MIN_PASSWORD_LENGTH,
    isPending: query.isPending,
  };
}
