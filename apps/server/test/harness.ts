import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { ZOutboxList } from '@screenline/shared/mail';
import { buildApp } from '../src/app';
import { type TConfig, testConfig } from '../src/config';
import { openPglite, openPostgres, type TDatabase } from '../src/db/database';
import { auditLedger } from '../src/modules/ledger/ledger';
import { twoFactor } from '../src/db/schema/index';

const ZSignUpResponse = z.object({ user: z.object({ id: z.string() }) });

export type TBackend = 'pglite' | 'postgres';

/** The backends this run tests: PGlite always, PostgreSQL when the global setup reached it. */
export const BACKENDS: TBackend[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

export const ORIGIN = 'http://127.0.0.1:3000';
export const PASSWORD = 'correct-horse-battery';
export const SECRET = 'test-secret-test-secret-test-secret-0123456789';

async function openBackend(
  backend: TBackend,
): Promise<{ database: TDatabase; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const template = await fs.readFile(inject('pgliteTemplate'));
    const database = await openPglite(undefined, { loadDataDir: new Blob([template]) });
    return { database, drop: async () => undefined };
  }
  const adminUrl = inject('postgresUrl');
  const name = `screenline_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (global-setup.ts); openPostgres below then finds every
  // migration applied.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  return {
    database,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TTestApp {
  /** The running app; replaced by restart(). */
  app: FastifyInstance;
  backend: TBackend;
  dataDir: string;
  config: TConfig;
  database: TDatabase;
  /** app.inject with the Origin header Better Auth requires on cookie-bearing POSTs. */
  request(
    options: InjectOptions & { cookie?: string | undefined },
  ): Promise<LightMyRequestResponse>;
  /** Signs up a new user and returns its session cookie. */
  signUp(
    email?: string,
    password?: string,
  ): Promise<{ cookie: string; email: string; userId: string }>;
  signIn(email: string, password: string): Promise<LightMyRequestResponse>;
  /** Closes the app and builds a new one on the same DATA_DIR and database (a server restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TTestAppOptions {
  /** Runs before the app is ready: the only moment a test can add hooks. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Receives the app's log lines (JSON, one per line) instead of stdout. */
  logStream?: DestinationStream;
}

/** Builds the whole app in-process on a fresh database of the given backend. */
export async function createTestApp(
  backend: TBackend,
  env: Record<string, string> = {},
  options: TTestAppOptions = {},
): Promise<TTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-test-'));
  const { database, drop } = await openBackend(backend);
  const config = testConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    BETTER_AUTH_SECRET: SECRET,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PLAYER_DIST: path.join(dataDir, 'no-player'),
    ...(backend === 'postgres' ? { DATABASE_URL: inject('postgresUrl') } : {}),
    // Its own Redis keys and channel: test runs sharing one Redis never cross.
    REDIS_PREFIX: `screenline-test:${crypto.randomBytes(6).toString('hex')}:`,
    ...env,
  });
  const build = async () => {
    const built = await buildApp({ config, database, logStream: options.logStream });
    options.beforeReady?.(built);
    await built.ready();
    return built;
  };

  const request: TTestApp['request'] = ({ cookie, headers, ...injected }) =>
    testApp.app.inject({
      ...injected,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });

  const signIn = (email: string, password: string) =>
    request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

  let counter = 0;
  const signUp: TTestApp['signUp'] = async (email, password = PASSWORD) => {
    const address = email ?? `user${Date.now()}${counter++}@example.com`;
    const res = await request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: address, password, name: address.split('@')[0] },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    // Sign-up makes no session (it answers an existing address the same way): sign in, as the
    // web app does next.
    const signedIn = await signIn(address, password);
    if (signedIn.statusCode !== 200)
      throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
    const userId = ZSignUpResponse.parse(signedIn.json()).user.id;
    return { cookie: sessionCookie(signedIn), email: address, userId };
  };

  const testApp: TTestApp = {
    app: await build(),
    backend,
    dataDir,
    config,
    database,
    request,
    signUp,
    signIn,
    restart: async () => {
      await testApp.app.close();
      testApp.app = await build();
    },
    close: async () => {
      await testApp.app.close();
      // Issue 9 item 1: after every API test file, the ledger is checked from its entries alone.
      const audit = await auditLedger(database.db);
      const problems = audit.problems;
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (problems.length > 0)
        throw new Error(`The ledger audit found problems:\n${problems.join('\n')}`);
    },
  };
  return testApp;
}

/**
 * A second server instance on the same database (and its own DATA_DIR), as a deployment with
 * several instances runs: `env` adds to the first one's environment (REDIS_URL, say).
 */
export async function createSiblingApp(
  t: TTestApp,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-sibling-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    BETTER_AUTH_SECRET: SECRET,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PLAYER_DIST: path.join(dataDir, 'no-player'),
    // The same database: the same Redis keys and channel.
    REDIS_PREFIX: t.config.redisPrefix,
    ...env,
  });
  const app = await buildApp({ config, database: t.database });
  app.addHook('onClose', async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Links in the dev mailbox sent to `to`, newest first. */
export async function mailLinks(t: TTestApp, to: string): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/v1/dev/mailbox' });
  const { items } = ZOutboxList.parse(res.json());
  return items.filter((m) => m.to === to).flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
}

const ZEnabled = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** An account with two-factor sign-in on, as a test drives it. */
export interface TTwoFactorUser {
  /** The session after enrolment (turning it on replaces the session). */
  cookie: string;
  /** The TOTP secret, as the authenticator app holds it. */
  secret: string;
  backupCodes: string[];
  /** The code the authenticator app shows now (`offsetSteps` 30-second steps away). */
  code(offsetSteps?: number): Promise<string>;
}

/** The TOTP secret inside an otpauth:// URI (Better Auth's: base32 of the secret's text). */
export function secretOfTotpUri(uri: string): string {
  const encoded = new URL(uri).searchParams.get('secret');
  if (!encoded) throw new Error(`no secret in ${uri}`);
  return new TextDecoder().decode(base32.decode(encoded));
}

/** The TOTP code of `secret` now, or `offsetSteps` 30-second steps away. */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + offsetSteps);
}

/**
 * Turns two-factor sign-in on the way a person does (issue 18 item 4): the password, then a first
 * code from the app. Super-users need it for admin routes, everyone for payout requests.
 */
export async function enrollTwoFactor(
  t: TTestApp,
  cookie: string,
  password = PASSWORD,
): Promise<TTwoFactorUser> {
  const enabled = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookie,
    payload: { password },
  });
  if (enabled.statusCode !== 200)
    throw new Error(`2FA enable: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = ZEnabled.parse(enabled.json());
  const secret = secretOfTotpUri(totpURI);
  const verified = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    cookie,
    payload: { code: await totpCode(secret) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`2FA verify: ${verified.statusCode} ${verified.body}`);
  return {
    cookie: sessionCookie(verified),
    secret,
    backupCodes,
    code: (offsetSteps) => totpCode(secret, offsetSteps),
  };
}

