import type { FastifyInstance, InjectOptions } from 'fastify';
import { z } from 'zod';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import {
  ApiRequestError,
  createApiClient,
  type TApiTransport,
  type THttpMethod,
} from '@screenline/shared/api-client';
import { twoFactor } from '../db/schema/index';

/**
 * The demo's way into the product: its own HTTP API, in-process through app.inject, so every
 * seeded row went through the routes' validation, services and rules. The requests go through
 * the shared typed client (packages/shared/src/api-client.ts), which sends the public URL's
 * origin on each as a browser on the site does, and an Idempotency-Key where asked.
 */

export { ApiRequestError as DemoRequestError };

export interface TDemoSession {
  email: string;
  userId: string;
  cookie: string;
  /** `Firebase <token>`, for the storage API. */
  storageAuthorization: string;
}

/** The shared client's transport over `app.inject`: no socket, the same routes and rules. */
export function injectTransport(app: FastifyInstance): TApiTransport {
  return {
    origin: new URL(app.deps.config.publicUrl).origin,
    send: async ({ method, path, headers, body }) => {
      const res = await app.inject({
        method,
        url: path,
        headers,
        ...(body === undefined
          ? {}
          : { payload: typeof body === 'string' ? body : Buffer.from(body) }),
      });
      const answer: Record<string, string> = {};
      let setCookie: string[] = [];
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        if (name === 'set-cookie') setCookie = Array.isArray(value) ? value : [String(value)];
        else answer[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      return { status: res.statusCode, headers: answer, setCookie, text: res.body };
    },
  };
}

export function createDemoClient(app: FastifyInstance) {
  const api = createApiClient(injectTransport(app));

  /**
   * Any route as the seed calls it: `payload` sent as JSON, the session's `cookie`, a fresh
   * Idempotency-Key when `idempotent`. Answers the JSON (the caller parses it with its schema).
   */
  async function call(
    options: Pick<InjectOptions, 'payload'> & {
      method?: THttpMethod;
      url: string;
      cookie?: string;
      idempotent?: boolean;
      headers?: Record<string, string>;
    },
  ): Promise<unknown> {
    const { method = 'GET', url, cookie, idempotent, headers, payload } = options;
    return api.request(method, url, {
      schema: z.unknown(),
      session: cookie ? { cookie } : null,
      body: payload,
      headers,
      ...(idempotent ? { idempotencyKey: true as const } : {}),
    });
  }

  /** Signs a user up and in (Better Auth's own routes) and fetches the storage token. */
  async function signUp(email: string, password: string, name: string): Promise<TDemoSession> {
    const { userId, session } = await api.signUpAndIn({ email, password, name });
    return {
      email,
      userId,
      cookie: session.cookie,
      storageAuthorization: await api.storageAuthorization(session),
    };
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
    await api.enableTwoFactor({ cookie: session.cookie }, password);
    const { secretConfig } = await app.deps.auth.$context;
    await app.deps.db
      .update(twoFactor)
      .set({ secret: await symmetricEncrypt({ key: secretConfig, data: totpSecret }) })
      .where(eq(twoFactor.userId, session.userId));
    const verified = await api.verifyTotp(
      { cookie: session.cookie },
      await createOTP(totpSecret).totp(),
    );
    return {
      email: session.email,
      userId: session.userId,
      cookie: verified.cookie,
      storageAuthorization: await api.storageAuthorization(verified),
    };
  }

  /** Uploads bytes through the storage API (multipart, as the web client does). */
  async function upload(
    session: TDemoSession,
    objectPath: string,
    data: Buffer,
    contentType: string,
  ): Promise<void> {
    await api.uploadObject({
      authorization: session.storageAuthorization,
      bucket: app.deps.config.storageBucket,
      objectPath,
      bytes: new Uint8Array(data),
      contentType,
    });
  }

  return { call, signUp, upload, enrollTwoFactor };
}

export type TDemoClient = ReturnType<typeof createDemoClient>;
