import { z } from 'zod';
import {
  AUTH_ERROR_MESSAGES,
  authErrorCode,
  type TAuthErrorCode,
} from '@screenline/shared/auth-messages';
import { BEARER_TRANSPORT_HEADER } from '@screenline/shared/auth';
import { text } from '@screenline/shared/text';
import { AUTH_PATHS } from '@screenline/shared/api-paths';
import { OfflineError, requestJson } from '../../lib/http';
import type { TTvSession } from '../../lib/session';

const ZSignInAnswer = z.object({ user: z.object({ email: text(), name: text() }) });
const ZAuthError = z.object({ code: z.string().optional() });
/** A right password of an account with two-factor sign-in: no session exists yet. */
const ZSecondStep = z.object({ twoFactorRedirect: z.literal(true) });

export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly code: TAuthErrorCode;
  constructor(code: TAuthErrorCode) {
    super(AUTH_ERROR_MESSAGES[code]);
    this.code = code;
  }
}

/**
 * Email and password sign-in as a bearer client: the server hands the session token in the
 * `set-auth-token` header only to a password sign-in that asks with
 * `X-Screenline-Auth-Transport: bearer` (docs/decisions.md). No cookie is kept.
 */
export async function signInWithPassword(email: string, password: string): Promise<TTvSession> {
  let answer;
  try {
    answer = await requestJson(AUTH_PATHS.signInEmail, {
      method: 'POST',
      body: { email, password },
      headers: { [BEARER_TRANSPORT_HEADER]: 'bearer' },
    });
  } catch (error) {
    if (error instanceof OfflineError) throw new SignInError('network-request-failed');
    throw error;
  }
  if (answer.status !== 200) {
    const parsed = ZAuthError.safeParse(answer.body);
    throw new SignInError(
      authErrorCode({ code: parsed.success ? parsed.data.code : undefined, status: answer.status }),
    );
  }
  // The TV has no second step (issue 18 item 4): it says so, and that pairing by code works.
  if (ZSecondStep.safeParse(answer.body).success) throw new SignInError('two-factor-on-tv');
  const token = answer.headers.get('set-auth-token');
  const parsed = ZSignInAnswer.safeParse(answer.body);
  if (!token || !parsed.success) throw new SignInError('unknown');
  return { token, email: parsed.data.user.email, name: parsed.data.user.name, kind: 'session' };
}
