import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/database';
import { openConfiguredDatabase } from './db/open';
import { AppError } from './lib/app-error';
import { createEarlyAnswers, type TEarlyAnswers } from './lib/early-answers';
import { createInstanceBus } from './lib/instance-bus';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './lib/json-depth';
import { serializeRequest } from './lib/log-redaction';
import { loadOrCreateSecret } from './lib/secrets';
import { createAccessPolicy, type TAccessPolicy } from './modules/access/access-policy';
import { createAccountLimits } from './modules/auth/account-limits';
import { createStepUp, type TStepUp } from './modules/auth/step-up';
import { createAuth, type TAuth } from './modules/auth/auth';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createDeviceDirectory, type TDeviceDirectory } from './modules/player/device-directory';
import { createDeviceRevocation } from './modules/player/device-revocation';
import { accountDeletionRefusal } from './modules/wallet/account-deletion';
import { createSessionCache, type TSessionCache } from './modules/auth/session-cache';
import { authRoutes } from './modules/auth/auth.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createJobQueue, type TJobQueue } from './modules/jobs/job-queue';
import { createMailRepository } from './modules/mail/mail.repository';
import { MailService } from './modules/mail/mail.service';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { createMeRepository } from './modules/me/me.repository';
import { meRoutes } from './modules/me/me.routes';
import {
  createContentReferenceRegistry,
  type TContentReferenceRegistry,
} from './modules/content/content-references';
import { contentRoutes } from './modules/content/content.routes';
import { screensRoutes } from './modules/screens/screens.routes';
import { createHeartbeatRecorder, type THeartbeatRecorder } from './modules/player/heartbeats';
import {
  createPlatformSettings,
  type TPlatformSettingsService,
} from './modules/platform/platform-settings';
import { createPlayerChangeBus, type TPlayerChangeBus } from './lib/player-changes';
import { createPlayerDirectory, type TPlayerDirectory } from './modules/player/player-directory';
import { deviceRows, type TDeviceRows } from './modules/player/device-rows';
import { playerRoutes } from './modules/player/player.routes';
import { fleetRoutes } from './modules/fleet/fleet.routes';
import { impressionsRoutes } from './modules/player/impressions.routes';
import { platformSettingsRoutes } from './modules/platform/platform-settings.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { monetizationRoutes } from './modules/monetization/monetization.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { adPlaylistsRoutes } from './modules/fill/ad-playlists.routes';
import { qrRoutes } from './modules/fill/qr.routes';

import { alertsRoutes } from './modules/alerts/alerts.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { createCampaignReads, type TCampaignReads } from './modules/campaigns/campaign-reads';
import { createStorageDriver } from './modules/storage/drivers/create-driver';
import { storageMaintenance } from './modules/storage/storage-maintenance';
import { createStorageRepository } from './modules/storage/storage.repository';
import { storageRoutes } from './modules/storage/storage.routes';
import { createStorageService, type TStorageFacade } from './modules/storage/storage.service';
import { createTokenVerifier } from './modules/storage/token-verifier';
import { proofOfPlayRoutes } from './modules/proof-of-play/proof-of-play.routes';
import { createServedFills, type TServedFills } from './modules/proof-of-play/served-fills';
import { createSettlement, type TSettlement } from './modules/settlement/settlement';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { hostingPlugin } from './plugins/hosting';
import { securityPlugin } from './plugins/security';
import { sessionPlugin, type TAccount } from './plugins/session';

