import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import { createTestApp, type TTestApp } from './harness';
import { signUpForStorage, type TStorageUser } from './storage-helpers';

/**
 * What the input fuzz (fuzz.test.ts) found, one test each, so that a fix that goes away fails by
 * name and not only when the fuzz happens to draw the input again.
 */

describe('fuzz findings', () => {
  let t: TTestApp;
  let user: TStorageUser;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    user = await signUpForStorage(t);
  });
  afterAll(() => t.close());

  it('V2.2.1 a URL whose percent-encoding is not UTF-8 answers 400 in the shared error shape', async () => {
    for (const url of [
      '/api/v1/content/%ED%A0%80',
      '/v0/b/screenline/o/%F2%BD%95%9E%F2%99%B0',
      '/api/v1/locations/%zz',
    ]) {
      const res = await t.request({ method: 'GET', url, cookie: user.cookie });
      expect(res.statusCode, url).toBe(400);
      expect(ZApiError.parse(res.json()).error.code, url).toBe('bad-request');
    }
  });

  it('V2.2.1 a path parameter beyond the router length limit answers in the shared error shape', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/content/${'x'.repeat(5000)}`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(ZApiError.safeParse(res.json()).success, res.body).toBe(true);
  });

  it('V2.2.1 a JSON body nested thousands of levels deep answers 400, on Better Auth and our routes', async () => {
    // It parsed, then overflowed the call stack of what walked it (the NUL check, JSON.stringify
    // on the way to Better Auth): a 500.
    const payload = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const url of ['/api/auth/sign-in/email', '/api/auth/%F3%8D%A8%96', '/api/v1/locations']) {
      const res = await t.request({
        method: 'POST',
        url,
        cookie: user.cookie,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(ZApiError.parse(res.json()).error.code, url).toBe('bad-request');
    }
  });
});
