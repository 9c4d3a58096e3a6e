// The app in-process on the fault tests' own database (PGlite in a DATA_DIR, or a database of the
// private PostgreSQL): the fixtures are made through it with the API tests' helpers, then it is
// closed and the server runs as a child process on the same database and DATA_DIR.
import path from 'node:path';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import type { TDatabase } from '../../src/db/database';
import { openPostgres } from '../../src/db/database';
import { openConfiguredDatabase } from '../../src/db/open';
import { ZDeviceRegistration } from '@screenline/shared/player';
import { PASSWORD, sessionCookie, type TBackend, type TTestApp } from '../harness';
import { createAdSpace, createLocation } from '../screens-helpers';

/** The environment of both the in-process app and the child server. */
export function faultEnv(options: {
  dataDir: string;
  publicUrl: string;
  secret: string;
  databaseUrl?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: 'false',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: options.publicUrl,
    BETTER_AUTH_SECRET: options.secret,
    WEB_DIST: path.join(options.dataDir, 'no-web'),
    PLAYER_DIST: path.join(options.dataDir, 'no-player'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

/** Opens the database the environment names, as the server does (PGlite: DATA_DIR locked). */
export async function openDatabase(env: Record<string, string>): Promise<TDatabase> {
  const config = testConfig(env);
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: 2 })
    : openConfiguredDatabase(config);
}

/** The app in-process, as a TTestApp for the fixture helpers; close() closes the database too. */
export async function openSeedApp(backend: TBackend, env: Record<string, string>) {
  const config = testConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(env);
  const app = await buildApp({ config, database });
  await app.ready();
  const origin = config.publicUrl;
  let counter = 0;
  const request: TTestApp['request'] = ({ cookie, headers, ...injected }) =>
    app.inject({
      ...injected,
      headers: { origin, ...(cookie ? { cookie } : {}), ...headers },
    });
  const signIn = (email: string, password: string) =>
    request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const t: TTestApp = {
    app,
    backend,
    dataDir: config.dataDir,
    config,
    database,
    request,
    signIn,
    signUp: async (email, password = PASSWORD) => {
      const address = email ?? `fault${Date.now()}${counter++}@example.com`;
      const res = await request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: address, password, name: 'Fault' },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
      // Sign-up makes no session: sign in next.
      const signedIn = await signIn(address, password);
      if (signedIn.statusCode !== 200)
        throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body}`);
      const { user } = signedIn.json<{ user: { id: string } }>();
      return { cookie: sessionCookie(signedIn), email: address, userId: user.id };
    },
    restart: () => Promise.reject(new Error('the fault tests restart the child process')),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return t;
}

/** A screen owner's TV on a new ad space, made through the in-process app. */
export async function seedTv(t: TTestApp, deviceKey: string) {
  const owner = await t.signUp();
  const role = await t.request({
    method: 'PATCH',
    url: '/api/v1/me',
    cookie: owner.cookie,
    payload: { role: 'advertiser' },
  });
  if (role.statusCode !== 200) throw new Error(`role: ${role.statusCode} ${role.body}`);
  const place = await createLocation(t, owner, {});
  const adSpaceId = (await createAdSpace(t, owner, { locationId: place.id })).id;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/player/devices',
    cookie: owner.cookie,
    payload: {
      deviceKey,
      adSpaceId,
      name: 'TV',
      userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
      appVersion: '0.1.0',
    },
  });
  if (res.statusCode !== 201) throw new Error(`device: ${res.statusCode} ${res.body}`);
  return { owner, adSpaceId, deviceToken: ZDeviceRegistration.parse(res.json()).token };
}
