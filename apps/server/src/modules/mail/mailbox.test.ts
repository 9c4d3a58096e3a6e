import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { isLoopbackAddress } from './mailbox.routes';

const MAILBOX_URLS = ['/dev/mailbox', '/api/v1/dev/mailbox'];

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', false],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['::2', false],
    ['fe80::1', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('the dev mailbox answers only this machine', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it.each(MAILBOX_URLS)('%s answers loopback clients', async (url) => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.request({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it.each(MAILBOX_URLS)('%s is 404 to a client on the network', async (url) => {
    for (const remoteAddress of ['192.168.1.20', '::ffff:10.0.0.7', 'fe80::1']) {
      const res = await t.request({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).not.toContain('Dev mailbox');
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/dev/mailbox',
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the dev mailbox behind a trusted proxy', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1, 10.0.0.2' });
  });
  afterAll(() => t.close());

  it('judges the forwarded client address, not the proxy’s', async () => {
    const stranger = await t.request({
      method: 'GET',
      url: '/api/v1/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(stranger.statusCode).toBe(404);
    const local = await t.request({
      method: 'GET',
      url: '/api/v1/dev/mailbox',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('the dev mailbox in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it.each(MAILBOX_URLS)('%s does not exist, even for loopback clients', async (url) => {
    const res = await t.request({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
  });
});
