import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_STORAGE_ALLOWED_TYPES,
  DEFAULT_STORAGE_MAX_OBJECT_BYTES,
  DEFAULT_STORAGE_QUOTA_BYTES,
} from '@screenline/shared/storage';
import { PLAYER_SETTINGS_DEFAULTS } from '@screenline/shared/player';

/**
 * The only reader of process.env (STYLE.md). Every variable is validated at start-up and the
 * server refuses to start with the full list of what is wrong.
 */
const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Types a browser would run as a document (script inside): never served from the storage service.
const SCRIPTABLE_TYPES = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
]);

const ZAllowedTypes = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((type) => type.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'must be media types such as image/png')
          .refine((type) => !SCRIPTABLE_TYPES.has(type), {
            message: 'must not include types a browser runs as a page (SVG, HTML, XML, script)',
          }),
      )
      .min(1, 'must name at least one media type'),
  );

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` also takes. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it (issue 18 item 3): off, a hop count, or the
 * proxies' addresses. Never "trust any header": with `true` Fastify takes the left-most
 * X-Forwarded-For entry, which the client writes itself, so every limit that counts addresses
 * would count whatever the client says. `true` is refused at start-up with what to set instead.
 */
export const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === 'no' || lower === '0') return false;
    if (lower === 'true' || lower === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          '"true" would trust any X-Forwarded-For header a client sends, so rate limits would count whatever address it names. Give the proxy\'s address or range (TRUST_PROXY=10.0.0.5, TRUST_PROXY=10.0.0.0/8, TRUST_PROXY=loopback) or the number of proxies in front of the server (TRUST_PROXY=1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count (1 to 10) or the proxies' addresses and ranges, comma-separated (10.0.0.5, 10.0.0.0/8, ::1, loopback); not ${bad.map((entry) => JSON.stringify(entry)).join(', ') || 'empty'}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const ZByteSize = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z
      .url({ message: 'must be an absolute URL such as https://screens.example.com' })
      .optional(),
    TRUSTED_ORIGINS: z.string().optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Screenline <no-reply@screenline.local>'),
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
    // How often the screen alert rules run (modules/alerts; e2e runs them every 5 s).
    ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    // Whether this instance bills stored ad plays in the background (settlement/settlement.ts).
    SETTLEMENT_WORKER: ZBool.default(true),
    // TV registrations per hour, per address and per account (issue 18: far above a real install).
    DEVICE_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(8),
    AUTH_RATE_LIMIT: ZBool.default(true),
    // TV pairing (device grant): how long a code shown on a TV lives, and how often the TV polls.
    PAIRING_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    PAIRING_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
    // The TV player's platform settings, handed to every TV in its manifest (ZPlayerSettings).
    PLAYER_POLL_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(3600)
      .default(PLAYER_SETTINGS_DEFAULTS.pollIntervalSeconds),
    PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(3600)
      .default(PLAYER_SETTINGS_DEFAULTS.impressionSyncIntervalSeconds),
    PLAYER_CACHE_CLEANUP_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86_400)
      .default(PLAYER_SETTINGS_DEFAULTS.cacheCleanupIntervalSeconds),
    // Optional: with it, a change made through one instance reaches TVs connected to another.
    REDIS_URL: z.string().url().optional(),
    // What every Redis key and channel of this deployment starts with. Instances that share a
    // database must share it; the default is derived from the database (DATABASE_URL's host, port
    // and name, or DATA_DIR), so deployments or test runs on other databases never cross.
    REDIS_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9:._-]{1,100}$/,
        'must be 1 to 100 letters, digits, ":", ".", "_" or "-" (such as screenline:prod:)',
      )
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    STORAGE_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .default('screenline'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_QUOTA_BYTES: ZByteSize.default(DEFAULT_STORAGE_QUOTA_BYTES),
    STORAGE_MAX_OBJECT_BYTES: ZByteSize.default(DEFAULT_STORAGE_MAX_OBJECT_BYTES),
    STORAGE_ALLOWED_TYPES: ZAllowedTypes.default([...DEFAULT_STORAGE_ALLOWED_TYPES]),
    STORAGE_UPLOAD_SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(7 * 24),
    S3_ENDPOINT: z
      .url({ message: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' })
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: ZBool.default(false),
    TRUST_PROXY: ZTrustProxy.default(false),
    API_DOCS: ZBool.optional(),
    SUPER_USER_EMAILS: z.string().optional(),
    WEB_DIST: z.string().optional(),
    // Seeds the demo business on start when the database has not got it (apps/server/src/demo).
    DEMO: ZBool.default(false),
    // `fast-for-tests`: a cheap password hash for the test suite (test-password-hashing.ts);
    // refused outside NODE_ENV=test.
    PASSWORD_HASHING: z.enum(['scrypt', 'fast-for-tests']).default('scrypt'),
    PLAYER_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_HASHING === 'fast-for-tests' && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASHING'],
        message: 'fast-for-tests is for the test suite only (NODE_ENV=test)',
      });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when STORAGE_DRIVER=s3',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`).replace(
      /\/$/,
      '',
    );
    const dataDir = path.resolve(env.DATA_DIR);
    const trusted = new Set([publicUrl]);
    // Browsers reach a local server under both names; both are the same origin to the user.
    if (!env.PUBLIC_URL) {
      trusted.add(`http://localhost:${env.PORT}`);
      trusted.add(`http://127.0.0.1:${env.PORT}`);
    }
    // The Vite dev servers of the web app (5173) and the player (5174) proxy to this server.
    if (env.NODE_ENV === 'development') {
      for (const port of [5173, 5174]) {
        trusted.add(`http://localhost:${port}`);
        trusted.add(`http://127.0.0.1:${port}`);
      }
    }
    for (const origin of (env.TRUSTED_ORIGINS ?? '').split(',').map((s) => s.trim())) {
      if (origin) trusted.add(origin.replace(/\/$/, ''));
    }
    return {
      env: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port: env.PORT,
      host: env.HOST,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      publicUrl,
      trustedOrigins: [...trusted],
      authSecret: env.BETTER_AUTH_SECRET,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      alertsIntervalMs: env.ALERTS_INTERVAL_SECONDS * 1000,
      settlementWorker: env.SETTLEMENT_WORKER,
      deviceRegistrationsPerHour: env.DEVICE_REGISTRATIONS_PER_HOUR,
      passwordMinLength: env.PASSWORD_MIN_LENGTH,
      authRateLimit: env.AUTH_RATE_LIMIT,
      pairing: {
        codeTtlSeconds: env.PAIRING_CODE_TTL_SECONDS,
        pollIntervalSeconds: env.PAIRING_POLL_INTERVAL_SECONDS,
      },
      player: {
        pollIntervalSeconds: env.PLAYER_POLL_INTERVAL_SECONDS,
        impressionSyncIntervalSeconds: env.PLAYER_IMPRESSION_SYNC_INTERVAL_SECONDS,
        cacheCleanupIntervalSeconds: env.PLAYER_CACHE_CLEANUP_INTERVAL_SECONDS,
      },
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX ?? defaultRedisPrefix(env.DATABASE_URL, dataDir),
      logLevel: env.LOG_LEVEL,
      storageBucket: env.STORAGE_BUCKET,
      storage: {
        driver: env.STORAGE_DRIVER,
        quotaBytes: env.STORAGE_QUOTA_BYTES,
        maxObjectBytes: env.STORAGE_MAX_OBJECT_BYTES,
        allowedTypes: env.STORAGE_ALLOWED_TYPES,
        sessionTtlMs: env.STORAGE_UPLOAD_SESSION_TTL_HOURS * 60 * 60 * 1000,
        s3: {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET ?? '',
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        },
      },
      trustProxy: env.TRUST_PROXY,
      // The API explorer at /api/docs: on while developing, off in production unless asked for.
      apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
      superUserEmails: (env.SUPER_USER_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
      demo: env.DEMO,
      passwordHashing: env.PASSWORD_HASHING,
      version: readVersion(),
      webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
      playerDist: path.resolve(
        env.PLAYER_DIST ?? new URL('../../player/dist', import.meta.url).pathname,
      ),
    };
  });

