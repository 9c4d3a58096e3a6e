import { vi } from 'vitest';
import type { TMonetizationRequest } from '@screenline/shared/monetization';
import {
  PLATFORM_SETTINGS_DEFAULTS,
  type TPlatformSettings,
} from '@screenline/shared/platform-settings';
import type { TPayout, TTopUp, TWallet, TWalletTransaction } from '@screenline/shared/wallet';
import { jsonResponse } from '@/test/fixtures';
import { uuid } from '@/test/screens-fixtures';

/** Fixtures for the marketplace's money pages, shaped as the /api/v1 routes answer them. */

export const BUYER = { id: 'buyer-1', name: 'Ada Lovelace', email: 'ada@example.com' };
export const ADMIN = { id: 'admin-1', name: 'Grace Hopper' };

export function makeSettings(overrides: Partial<TPlatformSettings> = {}): TPlatformSettings {
  return { ...PLATFORM_SETTINGS_DEFAULTS, updatedAt: null, updatedBy: null, ...overrides };
}

export function makeWallet(overrides: Partial<TWallet> = {}): TWallet {
  return {
    availableMicros: 125_500_000,
    heldMicros: 40_000_000,
    pendingTopUpMicros: 50_000_000,
    lifetimeEarnedMicros: 310_250_000,
    lifetimeSpentMicros: 84_000_000,
    ...overrides,
  };
}

export function makeTransaction(overrides: Partial<TWalletTransaction> = {}): TWalletTransaction {
  return {
    id: uuid(900),
    kind: 'top-up',
    description: 'Top-up approved',
    amountMicros: 100_000_000,
    heldDeltaMicros: 0,
    balanceAfterMicros: 100_000_000,
    campaign: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The platform's bank account as a super-user entered it. */
export const BANK = {
  accountHolder: 'Screenline GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  address: 'Demo-Allee 1, 10115 Berlin',
};

export function makeTopUp(overrides: Partial<TTopUp> = {}): TTopUp {
  const amountMicros = overrides.amountMicros ?? 50_000_000;
  const reference = overrides.reference ?? 'SL-ADA-0302';
  return {
    id: uuid(700),
    user: BUYER,
    amountMicros,
    reference,
    method: 'bank-transfer',
    payment: {
      method: 'bank-transfer',
      amountMicros,
      reference,
      accountHolder: BANK.accountHolder,
      iban: BANK.iban,
      bic: BANK.bic,
      bankName: BANK.bankName,
      ready: true,
    },
    receipt: null,
    state: 'pending',
    firstApproval: null,
    decision: null,
    receiptPdfUrl: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makePayout(overrides: Partial<TPayout> = {}): TPayout {
  return {
    id: uuid(800),
    user: BUYER,
    amountMicros: 80_000_000,
    destination: { accountHolder: 'Ada Lovelace', ibanMasked: 'DE•• •••• 3000' },
    state: 'pending',
    firstApproval: null,
    decision: null,
    paidAt: null,
    receiptPdfUrl: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeMonetizationRequest(
  overrides: Partial<TMonetizationRequest> = {},
): TMonetizationRequest {
  return {
    id: uuid(600),
    adSpace: {
      id: uuid(200),
      name: 'Window screen',
      location: { id: uuid(100), name: 'Corner Café', city: 'New York' },
    },
    owner: BUYER,
    floorMicrosPerSecond: 200,
    state: 'pending',
    decision: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export type TApiCall = {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
};

/**
 * Stubs fetch: `handler` answers what a test cares about (a Response, or an Error to fail as the
 * network does); anything else is a 404. Returns every call, headers included.
 */
export function stubApi(handler: (call: TApiCall) => Response | Error | undefined) {
  const calls: TApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const call: TApiCall = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const answer = handler(call);
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(
        answer ?? jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404),
      );
    }),
  );
  return calls;
}

export const page = (items: unknown[], nextCursor: string | null = null) =>
  jsonResponse({ items, nextCursor });