export interface TAppDeps {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  mail: MailService;
  /** The job queue: everything that runs in the background (mail, sweeps) is a job. */
  jobs: TJobQueue;
  auth: TAuth;
  /** Readiness of object storage, for /api/health. */
  storageCheck: () => Promise<boolean>;
  /** What modules that keep files may do with storage (the protocol stays in its routes). */
  storage: TStorageFacade;
  /** Checks that say what uses a content item; playlists and campaigns register theirs. */
  contentReferences: TContentReferenceRegistry;
  /** Sessions resolved lately, by credentials (plugins/session.ts); evict after writing a user or profile. */
  sessionCache: TSessionCache<TAccount>;
  /** Who may do what; services call it first, modules register their owner lookups. */
  access: TAccessPolicy;
  /**
   * What changed for the TVs, told to every instance (Redis with REDIS_URL): services publish
   * after their transaction commits (lib/player-changes.ts).
   */
  playerChanges: TPlayerChangeBus;
  /** Which TV a device token names, cached until revoked (modules/player/device-directory.ts). */
  devices: TDeviceDirectory;
  /** Answers given before Fastify's request lifecycle (lib/early-answers.ts): the manifest's 304. */
  earlyAnswers: TEarlyAnswers;
  /** The TVs' newest heartbeats, written in batches (modules/player/heartbeats.ts). */
  playerHeartbeats: THeartbeatRecorder;
  /** Commission, prices, limits and the TVs' intervals (modules/platform/platform-settings.ts). */
  platformSettings: TPlatformSettingsService;
  /** Which manifests (with an ad fill) each TV was sent: billing reads them (issue 17). */
  servedFills: TServedFills;
  /** Bills stored ad plays behind the TVs' requests (modules/settlement/settlement.ts). */
  settlement: TSettlement;
  /** Fresh two-factor codes for money requests (modules/auth/step-up.ts). */
  stepUp: TStepUp;
  /**
   * What the TVs last reported (modules/player/player-directory.ts), handed to the screens and
   * campaigns modules from here: player builds on both, so neither may import player (no module
   * cycles).
   */
  playerDirectory: TPlayerDirectory;
  /**
   * The campaigns module's reads (modules/campaigns/campaign-reads.ts), handed from here to the
   * modules campaigns builds on: approvals (the live campaigns of the owner's queue), fill (the
   * rotation's live campaigns, the QR redirect's destination) and screens (the ad on screen).
   */
  campaignReads: TCampaignReads;
  /**
   * The TVs as a read-only piece (modules/player/device-rows.ts), handed from here to the
   * modules player builds on: fleet (commands, screenshots and takeovers name the TVs they reach)
   * and proof-of-play (the overview names its flagged TVs).
   */
  deviceRows: TDeviceRows;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: TAppDeps;
  }
}

export interface TBuildOptions {
  config: TConfig;
  /** An open database to use (tests); otherwise the one the config names is opened and closed with the app. */
  database?: TDatabase;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
  /**
   * Sees every route as it is registered (the authorization matrix test lists them; the fuzz test
   * reads their schemas).
   */
  onRoute?: (route: { method: string | string[]; url: string; schema?: FastifySchema }) => void;
}

/**
 * TRUST_PROXY for Fastify. Addresses and ranges go as they are. Fastify 5.12 ignores a numeric
 * hop count (it "fails closed"), so a count becomes the function it used to be: the first
 * `hops` addresses from the socket inwards are proxies, and the next one is the client. That
 * trusts the socket's peer whoever it is, so a count is only safe where nothing but the proxy
 * can reach the server (README, "Configuration").
 */
