import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZMoneyAuditList, type TMoneyAuditKind } from '@screenline/shared/audit-log';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/** `all`, or one kind of request. */
export type TAuditFilter = 'all' | TMoneyAuditKind;

/** GET /api/v1/admin/audit-log?kind=: every decision on money, newest first, a page at a time. */
export const auditLogOptions = (filter: TAuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin-money', 'audit-log', filter],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (filter !== 'all') params.set('kind', filter);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(apiPath(API.adminAuditLog, {}, params), ZMoneyAuditList, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useAuditLog = (filter: TAuditFilter) => useInfiniteQuery(auditLogOptions(filter));