/**
 * A fresh code for a payout request. Each code counts once (step-up.ts); a person waits for the
 * next one, a test that asks several times within 30 seconds forgets the step it spent (the
 * single use has a test of its own in step-up.test.ts).
 */
export async function payoutCode(t: TTestApp, userId: string, secret: string): Promise<string> {
  await t.app.deps.db
    .update(twoFactor)
    .set({ lastStepUpStep: null })
    .where(eq(twoFactor.userId, userId));
  return totpCode(secret);
}

/** Enrolled sessions of this test run, by cookie: what `twoFactorHeaders` computes codes from. */
const enrolledSessions = new Map<string, { userId: string; secret: string }>();

/** A signed-up user with two-factor sign-in on: the same user, its new cookie and its secret. */
export async function withTwoFactor<U extends { cookie: string; userId: string }>(
  t: TTestApp,
  user: U,
): Promise<U & { twoFactor: TTwoFactorUser }> {
  const enrolled = await enrollTwoFactor(t, user.cookie);
  enrolledSessions.set(enrolled.cookie, { userId: user.userId, secret: enrolled.secret });
  return { ...user, cookie: enrolled.cookie, twoFactor: enrolled };
}

/** The X-Two-Factor-Code header a payout request of this session needs (see payoutCode). */
export async function twoFactorHeaders(t: TTestApp, cookie: string) {
  const enrolled = enrolledSessions.get(cookie);
  if (!enrolled)
    throw new Error('This session has no two-factor sign-in: use withTwoFactor first.');
  return { 'x-two-factor-code': await payoutCode(t, enrolled.userId, enrolled.secret) };
}
