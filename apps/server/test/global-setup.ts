import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database';

/**
 * Runs once before the API tests: migrates one PGlite database and dumps it, so each test file
 * loads a ready copy in well under a second instead of creating and migrating its own; and finds
 * out whether PostgreSQL is reachable (required in CI, used locally when it is there). On
 * PostgreSQL it migrates one template database the same way: each test database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`, about 0.2 s) instead of a fresh database migrated from the first
 * migration on (1 to 3 s each, a few hundred times a run).
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-template-'));
  const template = await openPglite(undefined);
  const dump = await template.pglite.dumpDataDir('none');
  await template.close();
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const reachable = await isReachable(url);
  if (!reachable && process.env.CI) {
    throw new Error(
      `PostgreSQL is required in CI but ${url} is not reachable. Start it, or set TEST_DATABASE_URL.`,
    );
  }
  project.provide('postgresUrl', reachable ? url : '');
  if (!reachable)
    console.warn(`PostgreSQL at ${url} is not reachable: API tests run on PGlite only.`);
  const postgresTemplate = reachable ? await createPostgresTemplate(url) : undefined;
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');

  // Redis: the player change bus across instances (lib/player-changes.ts).
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisReachable = await isRedisReachable(redisUrl);
  if (!redisReachable && process.env.CI) {
    throw new Error(
      `Redis is required in CI but ${redisUrl} is not reachable. Start it, or set TEST_REDIS_URL.`,
    );
  }
  project.provide('redisUrl', redisReachable ? redisUrl : '');
  if (!redisReachable)
    console.warn(`Redis at ${redisUrl} is not reachable: the multi-instance tests are skipped.`);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
}

/** A migrated database no test connects to, for test databases to be copied from. */
async function createPostgresTemplate(url: string) {
  const name = `screenline_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openPostgres(templateUrl.toString(), { max: 1 });
  await database.close();
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function isRedisReachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
    /** The migrated database each PostgreSQL test database is copied from; empty without one. */
    postgresTemplate: string;
    /** Empty when Redis is not reachable (outside CI). */
    redisUrl: string;
  }
}