export type TConfig = z.output<typeof ZEnv>;

function readVersion(): string {
  const pkg: unknown = JSON.parse(
    fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  return z.object({ version: z.string() }).parse(pkg).version;
}

/**
 * `screenline:<12 hex>:`, the hex from what names the database: instances on one database agree
 * without configuration, and a run on another database (another deployment, a parallel test run
 * with its own database) gets other keys and channels on a shared Redis.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  let identity = `embedded:${dataDir}`;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    // Credentials and options are left out: they do not change which database it is.
    identity = `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}:${url.searchParams.get('host') ?? ''}`;
  }
  return `screenline:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 12)}:`;
}

function displayHost(host: string): string {
  // 0.0.0.0 listens everywhere but is not an address a browser can open.
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): TConfig {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  return parsed.data;
}

/** A config for tests: defaults plus overrides, never read from process.env. */
export function testConfig(overrides: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: 'false',
    // Tests settle when they choose (app.deps.settlement.settleDue()), never behind their back.
    SETTLEMENT_WORKER: 'false',
    // A test of another NODE_ENV (production's refusals) gets the full-cost hash.
    PASSWORD_HASHING: (overrides.NODE_ENV ?? 'test') === 'test' ? 'fast-for-tests' : 'scrypt',
    ...overrides,
  });
}
