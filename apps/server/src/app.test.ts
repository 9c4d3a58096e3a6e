import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      storageBucket: 'screenline',
      passwordMinLength: 8,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        SMTP_URL: 'http://mail',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.map((p) => p.split(':')[0])).toEqual(
        expect.arrayContaining(['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL']),
      );
      expect(problems).toHaveLength(4);
    }
  });

  it('derives REDIS_PREFIX from the database: one database, one prefix; another, another', () => {
    const prefixOf = (env: Record<string, string>) => loadConfig(env).redisPrefix;
    const shared = prefixOf({ DATABASE_URL: 'postgres://app:one@db.internal:5432/screenline' });
    expect(shared).toMatch(/^screenline:[0-9a-f]{12}:$/);
    // Other credentials and another DATA_DIR: the same database, the same keys.
    expect(
      prefixOf({
        DATABASE_URL: 'postgresql://other:two@db.internal/screenline?sslmode=require',
        DATA_DIR: '/elsewhere',
      }),
    ).toBe(shared);
    expect(prefixOf({ DATABASE_URL: 'postgres://app:one@db.internal:5432/screenline_2' })).not.toBe(
      shared,
    );
    expect(prefixOf({ DATABASE_URL: 'postgres://app:one@db.other:5432/screenline' })).not.toBe(
      shared,
    );
    expect(prefixOf({ DATA_DIR: '/srv/a' })).not.toBe(prefixOf({ DATA_DIR: '/srv/b' }));
    expect(prefixOf({ REDIS_PREFIX: 'screenline:prod:' })).toBe('screenline:prod:');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });

  it('hashes passwords at full cost everywhere but the test suite', () => {
    expect(loadConfig({}).passwordHashing).toBe('scrypt');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toBe('scrypt');
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: 'fast-for-tests' })).toThrow(
        /PASSWORD_HASHING/,
      );
    }
    expect(
      loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'fast-for-tests' }).passwordHashing,
    ).toBe('fast-for-tests');
  });
});

describe('TRUST_PROXY (issue 18 item 3)', () => {
  const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes the proxies’ addresses and ranges, a hop count, or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxyOf('10.0.0.0/8, ::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
  });

  it('refuses "trust any header" and anything that is not an address, saying what to set', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: "true" would trust any X-Forwarded-For header.*TRUST_PROXY=1/,
      );
    }
    for (const value of ['proxy.internal', '10.0.0.0/33', '10.0.0.5/8/1', '300.1.1.1', '11']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: /);
    }
  });
});

describe('hosting, health and headers', () => {
  let t: TTestApp;
  beforeAll(async () => {
    const dir = path.join(process.env.TMPDIR ?? '/tmp', `screenline-dist-${Date.now()}`);
    await fs.mkdir(path.join(dir, 'web/assets'), { recursive: true });
    await fs.mkdir(path.join(dir, 'player/assets'), { recursive: true });
    await fs.writeFile(path.join(dir, 'web/index.html'), '<!doctype html><title>web</title>');
    await fs.writeFile(path.join(dir, 'web/assets/app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(dir, 'web/favicon.svg'), '<svg/>');
    await fs.writeFile(path.join(dir, 'player/index.html'), '<!doctype html><title>player</title>');
    await fs.writeFile(path.join(dir, 'player/assets/tv-1234.js'), 'console.log(2)');
    t = await createTestApp('pglite', {
      WEB_DIST: path.join(dir, 'web'),
      PLAYER_DIST: path.join(dir, 'player'),
    });
  });
  afterAll(() => t.close());

  it('reports liveness and readiness', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      live: true,
      ready: true,
      checks: { database: true, storage: true },
      environment: 'test',
    });
  });

  it('serves index.html uncached for every app path, and hashed assets for a year', async () => {
    for (const url of ['/', '/signin', '/advertiser/playlists/edit/42?x=1', '/help/nowhere']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>web</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await t.request({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the player at /tv', async () => {
    for (const url of ['/tv', '/tv/', '/tv/setup']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body).toContain('<title>player</title>');
    }
    const asset = await t.request({ method: 'GET', url: '/tv/assets/tv-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with the JSON error shape, never the app', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not-found', message: 'Nothing lives at GET /api/v1/nothing-here.' },
    });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('publishes an OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/v1/me', '/api/health']),
    );
  });

  it('declares the Idempotency-Key header on every route that requires one', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{
      paths: Record<
        string,
        Record<string, { summary?: string; parameters?: { in: string; name: string }[] }>
      >;
    }>().paths;
    const missing: string[] = [];
    let required = 0;
    for (const [url, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.summary?.includes('Idempotency-Key')) continue;
        required += 1;
        const declared = operation.parameters?.some(
          (p) => p.in === 'header' && p.name === 'idempotency-key',
        );
        if (!declared) missing.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(missing).toEqual([]);
    // Top-ups, payouts, their decisions and the campaign money routes.
    expect(required).toBeGreaterThanOrEqual(8);
  });
});
