import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@screenline/shared/money';
import { apiRequest, type TResponseSchema } from '@/lib/api-client';

/*
 * Money-moving requests carry an Idempotency-Key (docs/marketplace.md, "Idempotency"): the
 * server answers a repeated key with the first result and moves nothing again. The key belongs to
 * one action of the person (this top-up of €50 with this reference, approving this request), so
 * every attempt at that same action (a double click, a retry after the network failed, the
 * dialog reopened and sent again) sends the same key, and only a success forgets it: the next
 * action, even an identical one, is a new key.
 */

const pendingKeys = new Map<string, string>();

/** The key of an action, made on its first attempt and kept until the action succeeds. */
export function idempotencyKeyFor(action: string): string {
  let key = pendingKeys.get(action);
  if (key === undefined) {
    key = crypto.randomUUID();
    pendingKeys.set(action, key);
  }
  return key;
}

/** Forgets a succeeded action's key: doing it again is a new action. */
export function settleIdempotencyKey(action: string): void {
  pendingKeys.delete(action);
}

/** An action's identity: its route and what it sends (a changed amount is another action). */
export function actionOf(path: string, body: unknown): string {
  return `${path} ${JSON.stringify(body ?? null)}`;
}

/** POST to a money-moving route with the action's Idempotency-Key. */
export function postWithIdempotencyKey<TOutput>(
  path: string,
  schema: TResponseSchema<TOutput>,
  body: unknown,
  key: string,
  headers: Record<string, string> = {},
): Promise<TOutput> {
  return apiRequest(path, schema, {
    method: 'POST',
    body,
    headers: { ...headers, [IDEMPOTENCY_HEADER]: key },
  });
}

/**
 * A mutation for a money-moving POST: `request(variables)` names the route, the body and the
 * answer's schema; each action's key is reused on every attempt until it succeeds.
 */
export function useIdempotentMutation<TVariables, TOutput>({
  request,
  ...options
}: {
  request: (variables: TVariables) => {
    path: string;
    body: unknown;
    schema: TResponseSchema<TOutput>;
    /** Headers that are not part of the action (a fresh two-factor code on a retry). */
    headers?: Record<string, string>;
  };
} & Omit<UseMutationOptions<TOutput, Error, TVariables>, 'mutationFn'>) {
  return useMutation<TOutput, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const { path, body, schema, headers } = request(variables);
      const action = actionOf(path, body);
      const result = await postWithIdempotencyKey(
        path,
        schema,
        body,
        idempotencyKeyFor(action),
        headers,
      );
      settleIdempotencyKey(action);
      return result;
    },
  });
}
