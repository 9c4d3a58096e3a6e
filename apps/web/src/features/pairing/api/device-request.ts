import { ZDeviceError, type TDeviceError } from '@screenline/shared/pairing';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/** Why a pairing call failed, in the words the /pair page shows. */
export type TPairingProblem =
  'expired' | 'unknown' | 'used' | 'other-account' | 'signed-out' | 'network' | 'other';

export const PAIRING_PROBLEM_MESSAGES: Record<TPairingProblem, { title: string; body: string }> = {
  expired: {
    title: 'This code has expired',
    body: 'Codes last a few minutes. The TV already shows a new one: scan it again or type the new code.',
  },
  unknown: {
    title: 'No TV is showing this code',
    body: 'Check the letters on the TV screen and type them again. A code that was used to link a TV stops working.',
  },
  used: {
    title: 'This code was used already',
    body: 'The TV was linked or cancelled with it. If the TV still asks to sign in, scan its new code.',
  },
  'other-account': {
    title: 'Another account is linking this TV',
    body: 'Someone else opened this code first. Scan the code again once the TV shows a new one.',
  },
  'signed-out': { title: 'Your session has ended', body: 'Sign in again, then scan the code.' },
  network: { title: 'No connection', body: NETWORK_ERROR_MESSAGE },
  other: { title: 'The TV could not be linked', body: 'Something went wrong. Try again.' },
};

export class PairingError extends Error {
  override readonly name = 'PairingError';
  readonly problem: TPairingProblem;

  constructor(problem: TPairingProblem) {
    super(PAIRING_PROBLEM_MESSAGES[problem].title);
    this.problem = problem;
  }
}

/** The plugin's answers (RFC 8628 shape `{ error, error_description }`) as what the page says. */
export function problemOf(status: number, body: TDeviceError | null): TPairingProblem {
  if (status === 401) return 'signed-out';
  if (!body) return 'other';
  switch (body.error) {
    case 'expired_token':
      return 'expired';
    case 'access_denied':
      return 'other-account';
    case 'invalid_request':
      // The plugin answers invalid_request both for a code it does not know and for one approved
      // or denied already; only its description tells them apart.
      return /already processed/i.test(body.error_description) ? 'used' : 'unknown';
    case 'authorization_pending':
    case 'slow_down':
    case 'invalid_grant':
    case 'invalid_client':
    case 'unauthorized':
    case 'server_error':
      return 'other';
  }
}

type TSchema<TOutput> = {
  safeParse: (data: unknown) => { success: true; data: TOutput } | { success: false };
};

/**
 * Calls one of Better Auth's device endpoints with the session cookie; failures become a
 * PairingError. (apiRequest expects the product's error shape; these answer RFC 8628's.)
 */
export async function deviceRequest<TOutput>(
  path: string,
  schema: TSchema<TOutput>,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<TOutput> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new PairingError('network');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ZDeviceError.safeParse(payload);
    throw new PairingError(problemOf(response.status, parsed.success ? parsed.data : null));
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PairingError('other');
  return parsed.data;
}
