import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ZContactMessageList,
  ZContactMessageView,
  type TContactMessageStatus,
  type TContactMessageView,
} from '@screenline/shared/contact';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/*
 * The super-users' side of contact messages: GET /api/v1/admin/contact-messages (newest first,
 * `?status=`), GET …/{id}, POST …/{id}/answer|close|reopen.
 */

const KEY = ['admin-contact-messages'] as const;
const ACTION_PATHS = {
  answer: API.adminContactMessageAnswer,
  close: API.adminContactMessageClose,
  reopen: API.adminContactMessageReopen,
} as const;

/** The filter: one status, or every message. */
export type TContactFilter = TContactMessageStatus | 'all';

export const contactMessagesOptions = (filter: TContactFilter) =>
  infiniteQueryOptions({
    queryKey: [...KEY, 'list', filter],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (filter !== 'all') params.set('status', filter);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(apiPath(API.adminContactMessages, {}, params), ZContactMessageList, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useContactMessages = (filter: TContactFilter) =>
  useInfiniteQuery(contactMessagesOptions(filter));

export const contactMessageOptions = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.adminContactMessage, { id }), ZContactMessageView, { signal }),
  });

export const useContactMessage = (id: string | null) =>
  useQuery({ ...contactMessageOptions(id ?? ''), enabled: id !== null });

export type TContactAction =
  { action: 'answer'; id: string; answer: string } | { action: 'close' | 'reopen'; id: string };

/**
 * Answers, closes or reopens a message. The lists reload either way: a refusal (409) usually
 * means another super-user acted on the message meanwhile.
 */
export function useContactAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TContactAction): Promise<TContactMessageView> =>
      apiRequest(
        apiPath(ACTION_PATHS[variables.action], { id: variables.id }),
        ZContactMessageView,
        {
          method: 'POST',
          ...(variables.action === 'answer' ? { body: { answer: variables.answer } } : {}),
        },
      ),
    onSuccess: (message) => {
      queryClient.setQueryData(contactMessageOptions(message.id).queryKey, message);
    },
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: contactMessageOptions(variables.id).queryKey }),
      ]),
  });
}
