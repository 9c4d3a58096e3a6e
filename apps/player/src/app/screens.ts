import type { TPlayerAdSpace } from '@screenline/shared/player';
import type { TSavedDevice } from '../lib/device';
import type { TTvSession } from '../lib/session';

/** SPEC §4's TV flow: signed out, signed in (setup: choosing the ad space), ready to play. */
export type TScreen =
  | { kind: 'signed-out'; notice: string | null }
  | {
      kind: 'setup';
      session: TTvSession;
      /** The ad space the TV played before "Change ad space", chosen in advance. */
      current: TPlayerAdSpace | null;
      notice?: string;
    }
  /** The session may be gone (the TV keeps playing on its device token); then changing asks to sign in. */
  | { kind: 'ready'; session: TTvSession | null; device: TSavedDevice };

/**
 * Where the TV starts after a reboot: a saved device goes straight to its ad space (checked with
 * the server afterwards), a saved session to setup, nothing to sign-in.
 */
export function startScreen(session: TTvSession | null, device: TSavedDevice | null): TScreen {
  if (device) return { kind: 'ready', session, device };
  if (session) return { kind: 'setup', session, current: null };
  return { kind: 'signed-out', notice: null };
}
