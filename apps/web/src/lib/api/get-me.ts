import { ZMe, type TMe } from '@screenline/shared/user';
import { apiRequest } from '@/lib/api-client';

/** GET /api/v1/me: the auth account merged with the stored profile. Read by the auth context. */
export function getMe(): Promise<TMe> {
  return apiRequest('/api/v1/me', ZMe);
}
