import { z } from 'zod';
import {
  type TPlayerAdSpace,
  type TPlayerAdSpaceOption,
  type TPlayerDevice,
  ZDeviceRegistration,
  ZPlayerAdSpace,
  ZPlayerAdSpaceList,
  ZPlayerDevice,
} from '@screenline/shared/player';
import { text } from '@screenline/shared/text';
import { API } from '@screenline/shared/api-paths';
import { requestJson } from './http';

/**
 * What setup leaves on the TV (issue 8 item 4), in localStorage beside the session:
 * - the device key, made once and kept even across sign-outs, so setting the same TV up again
 *   reuses its device record on the server;
 * - the device: its id, its token (the credential of every later player route) and the ad space
 *   it plays, so a reboot goes straight back to it, offline too.
 */
const KEY_STORAGE_KEY = 'screenline.tv.device-key';
const DEVICE_STORAGE_KEY = 'screenline.tv.device';

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const ZSavedDevice = z.object({
  deviceId: text().min(1),
  token: text().min(1),
  adSpace: ZPlayerAdSpace,
  /** Whose TV it is ("Signed in as …" on setup), when the sign-in said. */
  account: text().optional(),
});
export type TSavedDevice = z.infer<typeof ZSavedDevice>;

/** 24 random bytes as 48 hex characters: unguessable, and only URL-safe characters. */
export function newDeviceKey(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = defaultRandom,
): string {
  const bytes = random(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function defaultRandom(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return window.crypto.getRandomValues(bytes);
}

/** This TV's device key, made on first use. */
export function deviceKey(storage: TStorage = window.localStorage): string {
  const stored = storage.getItem(KEY_STORAGE_KEY);
  if (stored && /^[0-9a-f]{48}$/.test(stored)) return stored;
  const made = newDeviceKey();
  storage.setItem(KEY_STORAGE_KEY, made);
  return made;
}

export function loadDevice(storage: TStorage = window.localStorage): TSavedDevice | null {
  const raw = storage.getItem(DEVICE_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = ZSavedDevice.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: forget it below.
  }
  storage.removeItem(DEVICE_STORAGE_KEY);
  return null;
}

export function saveDevice(device: TSavedDevice, storage: TStorage = window.localStorage): void {
  storage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(device));
}

/** Forgets the device (not the device key: the TV stays the same TV). */
export function clearDevice(storage: TStorage = window.localStorage): void {
  storage.removeItem(DEVICE_STORAGE_KEY);
}

/** The answers of the setup calls that change what the TV shows next. */
export type TAdSpacesAnswer =
  | { kind: 'ok'; items: TPlayerAdSpaceOption[] }
  /** The session is gone: sign in again. */
  | { kind: 'signed-out' }
  /** The account does not run screens (no advertiser role). */
  | { kind: 'not-owner' };

/**
 * GET /api/v1/player/ad-spaces with the owner's session, the pairing grant or the TV's own
 * device token (Change ad space). OfflineError when unreachable.
 */
export async function fetchAdSpaces(token: string): Promise<TAdSpacesAnswer> {
  const answer = await requestJson(API.playerAdSpaces, { token });
  if (answer.status === 401) return { kind: 'signed-out' };
  if (answer.status === 403) return { kind: 'not-owner' };
  const list = ZPlayerAdSpaceList.safeParse(answer.body);
  if (answer.status !== 200 || !list.success) throw unexpected(answer.status, 'its ad spaces');
  return { kind: 'ok', items: list.data.items };
}

export type TRegisterAnswer =
  | { kind: 'ok'; device: TSavedDevice }
  | { kind: 'signed-out' }
  | { kind: 'not-owner' }
  /** The ad space was deleted (or is not the account's) since the list was shown. */
  | { kind: 'gone' };

/**
 * POST /api/v1/player/devices: registers this TV for the ad space (or binds it again), with the
 * same credentials as fetchAdSpaces. A pairing grant is spent by it.
 */
export async function registerDevice(
  token: string,
  adSpace: TPlayerAdSpace,
  {
    key = deviceKey(),
    userAgent = window.navigator.userAgent,
    appVersion = __APP_VERSION__,
  }: { key?: string; userAgent?: string; appVersion?: string } = {},
): Promise<TRegisterAnswer> {
  const answer = await requestJson(API.playerDevices, {
    method: 'POST',
    token,
    body: { deviceKey: key, adSpaceId: adSpace.id, userAgent: userAgent.slice(0, 500), appVersion },
  });
  if (answer.status === 401) return { kind: 'signed-out' };
  if (answer.status === 403) return { kind: 'not-owner' };
  if (answer.status === 404) return { kind: 'gone' };
  const registration = ZDeviceRegistration.safeParse(answer.body);
  if ((answer.status !== 200 && answer.status !== 201) || !registration.success) {
    throw unexpected(answer.status, 'to register');
  }
  return {
    kind: 'ok',
    device: {
      deviceId: registration.data.deviceId,
      token: registration.data.token,
      // The space alone: what setup's list said of its other TVs is not kept with the device.
      adSpace: ZPlayerAdSpace.parse(adSpace),
    },
  };
}

/**
 * GET /api/v1/player/device with the device token: the device as the server knows it, or
 * 'revoked' when the token no longer works (signed out, re-registered elsewhere, its ad space or
 * the account deleted). OfflineError when unreachable.
 */
export async function readDevice(deviceToken: string): Promise<TPlayerDevice | 'revoked'> {
  const answer = await requestJson(API.playerDevice, { token: deviceToken });
  if (answer.status === 401 || answer.status === 404) return 'revoked';
  const device = ZPlayerDevice.safeParse(answer.body);
  if (answer.status !== 200 || !device.success) throw unexpected(answer.status, 'who it is');
  return device.data;
}

/** DELETE /api/v1/player/device: the token stops working (best effort: offline, it is dropped). */
export async function signOutDevice(deviceToken: string): Promise<void> {
  await requestJson(API.playerDevice, { method: 'DELETE', token: deviceToken }).catch(
    () => undefined,
  );
}

function unexpected(status: number, what: string): Error {
  return new Error(`Screenline answered ${status} when the TV asked ${what}.`);
}
