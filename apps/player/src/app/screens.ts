import type { TPlayerAdSpace } from '@screenline/shared/player';
import type { TSavedDevice } from '../lib/device';
import type { TTvSession } from '../lib/session';

/**
 * What setup calls the server with: the sign-in's credential (the owner's session after a
 * password sign-in, the pairing grant after QR pairing), or, for "Change ad space", the TV's own
 * device token, which lists its owner's ad spaces and moves the TV to another (issue 18).
 */
export type TSetupCredential =
  { kind: 'sign-in'; session: TTvSession } | { kind: 'device'; device: TSavedDevice };

/** SPEC §4's TV flow: signed out, signed in (setup: choosing the ad space), ready to play. */
export type TScreen =
  | { kind: 'signed-out'; notice: string | null }
  | {
      kind: 'setup';
      credential: TSetupCredential;
      /** The ad space the TV played before "Change ad space", chosen in advance. */
      current: TPlayerAdSpace | null;
      notice?: string;
    }
  /**
   * Set up: the TV plays on its device token alone. The sign-in's credential is gone by now (a
   * pairing grant is spent by setup, a password session is ended after it): a TV in a shop
   * window holds nothing that opens its owner's account.
   */
  | { kind: 'ready'; device: TSavedDevice };

/**
 * Where the TV starts after a reboot: a saved device goes straight to its ad space (checked with
 * the server afterwards), a saved sign-in to setup, nothing to sign-in.
 */
export function startScreen(session: TTvSession | null, device: TSavedDevice | null): TScreen {
  if (device) return { kind: 'ready', device };
  if (session) return { kind: 'setup', credential: { kind: 'sign-in', session }, current: null };
  return { kind: 'signed-out', notice: null };
}

/**
 * "Change ad space" from the menu: setup with the TV's own token, the current space chosen in
 * advance. It needs no new sign-in, so it never sends the TV to the sign-in screen (issue 18: a
 * QR-paired TV did, once its owner's password changed, because it listed with that session).
 */
export function changeAdSpaceScreen(device: TSavedDevice): TScreen {
  return { kind: 'setup', credential: { kind: 'device', device }, current: device.adSpace };
}

/** The token setup calls with, and the account it shows ("Signed in as …"), when known. */
export function setupCredentialOf(credential: TSetupCredential): {
  token: string;
  account: string | null;
} {
  return credential.kind === 'device'
    ? { token: credential.device.token, account: credential.device.account ?? null }
    : { token: credential.session.token, account: credential.session.email || null };
}
