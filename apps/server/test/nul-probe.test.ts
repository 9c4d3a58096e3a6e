import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, createTestApp, ORIGIN, PASSWORD, type TTestApp } from './harness';
import { objectUrl, signUpForStorage, uploadMultipart, type TStorageUser } from './storage-helpers';
import { TINY_PNG as PNG } from './media-samples';

/**
 * A NUL (U+0000) in any text field or query answers 400, never 500: PostgreSQL cannot store it,
 * so every route that let one through failed in the database. Each probe sends one request per
 * field with a NUL in that field alone and everything else valid.
 */

const NUL = 'a\u0000b';

interface TProbeContext {
  user: TStorageUser;
  objectName: string;
  contentId: string;
}

interface TBodyProbe {
  method: 'POST' | 'PATCH';
  url: (c: TProbeContext) => string;
  body: (c: TProbeContext) => Record<string, unknown>;
  /** Fields that get the NUL, one request each; `metadata.key` reaches into an object. */
  fields: string[];
  /** Send the session cookie (product and auth routes) or the storage token. */
  auth: 'cookie' | 'storage' | 'none';
}

interface TUrlProbe {
  method: 'GET' | 'POST';
  /** The URL with the NUL already in place (percent-encoded). */
  url: (c: TProbeContext) => string;
  auth: 'cookie' | 'storage' | 'none';
}

const ENCODED_NUL = 'a%00b';

