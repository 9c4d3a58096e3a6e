import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_GRANT_TYPE,
  TV_CLIENT_ID,
  ZDeviceCode,
  ZDeviceError,
  ZDeviceToken,
  ZDeviceVerification,
  formatUserCode,
} from '@screenline/shared/pairing';
import { PAIRING_GRANT_PREFIX, PAIRING_GRANT_TTL_SECONDS } from '@screenline/shared/player';
import { PAIRING_POLL_PREFER, ZPairingRequest } from '@screenline/shared/pairing';
import { deviceCode as deviceCodeTable, session as sessionTable } from '../../db/schema/index';
import { BACKENDS, createTestApp, ORIGIN, type TTestApp } from '../../../test/harness';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CHROMIUM_69 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.0 Safari/537.36';

describe.each(BACKENDS)('TV pairing by the device grant on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      PAIRING_CODE_TTL_SECONDS: '300',
      PAIRING_POLL_INTERVAL_SECONDS: '3',
    });
  });
  afterAll(() => t.close());

  /** The TV asks for a code, as the player does (a form post, no cookie). */
  async function requestCode(
    clientId = TV_CLIENT_ID,
    from: { userAgent?: string; ip?: string } = {},
  ) {
    return t.request({
      method: 'POST',
      url: '/api/auth/device/code',
      headers: { ...FORM, ...(from.userAgent ? { 'user-agent': from.userAgent } : {}) },
      payload: new URLSearchParams({ client_id: clientId }).toString(),
      ...(from.ip ? { remoteAddress: from.ip } : {}),
    });
  }

  async function newCode(from: { userAgent?: string; ip?: string } = {}) {
    const res = await requestCode(TV_CLIENT_ID, from);
    expect(res.statusCode).toBe(200);
    return ZDeviceCode.parse(res.json());
  }

  /** The TV polls for its token. Better Auth 1.7.7 takes this one as JSON only (415 for a form). */
  function poll(deviceCode: string, clientId = TV_CLIENT_ID, headers: Record<string, string> = {}) {
    return t.request({
      method: 'POST',
      url: '/api/auth/device/token',
      headers,
      payload: { grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode, client_id: clientId },
    });
  }

  /** Moves the code's last poll (and optionally its expiry) into the past, as time passing would. */
  async function age(deviceCode: string, { isExpired = false } = {}) {
    const past = new Date(Date.now() - 60_000);
    await t.app.deps.db
      .update(deviceCodeTable)
      .set({ lastPolledAt: past, ...(isExpired ? { expiresAt: past } : {}) })
      .where(eq(deviceCodeTable.deviceCode, deviceCode));
  }

  function verify(userCode: string, cookie?: string) {
    return t.request({
      method: 'GET',
      url: `/api/auth/device?user_code=${encodeURIComponent(userCode)}`,
      cookie,
    });
  }

  function decide(action: 'approve' | 'deny', userCode: string, cookie?: string) {
    return t.request({
      method: 'POST',
      url: `/api/auth/device/${action}`,
      cookie,
      payload: { userCode },
    });
  }

  function errorOf(res: { json: () => unknown }) {
    return ZDeviceError.parse(res.json()).error;
  }

  it('gives a TV a short code, the /pair address, and the expiry and interval from config', async () => {
    const code = await newCode();
    expect(code.user_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    expect(formatUserCode(code.user_code)).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code.verification_uri).toBe(`${ORIGIN}/pair`);
    expect(code.expires_in).toBe(300);
    expect(code.interval).toBe(3);
    expect(code.device_code.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a client that is not the TV player', async () => {
    const res = await requestCode('someone-else');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('invalid_client');
  });

  it('runs the whole grant: pending, claimed and approved by a phone, then a token that works as a bearer', async () => {
    const code = await newCode();
    const pending = await poll(code.device_code);
    expect(pending.statusCode).toBe(400);
    expect(errorOf(pending)).toBe('authorization_pending');

    const { cookie, email, userId } = await t.signUp();
    // The phone may type the code as shown on the TV: lower case, with the dash.
    const seen = await verify(formatUserCode(code.user_code).toLowerCase(), cookie);
    expect(seen.statusCode).toBe(200);
    expect(ZDeviceVerification.parse(seen.json())).toMatchObject({
      status: 'pending',
      client_id: TV_CLIENT_ID,
    });
    const approved = await decide('approve', code.user_code, cookie);
    expect(approved.statusCode).toBe(200);

    await age(code.device_code);
    const granted = await poll(code.device_code);
    expect(granted.statusCode).toBe(200);
    const token = ZDeviceToken.parse(granted.json());
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(PAIRING_GRANT_TTL_SECONDS);
    // Whose TV it becomes, for the setup screen; but the token is a pairing grant, not a session
    // of the account (issue 18 item 1): the web API does not know it.
    expect(token).toMatchObject({ account_email: email });
    expect(token.access_token.startsWith(PAIRING_GRANT_PREFIX)).toBe(true);
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.statusCode).toBe(401);
    // The approval made no session that outlives the exchange.
    const sessions = await t.app.deps.db
      .select({ id: sessionTable.id })
      .from(sessionTable)
      .where(eq(sessionTable.userId, userId));
    expect(sessions).toHaveLength(1);

    // One code, one token: a second redemption is refused and the code is gone for the phone.
    await age(code.device_code);
    const again = await poll(code.device_code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe('invalid_grant');
    expect(errorOf(await verify(code.user_code, cookie))).toBe('invalid_request');
  });

  it('shows the account that claimed a code what asked for it: name, platform, address, time; nobody else', async () => {
    const before = Date.now();
    const code = await newCode({ userAgent: CHROMIUM_69, ip: '198.51.100.23' });
    const { cookie } = await t.signUp();
    const describe = (who?: string) =>
      t.request({ method: 'GET', url: `/api/v1/pairing/requests/${code.user_code}`, cookie: who });
    // Before the phone claims the code, even its future owner learns nothing.
    expect((await describe(cookie)).statusCode).toBe(404);
    expect((await verify(code.user_code, cookie)).statusCode).toBe(200);
    const seen = await describe(cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    const view = ZPairingRequest.parse(seen.json());
    expect(view).toMatchObject({
      userCode: code.user_code,
      name: 'Screenline TV player',
      platform: 'Chrome 69 on Linux',
      ipAddress: '198.51.100.23',
    });
    expect(Date.parse(view.requestedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // Another account, and nobody at all, get nothing.
    const other = await t.signUp();
    expect((await describe(other.cookie)).statusCode).toBe(404);
    expect((await describe()).statusCode).toBe(401);
  });

  it('answers slow_down when the TV polls faster than the interval', async () => {
    const code = await newCode();
    expect(errorOf(await poll(code.device_code))).toBe('authorization_pending');
    const tooSoon = await poll(code.device_code);
    expect(tooSoon.statusCode).toBe(400);
    expect(errorOf(tooSoon)).toBe('slow_down');
    await age(code.device_code);
    expect(errorOf(await poll(code.device_code))).toBe('authorization_pending');
  });

  it('answers "not yet" as 202 to the TV player that prefers it, errors still as 400 (issue 21)', async () => {
    const quiet = { prefer: PAIRING_POLL_PREFER };
    const code = await newCode();
    const pending = await poll(code.device_code, TV_CLIENT_ID, quiet);
    expect(pending.statusCode).toBe(202);
    expect(errorOf(pending)).toBe('authorization_pending');
    const tooSoon = await poll(code.device_code, TV_CLIENT_ID, quiet);
    expect(tooSoon.statusCode).toBe(202);
    expect(errorOf(tooSoon)).toBe('slow_down');
    const unknown = await poll('no-such-code', TV_CLIENT_ID, quiet);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).not.toBe('authorization_pending');
  });

  it('tells the TV access_denied when the phone cancels, once', async () => {
    const code = await newCode();
    const { cookie } = await t.signUp();
    expect((await verify(code.user_code, cookie)).statusCode).toBe(200);
    expect((await decide('deny', code.user_code, cookie)).statusCode).toBe(200);
    const denied = await poll(code.device_code);
    expect(denied.statusCode).toBe(400);
    expect(errorOf(denied)).toBe('access_denied');
    await age(code.device_code);
    expect(errorOf(await poll(code.device_code))).toBe('invalid_grant');
  });

  it('refuses an expired code to the phone and the TV', async () => {
    const code = await newCode();
    const { cookie } = await t.signUp();
    await age(code.device_code, { isExpired: true });
    const seen = await verify(code.user_code, cookie);
    expect(seen.statusCode).toBe(400);
    expect(errorOf(seen)).toBe('expired_token');
    expect(errorOf(await decide('approve', code.user_code, cookie))).toBe('expired_token');
    const polled = await poll(code.device_code);
    expect(polled.statusCode).toBe(400);
    expect(errorOf(polled)).toBe('expired_token');
  });

  it('refuses an unknown code, an anonymous approval and an approval of a code already decided', async () => {
    const { cookie } = await t.signUp();
    const unknown = await verify('ZZZZ-ZZZZ', cookie);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('invalid_request');
    expect(errorOf(await decide('approve', 'ZZZZZZZZ', cookie))).toBe('invalid_request');
    expect(errorOf(await poll('no-such-device-code'))).toBe('invalid_grant');

    const code = await newCode();
    const anonymous = await decide('approve', code.user_code);
    expect(anonymous.statusCode).toBe(401);

    expect((await verify(code.user_code, cookie)).statusCode).toBe(200);
    expect((await decide('approve', code.user_code, cookie)).statusCode).toBe(200);
    // The phone reopening the page sees it approved; approving again is refused.
    expect(ZDeviceVerification.parse((await verify(code.user_code, cookie)).json()).status).toBe(
      'approved',
    );
    const twice = await decide('approve', code.user_code, cookie);
    expect(twice.statusCode).toBe(400);
    expect(ZDeviceError.parse(twice.json()).error_description).toMatch(/already processed/i);
  });

  it("keeps another user's claimed code away from a second phone", async () => {
    const code = await newCode();
    const first = await t.signUp();
    const second = await t.signUp();
    expect((await verify(code.user_code, first.cookie)).statusCode).toBe(200);
    const seen = ZDeviceVerification.parse((await verify(code.user_code, second.cookie)).json());
    // The second user learns no details of the TV and cannot approve it.
    expect(seen.client_id ?? null).toBeNull();
    const res = await decide('approve', code.user_code, second.cookie);
    expect(res.statusCode).toBe(403);
  });
});
