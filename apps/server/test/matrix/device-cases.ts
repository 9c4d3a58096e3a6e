import { expect } from 'vitest';
import {
  DEVICE_GRANT_TYPE,
  TV_CLIENT_ID,
  ZDeviceCode,
  ZDeviceToken,
} from '@screenline/shared/pairing';
import type { TTestApp } from '../harness';
import { tvOf, userOf } from './fixtures';
import type { TCase } from './matrix-types';

/**
 * Issue 18's routes (the TV behind a pairing code, the owner's TVs) and the pairing grant as a
 * caller: the credential a QR-paired TV holds until it is set up.
 */

/** A code the TV asked for, claimed on /pair by `cookie`'s account. */
async function claimedCode(t: TTestApp, cookie: string) {
  const asked = await t.request({
    method: 'POST',
    url: '/api/auth/device/code',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: TV_CLIENT_ID }).toString(),
  });
  const code = ZDeviceCode.parse(asked.json());
  const claimed = await t.request({
    method: 'GET',
    url: `/api/auth/device?user_code=${code.user_code}`,
    cookie,
  });
  expect(claimed.statusCode, claimed.body).toBe(200);
  return code;
}

/** A pairing grant of `cookie`'s account: the whole QR pairing, as the TV and phone run it. */
export async function pairingGrantOf(t: TTestApp, cookie: string): Promise<string> {
  const code = await claimedCode(t, cookie);
  const approved = await t.request({
    method: 'POST',
    url: '/api/auth/device/approve',
    cookie,
    payload: { userCode: code.user_code },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const granted = await t.request({
    method: 'POST',
    url: '/api/auth/device/token',
    payload: {
      grant_type: DEVICE_GRANT_TYPE,
      device_code: code.device_code,
      client_id: TV_CLIENT_ID,
    },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  return ZDeviceToken.parse(granted.json()).access_token;
}

export const DEVICE_CASES: Record<string, TCase> = {
  // /pair: only the account that claimed the code sees the TV behind it; another's is 404.
  'GET /api/v1/pairing/requests/:userCode': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/pairing/requests/${(await claimedCode(f.t, userOf(f, target).cookie)).user_code}`,
    }),
  },
  'GET /api/v1/devices': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/devices' }),
  },
  'DELETE /api/v1/devices/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/devices/${(await tvOf(f, target)).deviceId}`,
    }),
  },
};