/** A well-formed id: a NUL in the body is refused before the id is looked up. */
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const LOCATION = {
  name: 'Corner',
  address: {
    line: '1 Main',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  timeZone: 'America/Chicago',
  venueType: 'retail',
};

const BODY_PROBES: Record<string, TBodyProbe> = {
  'location create': {
    method: 'POST',
    url: () => '/api/v1/locations',
    body: () => LOCATION,
    fields: [
      'name',
      'address.line',
      'address.city',
      'address.region',
      'address.postalCode',
      'address.country',
      'timeZone',
    ],
    auth: 'cookie',
  },
  'location update': {
    method: 'PATCH',
    url: () => `/api/v1/locations/${SOME_ID}`,
    body: () => ({ name: 'Corner' }),
    fields: ['name'],
    auth: 'cookie',
  },
  'ad space create': {
    method: 'POST',
    url: () => '/api/v1/ad-spaces',
    body: () => ({
      name: 'Door',
      locationId: SOME_ID,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
    }),
    fields: ['name'],
    auth: 'cookie',
  },
  'TV device registration': {
    method: 'POST',
    url: () => '/api/v1/player/devices',
    body: () => ({
      deviceKey: 'a-device-key-of-the-tv',
      adSpaceId: SOME_ID,
      name: 'Front TV',
      userAgent: 'Tizen',
      appVersion: '0.1.0',
    }),
    fields: ['deviceKey', 'name', 'userAgent', 'appVersion'],
    auth: 'cookie',
  },
  'page views': {
    method: 'POST',
    url: () => '/api/v1/analytics/page-views',
    body: () => ({ path: '/dashboard', title: 'Dashboard' }),
    fields: ['path', 'title'],
    auth: 'cookie',
  },
  me: {
    method: 'PATCH',
    url: () => '/api/v1/me',
    body: () => ({ name: 'Ada', company: 'Engines', phone: '+44 1' }),
    fields: ['name', 'company', 'phone'],
    auth: 'cookie',
  },
  contact: {
    method: 'POST',
    url: () => '/api/v1/contact-messages',
    body: () => ({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }),
    fields: ['name', 'email', 'subject', 'message'],
    auth: 'none',
  },
  'content create': {
    method: 'POST',
    url: () => '/api/v1/content',
    body: (c) => ({ name: 'Photo', objectPath: c.objectName, kind: 'image', width: 1, height: 1 }),
    fields: ['name', 'objectPath', 'posterPath'],
    auth: 'cookie',
  },
  'content rename': {
    method: 'PATCH',
    url: (c) => `/api/v1/content/${c.contentId}`,
    body: () => ({ name: 'Renamed' }),
    fields: ['name'],
    auth: 'cookie',
  },
  'storage metadata': {
    method: 'PATCH',
    url: (c) => objectUrl(c.objectName),
    body: () => ({ metadata: { note: 'x' } }),
    fields: [
      'contentType',
      'cacheControl',
      'contentDisposition',
      'contentEncoding',
      'contentLanguage',
      'metadata.note',
      'metadata.key',
    ],
    auth: 'storage',
  },
  'auth sign-up': {
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    body: () => ({ email: `nul-${Date.now()}@example.com`, password: PASSWORD, name: 'Ada' }),
    fields: ['email', 'password', 'name', 'image'],
    auth: 'none',
  },
  'auth sign-in': {
    method: 'POST',
    url: () => '/api/auth/sign-in/email',
    body: (c) => ({ email: c.user.email, password: PASSWORD }),
    fields: ['email', 'password', 'callbackURL'],
    auth: 'none',
  },
  'auth update-user': {
    method: 'POST',
    url: () => '/api/auth/update-user',
    body: () => ({ name: 'Ada' }),
    fields: ['name', 'image'],
    auth: 'cookie',
  },
  'auth change-password': {
    method: 'POST',
    url: () => '/api/auth/change-password',
    body: () => ({ currentPassword: PASSWORD, newPassword: 'another-password-1' }),
    fields: ['currentPassword', 'newPassword'],
    auth: 'cookie',
  },
  'auth delete-user': {
    method: 'POST',
    url: () => '/api/auth/delete-user',
    body: () => ({ password: PASSWORD }),
    fields: ['password', 'callbackURL'],
    auth: 'cookie',
  },
  'auth request-password-reset': {
    method: 'POST',
    url: () => '/api/auth/request-password-reset',
    body: (c) => ({ email: c.user.email, redirectTo: `${ORIGIN}/forgot-password` }),
    fields: ['email', 'redirectTo'],
    auth: 'none',
  },
  'auth reset-password': {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    body: () => ({ token: 'some-token', newPassword: 'another-password-1' }),
    fields: ['token', 'newPassword'],
    auth: 'none',
  },
  'auth send-verification-email': {
    method: 'POST',
    url: () => '/api/auth/send-verification-email',
    body: (c) => ({ email: c.user.email, callbackURL: '/profile' }),
    fields: ['email', 'callbackURL'],
    auth: 'none',
  },
  'auth device/code': {
    method: 'POST',
    url: () => '/api/auth/device/code',
    body: () => ({ client_id: 'screenline-tv', scope: 'openid' }),
    fields: ['client_id', 'scope'],
    auth: 'none',
  },
  'auth device/token': {
    method: 'POST',
    url: () => '/api/auth/device/token',
    body: () => ({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: 'abc',
      client_id: 'screenline-tv',
    }),
    fields: ['grant_type', 'device_code', 'client_id'],
    auth: 'none',
  },
  'auth device/approve': {
    method: 'POST',
    url: () => '/api/auth/device/approve',
    body: () => ({ userCode: 'ABCDEFGH' }),
    fields: ['userCode'],
    auth: 'cookie',
  },
};

const URL_PROBES: Record<string, TUrlProbe> = {
  'locations list q': {
    method: 'GET',
    url: () => `/api/v1/locations?q=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'locations list cursor': {
    method: 'GET',
    url: () => `/api/v1/locations?cursor=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'ad spaces list q': {
    method: 'GET',
    url: () => `/api/v1/ad-spaces?q=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'ad space playing at': {
    method: 'GET',
    url: () => `/api/v1/ad-spaces/${SOME_ID}/playing?at=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'content list q': {
    method: 'GET',
    url: () => `/api/v1/content?q=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'content list cursor': {
    method: 'GET',
    url: () => `/api/v1/content?cursor=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'content item id': { method: 'GET', url: () => `/api/v1/content/${ENCODED_NUL}`, auth: 'cookie' },
  'storage object name': {
    method: 'GET',
    url: (c) => objectUrl(`users/${c.user.userId}/${'a\u0000b'}.png`),
    auth: 'storage',
  },
  'storage download token': {
    method: 'GET',
    url: (c) => `${objectUrl(c.objectName)}?alt=media&token=${ENCODED_NUL}`,
    auth: 'none',
  },
  'storage upload name': {
    method: 'POST',
    url: (c) => `/v0/b/screenline/o?name=users%2F${c.user.userId}%2F${ENCODED_NUL}`,
    auth: 'storage',
  },
  'auth reset-password link': {
    method: 'GET',
    url: () => `/api/auth/reset-password/${ENCODED_NUL}?callbackURL=%2Fforgot-password`,
    auth: 'none',
  },
  'auth verify-email token': {
    method: 'GET',
    url: () => `/api/auth/verify-email?token=${ENCODED_NUL}`,
    auth: 'none',
  },
  'auth device user_code': {
    method: 'GET',
    url: () => `/api/auth/device?user_code=${ENCODED_NUL}`,
    auth: 'cookie',
  },
  'auth get-session query': {
    method: 'GET',
    url: () => `/api/auth/get-session?disableCookieCache=${ENCODED_NUL}`,
    auth: 'cookie',
  },
};

/** The body with a NUL put into one field (`metadata.key` puts it into a key of `metadata`). */
function withNul(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const [head, tail] = field.split('.');
  if (!head) return body;
  if (tail === undefined) return { ...body, [head]: NUL };
  const inner = typeof body[head] === 'object' && body[head] !== null ? body[head] : {};
  if (tail === 'key') return { ...body, [head]: { ...inner, [NUL]: 'x' } };
  return { ...body, [head]: { ...inner, [tail]: NUL } };
}

describe.each(BACKENDS)('NUL in any text field on %s', (backend) => {
  let t: TTestApp;
  let c: TProbeContext;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const user = await signUpForStorage(t);
    const objectName = `users/${user.userId}/content/photo.png`;
    expect((await uploadMultipart(t, user, objectName, PNG)).statusCode).toBe(200);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/content',
      cookie: user.cookie,
      payload: { name: 'Photo', objectPath: objectName, kind: 'image', width: 1, height: 1 },
    });
    expect(created.statusCode).toBe(201);
    const contentId = z.object({ id: z.string() }).parse(created.json()).id;
    c = { user, objectName, contentId };
  });
  afterAll(() => t.close());

  const credentials = (auth: TBodyProbe['auth']) => ({
    cookie: auth === 'cookie' ? c.user.cookie : undefined,
    headers: auth === 'storage' ? { authorization: c.user.authorization } : {},
  });

  const cases = Object.entries(BODY_PROBES).flatMap(([route, probe]) =>
    probe.fields.map((field) => [route, field, probe] as const),
  );

  it.each(cases)('%s: %s answers 400', async (_route, field, probe) => {
    const res = await t.request({
      method: probe.method,
      url: probe.url(c),
      payload: withNul(probe.body(c), field),
      ...credentials(probe.auth),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
  });

  it.each(Object.entries(URL_PROBES))('%s answers 400', async (_route, probe) => {
    const res = await t.request({
      method: probe.method,
      url: probe.url(c),
      ...credentials(probe.auth),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
  });

  it('left the account and its content as they were', async () => {
    const me = await t.request({ method: 'GET', url: '/api/v1/me', cookie: c.user.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: c.user.email });
    const item = await t.request({
      method: 'GET',
      url: `/api/v1/content/${c.contentId}`,
      cookie: c.user.cookie,
    });
    expect(item.json()).toMatchObject({ name: 'Photo' });
  });
});
