import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { ZAuthToken } from '@screenline/shared/auth';
import { API, apiPath } from '@screenline/shared/api-paths';
import { twoFactor } from '../db/schema/index';

/**
 * The demo's way into the product: its own HTTP API, in-process through app.inject, so every
 * seeded row went through the routes' validation, services and rules. State-changing requests
 * carry the public URL's origin, as a browser on the site does.
 */

export class DemoRequestError extends Error {
  constructor(method: string, url: string, res: LightMyRequestResponse) {
    super(`Demo seed: ${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    this.name = 'DemoRequestError';
  }
}

export interface TDemoSession {
  email: string;
  userId: string;
  cookie: string;
  /** `Firebase <token>`, for the storage API. */
  storageAuthorization: string;
}

const ZSignUp = z.object({ user: z.object({ id: z.string() }) });

export function createDemoClient(app: FastifyInstance) {
  const origin = new URL(app.deps.config.publicUrl).origin;

  async function call<T = unknown>(
    options: InjectOptions & { url: string; cookie?: string; idempotent?: boolean },
  ): Promise<T> {
    const { cookie, idempotent, headers, ...rest } = options;
    const res = await app.inject({
      ...rest,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(idempotent ? { 'idempotency-key': crypto.randomUUID() } : {}),
        ...headers,
      },
    });
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new DemoRequestError(String(options.method ?? 'GET'), options.url, res);
    }
    return (res.body ? res.json() : undefined) as T;
  }

  /** Signs a user up and in (Better Auth's own routes) and fetches the storage token. */
  async function signUp(email: string, password: string, name: string): Promise<TDemoSession> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { email, password, name },
    });
    if (res.statusCode !== 200) throw new DemoRequestError('POST', '/api/auth/sign-up/email', res);
    // Sign-up makes no session (it answers an existing address the same way): sign in next.
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email, password },
    });
    if (signedIn.statusCode !== 200)
      throw new DemoRequestError('POST', '/api/auth/sign-in/email', signedIn);
    const userId = ZSignUp.parse(signedIn.json()).user.id;
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { token } = ZAuthToken.parse(
      await call({ method: 'GET', url: '/api/auth/token', cookie }),
    );
    return { email, userId, cookie, storageAuthorization: `Firebase ${token}` };
  }

  /** A session's storage token, read again (a new session needs its own). */
  async function withStorageToken(session: Omit<TDemoSession, 'storageAuthorization'>) {
    const { token } = ZAuthToken.parse(
      await call({ method: 'GET', url: '/api/auth/token', cookie: session.cookie }),
    );
    return { ...session, storageAuthorization: `Firebase ${token}` };
  }

  /**
   * Turns two-factor sign-in on as a person does (the password, then a first code), with the
   * demo's published key in place of the random one, so that docs/demo.md can give it: the only
   * two-factor row written directly. Answers the new session (turning it on replaces the old).
   */
  async function enrollTwoFactor(
    session: TDemoSession,
    password: string,
    totpSecret: string,
  ): Promise<TDemoSession> {
    await call({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: session.cookie,
      payload: { password },
    });
    const { secretConfig } = await app.deps.auth.$context;
    await app.deps.db
      .update(twoFactor)
      .set({ secret: await symmetricEncrypt({ key: secretConfig, data: totpSecret }) })
      .where(eq(twoFactor.userId, session.userId));
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin, cookie: session.cookie },
      payload: { code: await createOTP(totpSecret).totp() },
    });
    if (verified.statusCode !== 200)
      throw new DemoRequestError('POST', '/api/auth/two-factor/verify-totp', verified);
    const cookie = verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return withStorageToken({ email: session.email, userId: session.userId, cookie });
  }

  /** Uploads bytes through the storage API (multipart, as the web client does). */
  async function upload(
    session: TDemoSession,
    objectPath: string,
    data: Buffer,
    contentType: string,
  ): Promise<void> {
    const boundary = `screenline-demo-${crypto.randomBytes(8).toString('hex')}`;
    const resource = { name: objectPath, fullPath: objectPath, size: data.length, contentType };
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(resource)}\r\n`,
      ),
      Buffer.from(`--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const bucket = app.deps.config.storageBucket;
    await call({
      method: 'POST',
      url: apiPath(API.storageObjects, { bucket }, { name: objectPath }),
      headers: {
        authorization: session.storageAuthorization,
        'x-goog-upload-protocol': 'multipart',
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      payload,
    });
  }

  return { call, signUp, upload, enrollTwoFactor };
}

export type TDemoClient = ReturnType<typeof createDemoClient>;