export function fastifyTrustProxy(
  trustProxy: TConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

/** Builds the whole server from a validated config. `server.ts` and the tests both use it. */
export async function buildApp({
  config,
  database: given,
  logStream,
  onRoute,
}: TBuildOptions): Promise<FastifyInstance> {
  const earlyAnswers = createEarlyAnswers();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Reset, verification and download tokens travel in URLs: the logged URL hides them.
      serializers: { req: serializeRequest },
      ...(logStream
        ? { stream: logStream }
        : config.env === 'development' && process.stdout.isTTY
          ? { transport: { target: 'pino-pretty' } }
          : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    serverFactory: earlyAnswers.serverFactory,
  });
  earlyAnswers.bind(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  useBoundedJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    given ??
    (await openConfiguredDatabase(config, (error) => {
      app.log.warn({ err: error }, 'a database connection ended; the next query reconnects');
    }));
  const driver = createStorageDriver(config);
  // The other instances (Redis with REDIS_URL): player changes and session evictions reach them.
  const instanceBus = createInstanceBus({
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    log: app.log.child({ module: 'instance-bus' }),
  });
  const playerChanges = createPlayerChangeBus({
    bus: instanceBus,
    log: app.log.child({ module: 'player-changes' }),
  });
  const devices = createDeviceDirectory(database.db, { changes: playerChanges });
  const playerHeartbeats = createHeartbeatRecorder({
    db: database.db,
    log: app.log.child({ module: 'heartbeats' }),
  });
  app.addHook('onClose', async () => {
    // The heartbeats still in memory are written before the database closes; a settlement
    // under way finishes (it is one transaction per batch: an unfinished one rolls back).
    await playerHeartbeats.stop();
    await settlement.stop();
    await servedFills.stop();
    await playerChanges.close();
    devices.close();
    sessionCache.close();
    await instanceBus.close();
    // Running jobs finish before the mail transport and the database they use close.
    await jobs.stop();
    mail.close();
    await driver.close();
    if (!given) await database.close();
  });

  // Operators named in SUPER_USER_EMAILS who already have accounts are super-users from now on.
  const meRepository = createMeRepository(database.db);
  for (const email of config.superUserEmails) await meRepository.setSuperUser(email, true);

  const jobs = createJobQueue({
    db: database.db,
    log: app.log,
    pollIntervalMs: config.jobPollIntervalMs,
  });
  const mail = new MailService(createMailRepository(database.db), jobs, app.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  const sessionCache = createSessionCache<TAccount>({ bus: instanceBus });
  const secret = config.authSecret ?? (await loadOrCreateSecret(config.dataDir, 'auth-secret'));
  // Fresh two-factor codes (payout requests, turning two-factor off); the key is Better Auth's.
  const stepUp = createStepUp({
    db: database.db,
    secretKey: async () => (await auth.$context).secretConfig,
    limits: createAccountLimits(database.db),
  });
  const auth = createAuth({
    config,
    stepUp,
    db: database.db,
    mail,
    secret,
    log: app.log.child({ module: 'auth' }),
    // Deleting an account deletes the user's files and upload sessions too.
    onUserDeleted: async (userId) => {
      // The account's TVs went with it (cascade): their cached tokens and streams go too.
      playerChanges.publish({ kind: 'revoke', ownerIds: [userId] });
      await storage.facade.deleteUserData(userId);
    },
    // Money still in the ledger's accounts for the user refuses the deletion (wallet module).
    refuseUserDeletion: (userId) => accountDeletionRefusal(database.db, userId),
    onSignedOutEverywhere: (userId) =>
      createDeviceRevocation(database.db, playerChanges).revokeAllOfOwner(userId),
    sessionCache,
  });
  const authRepository = createAuthRepository(database.db);
  const storage = createStorageService({
    config,
    repo: createStorageRepository(database.db),
    driver,
    verifyAuthorization: createTokenVerifier({
      loadJwks: () => auth.api.getJwks(),
      publicUrl: config.publicUrl,
      isSessionActive: (sessionId, userId) => authRepository.isSessionActive(sessionId, userId),
    }),
    log: app.log.child({ module: 'storage' }),
  });

  const platformSettings = createPlatformSettings(database.db, { player: config.player });
  const servedFills = createServedFills({ db: database.db, log: app.log });
  const settlement = createSettlement({
    db: database.db,
    log: app.log,
    platformSettings,
    changes: playerChanges,
  });
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mail,
    jobs,
    auth,
    storageCheck: () => driver.check(),
    storage: storage.facade,
    contentReferences: createContentReferenceRegistry(),
    sessionCache,
    access: createAccessPolicy(),
    playerChanges,
    devices,
    earlyAnswers,
    playerHeartbeats,
    platformSettings,
    servedFills,
    settlement,
    stepUp,
    playerDirectory: createPlayerDirectory(database.db),
    campaignReads: createCampaignReads(database.db),
    deviceRows,
  } satisfies TAppDeps);

  // 1. External plugins: security headers and rate limits, compression, then the OpenAPI document.
  await app.register(securityPlugin);
  // Compresses what routes answer (JSON above 1 KiB; types mime-db calls compressible), before the
  // routes are registered so that its hooks reach them. Built files come precompressed and are
  // skipped (they carry Content-Encoding); storage media opts out on its route (`compress: false`);
  // the default type list leaves text/event-stream out, so server-sent events are never held back.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Screenline API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests read it); only API_DOCS serves it at /api/docs.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // 2. Application plugins: one error shape, then the session of each request.
  await app.register(errorsPlugin);
  await app.register(sessionPlugin);
  // 3. Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(analyticsRoutes);
  await app.register(contactRoutes);
  await app.register(storageRoutes, { service: storage });
  await app.register(storageMaintenance);
  await app.register(contentRoutes);
  await app.register(screensRoutes);
  await app.register(playerRoutes);
  await app.register(impressionsRoutes);
  await app.register(fleetRoutes);
  await app.register(platformSettingsRoutes);
  await app.register(ledgerRoutes);
  await app.register(proofOfPlayRoutes);
  await app.register(auditRoutes);
  await app.register(walletRoutes);
  await app.register(receiptsRoutes);
  await app.register(monetizationRoutes);
  await app.register(approvalsRoutes);
  await app.register(adPlaylistsRoutes);
  await app.register(qrRoutes);

  await app.register(campaignsRoutes);
  await app.register(alertsRoutes);
  if (!config.isProduction) await app.register(mailboxRoutes);
  // 4. Hosting of the built apps answers whatever no route above did.
  await app.register(hostingPlugin);

  // Workers start once every module has registered its jobs; mail left unsent is queued again.
  app.addHook('onReady', async () => {
    await playerChanges.ready();
    playerHeartbeats.start();
    if (config.settlementWorker) settlement.start();
    await jobs.start();
    await mail.queueUnsent();
  });

  return app;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused) behind a nesting limit: a body deeper
 * than MAX_JSON_DEPTH is a 400 before anything walks it (lib/json-depth.ts says why).
 */
function useBoundedJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const json = typeof text === 'string' ? text : text.toString('utf8');
    if (nestsDeeperThan(json, MAX_JSON_DEPTH)) {
      done(
        new AppError('bad-request', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
      return;
    }
    void parseJson(request, json, done);
  });
}
