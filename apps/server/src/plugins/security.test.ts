import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZStorageObject } from '@screenline/shared/storage';
import { createTestApp, mailLinks, ORIGIN, type TTestApp } from '../../test/harness';
import { captureLog } from '../../test/log-capture';
import {
  objectUrl,
  signUpForStorage,
  uploadMultipart,
  type TStorageUser,
} from '../../test/storage-helpers';
import { TINY_PNG as PNG } from '../../test/media-samples';
import { redactUrl } from '../lib/log-redaction';

function mediaUrl(name: string, token: string): string {
  return `${objectUrl(name)}?alt=media&token=${token}`;
}

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/reset-password/abc123?callbackURL=%2Fx',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Fx',
    ],
    [
      '/api/auth/verify-email?token=eyJ.x.y&callbackURL=/',
      '/api/auth/verify-email?token=[redacted]&callbackURL=/',
    ],
    [
      '/v0/b/s/o/a%2Fb.png?alt=media&token=1234-5678',
      '/v0/b/s/o/a%2Fb.png?alt=media&token=[redacted]',
    ],
    ['/api/auth/device?user_code=ABCD-EFGH', '/api/auth/device?user_code=[redacted]'],
    ['/api/v1/content?q=token&limit=2', '/api/v1/content?q=token&limit=2'],
    ['/api/v1/me', '/api/v1/me'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('private responses and the request log', () => {
  const { stream, lines } = captureLog();
  let t: TTestApp;
  let owner: TStorageUser;
  let name: string;
  let meta: z.infer<typeof ZStorageObject>;

  beforeAll(async () => {
    t = await createTestApp('pglite', { LOG_LEVEL: 'info' }, { logStream: stream });
    owner = await signUpForStorage(t);
    name = `users/${owner.userId}/photo.png`;
    const upload = await uploadMultipart(t, owner, name, PNG);
    expect(upload.statusCode).toBe(200);
    meta = ZStorageObject.parse(upload.json());
  });
  afterAll(() => t.close());

  it('answers Cache-Control: no-store on auth, API and storage metadata responses', async () => {
    const responses = [
      await t.request({ method: 'GET', url: '/api/auth/get-session', cookie: owner.cookie }),
      await t.request({ method: 'GET', url: '/api/auth/token', cookie: owner.cookie }),
      await t.request({ method: 'GET', url: '/api/auth/list-sessions', cookie: owner.cookie }),
      await t.signIn(owner.email, 'wrong-password-here'),
      await t.request({ method: 'GET', url: '/api/v1/me', cookie: owner.cookie }),
      await t.request({ method: 'GET', url: '/api/v1/me' }),
      await t.request({ method: 'GET', url: '/api/v1/auth/policy' }),
      await t.request({ method: 'GET', url: '/api/v1/content', cookie: owner.cookie }),
      await t.request({
        method: 'GET',
        url: objectUrl(name),
        headers: { authorization: owner.authorization },
      }),
      await t.request({
        method: 'PATCH',
        url: objectUrl(name),
        headers: { authorization: owner.authorization },
        payload: { metadata: { note: 'x' } },
      }),
      await t.request({
        method: 'GET',
        url: objectUrl(`users/${owner.userId}/missing.png`),
        headers: { authorization: owner.authorization },
      }),
    ];
    for (const res of responses) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe(
        'no-store',
      );
    }
  });

  it('leaves the media download its own cache policy', async () => {
    const media = await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['cache-control']).not.toBe('no-store');
  });

  it('writes no reset, verification, download or pairing token to the request log', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: owner.email, redirectTo: `${ORIGIN}/forgot-password` },
    });
    const links = await mailLinks(t, owner.email);
    const reset = links.find((l) => l.includes('reset-password'));
    const verify = links.find((l) => l.includes('verify-email'));
    expect(reset).toBeDefined();
    expect(verify).toBeDefined();
    const resetUrl = new URL(reset!);
    const verifyUrl = new URL(verify!);
    const secrets = [
      resetUrl.pathname.split('/').pop()!,
      verifyUrl.searchParams.get('token')!,
      meta.downloadTokens,
      'WXYZ-2345',
    ];
    const before = lines.length;
    await t.request({ method: 'GET', url: resetUrl.pathname + resetUrl.search });
    await t.request({ method: 'GET', url: verifyUrl.pathname + verifyUrl.search });
    await t.request({ method: 'GET', url: mediaUrl(name, meta.downloadTokens) });
    await t.request({
      method: 'GET',
      url: '/api/auth/device?user_code=WXYZ-2345',
      cookie: owner.cookie,
    });
    const written = lines.slice(before);
    // The requests were logged, with their secrets replaced.
    expect(written.filter((line) => line.includes('[redacted]')).length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      for (const line of lines) expect(line).not.toContain(secret);
    }
  });
});

