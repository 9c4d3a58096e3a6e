import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiRequestError,
  createApiClient,
  mergeCookies,
  type TApiRequest,
  type TApiResponse,
} from './api-client';

const ORIGIN = 'http://127.0.0.1:3000';
const USER_ID = 'f0c5a7e2-51e4-4c43-9a43-7a8b5c0c2f11';

/** A fake server: answers from `answer`, and keeps every request it was sent. */
function fakeServer(answer: (request: TApiRequest) => Partial<TApiResponse>) {
  const sent: TApiRequest[] = [];
  const client = createApiClient({
    origin: ORIGIN,
    send: (request) => {
      sent.push(request);
      return Promise.resolve({
        status: 200,
        headers: {},
        setCookie: [],
        text: '',
        ...answer(request),
      });
    },
  });
  return { client, sent };
}

const json = (value: unknown, status = 200): Partial<TApiResponse> => ({
  status,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify(value),
});

const ME = {
  uid: USER_ID,
  email: 'ada@example.com',
  emailVerified: false,
  role: 'advertiser',
  isSU: false,
  twoFactorEnabled: false,
  name: 'Ada',
  company: '',
  phone: '',
  createdAt: '2026-12-06T10:00:00.000Z',
};

describe('the API client', () => {
  it('throws on an answer outside 2xx with the method, path, status and the body’s start', async () => {
    const body = JSON.stringify({ code: 'not-found', message: 'x'.repeat(2000) });
    const { client } = fakeServer(() => ({ status: 404, text: body }));
    const failure = await client.getAdSpace({ cookie: 'a=1' }, 'space-1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    const error = failure as ApiRequestError;
    expect(error.status).toBe(404);
    expect(error.body).toBe(body);
    expect(error.message).toBe(`GET /api/v1/ad-spaces/space-1 answered 404: ${body.slice(0, 500)}`);
  });

  it('parses every answer with its route’s schema, and says which route broke it', async () => {
    const { client } = fakeServer(() => json(ME));
    await expect(client.getMe({ cookie: 'a=1' })).resolves.toEqual(ME);

    const wrong = fakeServer(() => json({ ...ME, isSU: 'yes' }));
    await expect(wrong.client.getMe({ cookie: 'a=1' })).rejects.toThrow(
      /^GET \/api\/v1\/me: the answer does not match its schema: .*isSU/s,
    );
    const notJson = fakeServer(() => ({ status: 200, text: '<html>' }));
    await expect(notJson.client.getMe({ cookie: 'a=1' })).rejects.toThrow(
      'GET /api/v1/me answered 200 with no JSON: <html>',
    );
    // An empty answer (204) is null to the schema.
    const empty = fakeServer(() => ({ status: 204 }));
    await expect(
      empty.client.request('DELETE', '/api/v1/ad-spaces/x', { schema: z.null() }),
    ).resolves.toBeNull();
  });

  it('sends the Origin, JSON with its type, and the session’s cookie', async () => {
    const { client, sent } = fakeServer(() => json(ME));
    await client.updateMe({ cookie: 'better-auth.session_token=abc' }, { role: 'publisher' });
    await client.getMe({ cookie: '' });
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/api/v1/me',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: 'better-auth.session_token=abc',
      },
      body: '{"role":"publisher"}',
    });
    // No body: no content type; no session: no cookie.
    expect(sent[1]?.headers).toEqual({ origin: ORIGIN });
    expect(sent[1]?.body).toBeUndefined();
  });

  it('signs up, then in, and keeps the cookies the sign-in set', async () => {
    const { client, sent } = fakeServer((request) =>
      request.path === '/api/auth/sign-in/email'
        ? {
            ...json({ user: { id: USER_ID } }),
            setCookie: [
              'better-auth.session_token=tok.sig; Path=/; HttpOnly; SameSite=Lax',
              'better-auth.session_data=data; Path=/',
            ],
          }
        : json({ token: null, user: { id: USER_ID } }),
    );
    const signedUp = await client.signUpAndIn({
      email: 'ada@example.com',
      password: 'correct-horse-battery',
      name: 'Ada',
    });
    expect(sent.map((request) => request.path)).toEqual([
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
    ]);
    expect(signedUp).toEqual({
      email: 'ada@example.com',
      userId: USER_ID,
      session: { cookie: 'better-auth.session_token=tok.sig; better-auth.session_data=data' },
    });
  });

  it('passes two-factor sign-in’s challenge on, and takes the new session the code answers', async () => {
    const { client, sent } = fakeServer((request) =>
      request.path === '/api/auth/sign-in/email'
        ? { ...json({ twoFactorRedirect: true }), setCookie: ['better-auth.two_factor=ch; Path=/'] }
        : {
            ...json({ token: 'x' }),
            setCookie: [
              'better-auth.two_factor=; Max-Age=0',
              'better-auth.session_token=new; Path=/',
            ],
          },
    );
    const signedIn = await client.signIn({ email: 'su@example.com', password: 'pw' });
    expect(signedIn).toEqual({
      isChallenged: true,
      session: { cookie: 'better-auth.two_factor=ch' },
    });
    const session = await client.verifyTotp(signedIn.session, '123456');
    expect(sent[1]?.headers.cookie).toBe('better-auth.two_factor=ch');
    expect(session).toEqual({ cookie: 'better-auth.session_token=new' });
  });

  it('sends a fresh Idempotency-Key with each request that moves money, or the one given', async () => {
    // The answers do not matter here: a refusal, so that no top-up needs faking.
    const { client, sent } = fakeServer(() => json({ code: 'conflict' }, 409));
    const session = { cookie: 'a=1' };
    const refused = expect.any(ApiRequestError) as unknown;
    await expect(client.createTopUp(session, { amountMicros: 1_000_000 })).rejects.toEqual(refused);
    await expect(client.createTopUp(session, { amountMicros: 1_000_000 })).rejects.toEqual(refused);
    await expect(
      client.request('POST', '/api/v1/wallet/payouts', {
        schema: z.unknown(),
        session,
        body: {},
        idempotencyKey: 'retry-key',
      }),
    ).rejects.toEqual(refused);
    const keys = sent.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('retry-key');
    // A read carries none.
    await expect(client.getWallet(session)).rejects.toEqual(refused);
    expect(sent[3]?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends no cookie when the transport keeps its own jar (a Playwright request context)', async () => {
    const sent: TApiRequest[] = [];
    const client = createApiClient({
      origin: ORIGIN,
      keepsCookies: true,
      send: (request) => {
        sent.push(request);
        return Promise.resolve({
          status: 200,
          headers: {},
          setCookie: ['better-auth.session_token=tok; Path=/'],
          text: JSON.stringify({ user: { id: USER_ID } }),
        });
      },
    });
    const signedIn = await client.signIn({ email: 'ada@example.com', password: 'pw' });
    expect(signedIn.session).toEqual({ cookie: '' });
    await expect(client.getMe({ cookie: 'stale=1' })).rejects.toThrow(/does not match its schema/);
    expect(sent[1]?.headers.cookie).toBeUndefined();
  });

  it('polls the manifest as a TV does: its token and ETag, and null when unchanged (304)', async () => {
    const { client, sent } = fakeServer(() => ({ status: 304 }));
    await expect(client.playerManifest('device-token', '"v1"')).resolves.toBeNull();
    expect(sent[0]).toEqual({
      method: 'GET',
      path: '/api/v1/player/manifest',
      headers: { origin: ORIGIN, authorization: 'Bearer device-token', 'if-none-match': '"v1"' },
      body: undefined,
    });
    // Any other answer is judged and parsed as ever.
    const refused = fakeServer(() => json({ code: 'unauthorized' }, 401));
    await expect(refused.client.playerManifest('stale')).rejects.toBeInstanceOf(ApiRequestError);
    expect(refused.sent[0]?.headers['if-none-match']).toBeUndefined();
    const wrong = fakeServer(() => ({ ...json({ version: 'v2' }), headers: { etag: '"v2"' } }));
    await expect(wrong.client.playerManifest('device-token')).rejects.toThrow(
      /^GET \/api\/v1\/player\/manifest: the answer does not match its schema/,
    );
  });

  it('uploads a file as one multipart request with the storage token', async () => {
    const object = {
      bucket: 'screenline',
      generation: '1',
      metageneration: '1',
      fullPath: 'users/u/content/a.png',
      name: 'users/u/content/a.png',
      size: '3',
      timeCreated: '2026-12-06T10:00:00.000Z',
      updated: '2026-12-06T10:00:00.000Z',
      md5Hash: 'abc',
      contentType: 'image/png',
      downloadTokens: 't',
    };
    const { client, sent } = fakeServer(() => json(object));
    await expect(
      client.uploadObject({
        authorization: 'Firebase jwt',
        bucket: 'screenline',
        objectPath: 'users/u/content/a.png',
        bytes: new Uint8Array([1, 2, 3]),
        contentType: 'image/png',
      }),
    ).resolves.toEqual(object);
    const request = sent[0]!;
    expect(request.path).toBe('/v0/b/screenline/o?name=users%2Fu%2Fcontent%2Fa.png');
    expect(request.headers.authorization).toBe('Firebase jwt');
    expect(request.headers.cookie).toBeUndefined();
    const boundary = /boundary=(.+)$/.exec(request.headers['content-type'] ?? '')?.[1];
    expect(request.body).toBeInstanceOf(Uint8Array);
    const body = new TextDecoder('latin1').decode(request.body as Uint8Array<ArrayBuffer>);
    expect(body.startsWith(`--${boundary}\r\nContent-Type: application/json`)).toBe(true);
    expect(body).toContain('"size":3,"contentType":"image/png"');
    expect(body.endsWith(`\r\n\u0001\u0002\u0003\r\n--${boundary}--`)).toBe(true);
  });
});

describe('mergeCookies', () => {
  it('replaces, adds and drops (set empty) cookies', () => {
    expect(mergeCookies('a=1; b=2', ['b=3; Path=/', 'c=4', 'a=; Max-Age=0'])).toBe('b=3; c=4');
    expect(mergeCookies('', [])).toBe('');
  });
});
