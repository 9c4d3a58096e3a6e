import type { TMe } from '@screenline/shared/user';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/v1/me: the auth account merged with the stored profile. Read by the auth context, only
 * when signed in: the schema (and zod) loads then, not with the signed-out first page.
 */
export async function getMe(): Promise<TMe> {
  const { ZMe } = await import('@screenline/shared/user');
  return apiRequest(API.me, ZMe);
}