const ZOpenApi = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({
        responses: z.record(
          z.string(),
          z.looseObject({ content: z.record(z.string(), z.unknown()).optional() }),
        ),
      }),
    ),
  ),
});

describe('the OpenAPI document', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const document = () => ZOpenApi.parse(t.app.swagger());
  const operation = (path: string, method: string) => {
    const op = document().paths[path]?.[method];
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    return op;
  };
  const objectPath = () => {
    const found = Object.keys(document().paths).find((p) => /^\/v0\/b\/\{bucket\}\/o\/./.test(p));
    if (!found) throw new Error('no object path in the document');
    return found;
  };

  it('declares the storage downloads as bytes, not JSON, with 206, 304, 416 and 503', () => {
    const { responses } = operation(objectPath(), 'get');
    const ok = Object.keys(responses['200']?.content ?? {});
    expect(ok).toContain('application/json');
    expect(ok.some((type) => type !== 'application/json')).toBe(true);
    expect(Object.keys(responses['206']?.content ?? {})).not.toContain('application/json');
    expect(Object.keys(responses['206']?.content ?? {}).length).toBeGreaterThan(0);
    expect(responses['304']?.content).toBeUndefined();
    for (const status of ['206', '304', '416', '503']) expect(responses).toHaveProperty(status);
  });

  it('declares 503 on every storage route', () => {
    const paths = document().paths;
    const storage = Object.entries(paths).filter(([path]) => path.startsWith('/v0/'));
    expect(storage.length).toBeGreaterThan(1);
    for (const [path, methods] of storage) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.responses, `${method} ${path}`).toHaveProperty('503');
      }
    }
  });

  it('declares 429 on every rate-limited route, and only there', () => {
    for (const [path, method] of [
      ['/api/v1/analytics/page-views', 'post'],
      ['/api/v1/contact-messages', 'post'],
    ] as const) {
      expect(operation(path, method).responses, `${method} ${path}`).toHaveProperty('429');
    }
    expect(operation('/api/v1/me', 'get').responses).not.toHaveProperty('429');
  });

  it('serves /api/docs while API_DOCS is on (the default outside production)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('/api/docs when API_DOCS is off', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { API_DOCS: 'false' });
  });
  afterAll(() => t.close());

  it.each(['/api/docs', '/api/docs/json', '/api/docs/static/index.html'])(
    '%s is 404',
    async (url) => {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    },
  );
});

describe('/api/docs in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('is off unless API_DOCS turns it on', async () => {
    expect(t.config.apiDocs).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});

/**
 * The security headers, pinned (issue 19 item 4): they are computed once at start rather than by
 * helmet on every request, and must stay exactly what helmet sent, on every kind of answer.
 */
describe('the security headers', () => {
  const CSP =
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
    "media-src 'self' blob:;connect-src 'self';font-src 'self' data:;worker-src 'self' blob:;" +
    "manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
  const COMMON = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const NAMES = [
    'content-security-policy',
    'strict-transport-security',
    'cross-origin-embedder-policy',
    'x-powered-by',
    ...Object.keys(COMMON),
  ];
  const securityHeadersOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      NAMES.filter((name) => name in headers).map((name) => [name, headers[name]]),
    );

  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('sends the same set on API answers, errors, 401s and pages over http', async () => {
    const { cookie } = await t.signUp();
    const answers = [
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/v1/me', cookie }),
      await t.request({ method: 'GET', url: '/api/v1/me' }),
      await t.request({ method: 'GET', url: '/api/v1/nothing-here', cookie }),
      await t.request({ method: 'PATCH', url: '/api/v1/me', cookie, payload: { name: 7 } }),
      await t.request({ method: 'GET', url: '/' }),
    ];
    // `/`: 503 here, the web app is not built for the API tests.
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404, 400, 503]);
    for (const res of answers) {
      expect(securityHeadersOf(res.headers), `${res.statusCode} ${res.body.slice(0, 60)}`).toEqual({
        ...COMMON,
        'content-security-policy': CSP,
      });
    }
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const https = await createTestApp('pglite', { PUBLIC_URL: 'https://screens.example.com' });
    try {
      const res = await https.request({ method: 'GET', url: '/api/health' });
      expect(securityHeadersOf(res.headers)).toEqual({
        ...COMMON,
        'content-security-policy': `${CSP};upgrade-insecure-requests`,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
    } finally {
      await https.close();
    }
    // A second app on a loaded machine takes a while to build.
  }, 180_000);
});
