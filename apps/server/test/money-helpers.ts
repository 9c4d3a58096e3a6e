import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ZMonetizationRequest } from '@screenline/shared/monetization';
import { ZPayout, ZTopUp, ZWallet } from '@screenline/shared/wallet';
import type { TTestApp } from './harness';

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
    payload: { amountMicros, reference: 'SL-TEST-1' },
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
    headers: newKey(),
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
