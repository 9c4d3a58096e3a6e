import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ZOutboxList } from '@screenline/shared/mail';
import { ZMonetizationRequest } from '@screenline/shared/monetization';
import { ZPayout, ZTopUp, ZWallet } from '@screenline/shared/wallet';
import { createMeRepository } from '../src/modules/me/me.repository';
import { twoFactorHeaders, withTwoFactor, type TTestApp } from './harness';

// Money fixtures (issue 9), made through the API like a client would.

/** A fresh Idempotency-Key header. */
export const newKey = () => ({ 'idempotency-key': crypto.randomUUID() });

/** A valid German IBAN (the ISO 13616 example). */
export const IBAN = 'DE89370400440532013000';

export const EUR = 1_000_000;

export async function requestTopUp(
  t: TTestApp,
  cookie: string,
  amountMicros: number,
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/wallet/top-ups',
    cookie,
    headers: newKey(),
    payload: { amountMicros },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZTopUp.parse(res.json()).id;
}

export async function approveTopUp(
  t: TTestApp,
  adminCookie: string,
  id: string,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/v1/admin/top-ups/${id}/approve`,
    cookie: adminCookie,
    headers: newKey(),
  });
}

/** Puts `amountMicros` in the user's wallet: a top-up, approved. */
export async function fund(
  t: TTestApp,
  cookie: string,
  adminCookie: string,
  amountMicros: number,
): Promise<void> {
  const res = await approveTopUp(t, adminCookie, await requestTopUp(t, cookie, amountMicros));
  expect(res.statusCode, res.body).toBe(200);
}

export async function requestPayout(
  t: TTestApp,
  cookie: string,
  amountMicros: number,
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/wallet/payouts',
    cookie,
    // Payouts need two-factor sign-in on and a fresh code (issue 18 item 4).
    headers: { ...newKey(), ...(await twoFactorHeaders(t, cookie)) },
    payload: { amountMicros, destination: { accountHolder: 'Ada Owner', iban: IBAN } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZPayout.parse(res.json()).id;
}

export async function walletOf(t: TTestApp, cookie: string) {
  const res = await t.request({ method: 'GET', url: '/api/v1/wallet', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return ZWallet.parse(res.json());
}

export async function requestMonetization(
  t: TTestApp,
  cookie: string,
  adSpaceId: string,
  floorMicrosPerSecond = 200,
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/monetization-requests',
    cookie,
    payload: { adSpaceId, floorMicrosPerSecond },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZMonetizationRequest.parse(res.json()).id;
}

/**
 * A signed-up super-user (set before their first request, so no session cache holds them), with
 * two-factor sign-in on: super-users act as such only then (issue 18 item 4).
 */
export async function signUpAdmin(t: TTestApp) {
  const admin = await t.signUp();
  await createMeRepository(t.app.deps.db).setSuperUser(admin.email, true);
  return withTwoFactor(t, admin);
}

/** A signed-up user with a role. */
export async function signUpWithRole(t: TTestApp, role: 'advertiser' | 'publisher') {
  const user = await t.signUp();
  const res = await t.request({
    method: 'PATCH',
    url: '/api/v1/me',
    cookie: user.cookie,
    payload: { role },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** The dev mailbox's messages to `to`, newest first. */
export async function mailsTo(t: TTestApp, to: string) {
  const res = await t.request({ method: 'GET', url: '/api/v1/dev/mailbox' });
  expect(res.statusCode, res.body).toBe(200);
  return ZOutboxList.parse(res.json()).items.filter((mail) => mail.to === to);
}
