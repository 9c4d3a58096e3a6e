import { z } from 'zod';
import { text } from '@screenline/shared/text';
import { ZMe } from '@screenline/shared/user';
import { API, AUTH_PATHS } from '@screenline/shared/api-paths';
import { requestJson } from './http';

/**
 * The TV's sign-in until setup: the bearer token and who it belongs to, kept in localStorage so a
 * reboot (or a power cut) during setup stays signed in. `kind` says what the token is: the
 * owner's session (password sign-in) or a pairing grant (QR pairing, issue 18), which can only
 * list the ad spaces and set this TV up. Setup ends it: from then on the TV has its device token.
 */
const STORAGE_KEY = 'screenline.tv.session';

export const ZTvSession = z.object({
  token: text().min(1),
  email: text(),
  name: text(),
  kind: z.enum(['session', 'pairing']).default('session'),
});
export type TTvSession = z.output<typeof ZTvSession>;

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loadSession(storage: TStorage = window.localStorage): TTvSession | null {
  const raw = storage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = ZTvSession.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: written by something else; forget it below.
  }
  storage.removeItem(STORAGE_KEY);
  return null;
}

export function saveSession(session: TTvSession, storage: TStorage = window.localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(storage: TStorage = window.localStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/**
 * Who the token belongs to (GET /api/v1/me as a bearer): the session, 'ended' when the server
 * refuses the token (signed out elsewhere, password changed, account deleted). OfflineError
 * when the server cannot be reached.
 */
export async function readSession(token: string): Promise<TTvSession | 'ended'> {
  const answer = await requestJson(API.me, { token });
  if (answer.status === 401) return 'ended';
  const me = ZMe.safeParse(answer.body);
  if (answer.status !== 200 || !me.success) {
    throw new Error(`Screenline answered ${answer.status} when the TV asked who it is.`);
  }
  return { token, email: me.data.email, name: me.data.name, kind: 'session' };
}

/** Ends the session on the server too (best effort: offline, the TV forgets it anyway). */
export async function endSession(token: string): Promise<void> {
  await requestJson(AUTH_PATHS.signOut, { method: 'POST', token, body: {} }).catch(() => undefined);
}
