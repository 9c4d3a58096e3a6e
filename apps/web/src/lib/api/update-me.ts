import { useMutation } from '@tanstack/react-query';
import { ZMe, type TMe, type TUpdateMe } from '@screenline/shared/user';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/v1/me: name, company, phone; role once (409 role-already-set after). */
export function updateMe(body: TUpdateMe): Promise<TMe> {
  return apiRequest(API.me, ZMe, { method: 'PATCH', body });
}

export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe });
}
