import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type TConfig } from '../config';
import { openConfiguredDatabase, DataDirInUseError } from '../db/open';
import { ORIGIN, PASSWORD, SECRET, sessionCookie } from '../../test/harness';

const root = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/** Runs `npm run admin -- …` the way the README says, on the given data directory. */
async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        path.join(root, 'apps/server/src/cli/admin.ts'),
        ...args,
      ],
      { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin and the embedded database lock', () => {
  let dataDir: string;
  let config: TConfig;
  let app: FastifyInstance | undefined;
  const email = 'operator@example.com';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-admin-'));
    config = testConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      BETTER_AUTH_SECRET: SECRET,
      WEB_DIST: path.join(dataDir, 'none'),
      PLAYER_DIST: path.join(dataDir, 'none'),
    });
    app = await buildApp({ config });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD, name: 'Operator' },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to open a data directory another process is using', async () => {
    await expect(openConfiguredDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
    const res = await admin(dataDir, 'grant', email);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Another Screenline process is using');
  });

  it('grants and revokes super-user once the server is stopped', async () => {
    await app?.close();
    app = undefined;

    expect(await admin(dataDir)).toMatchObject({ code: 2 });
    expect(await admin(dataDir, 'grant', 'nobody@example.com')).toMatchObject({ code: 1 });
    const granted = await admin(dataDir, 'grant', email);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${email} is now a super-user.`);

    app = await buildApp({ config });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: sessionCookie(signIn) },
    });
    expect(me.json()).toMatchObject({ email, isSU: true });
    await app.close();
    app = undefined;

    expect(await admin(dataDir, 'revoke', email)).toMatchObject({ code: 0 });
    app = await buildApp({ config });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: sessionCookie(again) },
    });
    expect(after.json()).toMatchObject({ isSU: false });
  });
});
