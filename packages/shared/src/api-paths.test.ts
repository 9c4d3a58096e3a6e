import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  API,
  AUTH_PATHS,
  apiPath,
  queryString,
  type TApiPath,
  type TPathParamNames,
} from './api-paths';

describe('apiPath', () => {
  it('returns a pattern without parameters as it is', () => {
    expect(apiPath(API.me)).toBe('/api/v1/me');
    expect(apiPath(API.health, {})).toBe('/api/health');
    expect(apiPath(AUTH_PATHS.getSession)).toBe('/api/auth/get-session');
  });

  it('fills each parameter, percent-encoded', () => {
    expect(apiPath(API.adSpace, { id: 'sp_1' })).toBe('/api/v1/ad-spaces/sp_1');
    expect(apiPath(API.adSpace, { id: 'a/b?c#d e' })).toBe('/api/v1/ad-spaces/a%2Fb%3Fc%23d%20e');
    expect(apiPath(API.adSpaceCampaignApproval, { adSpaceId: 's 1', campaignId: 7 })).toBe(
      '/api/v1/ad-spaces/s%201/campaign-approvals/7',
    );
    expect(apiPath(API.adSpaceScreenshot, { id: 'x' })).toBe('/api/v1/ad-spaces/x/screenshot.jpg');
    expect(apiPath(API.pairingRequest, { userCode: 'ABCD-EFGH' })).toBe(
      '/api/v1/pairing/requests/ABCD-EFGH',
    );
  });

  it('fills a trailing wildcard as one encoded segment (a storage object name)', () => {
    expect(apiPath(API.storageObject, { bucket: 'b', '*': 'users/u1/a b.png' })).toBe(
      '/v0/b/b/o/users%2Fu1%2Fa%20b.png',
    );
  });

  it('appends the query, skipping undefined and null, repeating arrays', () => {
    expect(apiPath(API.content, {}, { limit: 50, q: 'a&b', cursor: undefined, x: null })).toBe(
      '/api/v1/content?limit=50&q=a%26b',
    );
    expect(apiPath(API.campaignResults, { id: 'c1' }, { from: '2026-01-01', on: true })).toBe(
      '/api/v1/campaigns/c1/results?from=2026-01-01&on=true',
    );
    expect(apiPath(API.walletTransactions, {}, { kind: ['a', undefined, 'b'] })).toBe(
      '/api/v1/wallet/transactions?kind=a&kind=b',
    );
    expect(apiPath(API.content, {}, { cursor: undefined })).toBe('/api/v1/content');
  });

  it('throws when a parameter is missing at run time (a cast got past the types)', () => {
    const loose = apiPath as (pattern: string, params: Record<string, string>) => string;
    expect(() => loose(API.adSpace, {})).toThrow(/needs the parameter id/);
  });

  it('checks the parameter names from the pattern at compile time', () => {
    expectTypeOf<TPathParamNames<typeof API.adSpace>>().toEqualTypeOf<'id'>();
    expectTypeOf<TPathParamNames<typeof API.adSpaceCampaignApproval>>().toEqualTypeOf<
      'adSpaceId' | 'campaignId'
    >();
    expectTypeOf<TPathParamNames<typeof API.storageObject>>().toEqualTypeOf<'bucket' | '*'>();
    expectTypeOf<TPathParamNames<typeof API.me>>().toEqualTypeOf<never>();
    // @ts-expect-error -- the pattern has an `:id`, so the params are required
    expect(() => apiPath(API.adSpace)).toThrow();
    // @ts-expect-error -- `adSpaceId` is not `id`
    expect(() => apiPath(API.adSpace, { adSpaceId: 'x' })).toThrow();
    // @ts-expect-error -- both ids are needed
    expect(() => apiPath(API.adSpaceCampaignApproval, { adSpaceId: 'x' })).toThrow();
  });
});

describe('queryString', () => {
  it('is empty without anything to send', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString({ a: undefined })).toBe('');
    expect(queryString(new URLSearchParams())).toBe('');
  });

  it('takes URLSearchParams as they are', () => {
    const params = new URLSearchParams({ limit: '50' });
    params.set('cursor', 'a b');
    expect(apiPath(API.locations, {}, params)).toBe('/api/v1/locations?limit=50&cursor=a+b');
  });
});

describe('the table', () => {
  it('holds each path once, each an absolute pattern without a query', () => {
    const paths: TApiPath[] = Object.values(API);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [...paths, ...Object.values(AUTH_PATHS)]) {
      expect(path).toMatch(/^\/[a-z0-9/:.*_-]*[a-z0-9*]$/i);
    }
  });

  it('keeps Better Auth paths under its mount', () => {
    for (const path of Object.values(AUTH_PATHS)) expect(path.startsWith('/api/auth/')).toBe(true);
  });
});
