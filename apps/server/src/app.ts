import Fastify, { type FastifyInstance } from 'fastify';
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
import { loadOrCreateSecret } from './lib/secrets';
import { createAuth, type TAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { MailService } from './modules/mail/mail.service';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { createMeRepository } from './modules/me/me.repository';
import { meRoutes } from './modules/me/me.routes';
import {
  createContentReferenceRegistry,
  type TContentReferenceRegistry,
} from './modules/content/content-references';
import { contentRoutes } from './modules/content/content.routes';
import { createStorageDriver } from './modules/storage/drivers/create-driver';
import { storageMaintenance } from './modules/storage/storage-maintenance';
import { createStorageRepository } from './modules/storage/storage.repository';
import { storageRoutes } from './modules/storage/storage.routes';
import { createStorageService, type TStorageFacade } from './modules/storage/storage.service';
import { createTokenVerifier } from './modules/storage/token-verifier';
import { errorsPlugin } from './plugins/errors';
import { hostingPlugin } from './plugins/hosting';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';

export interface TAppDeps {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  mail: MailService;
  auth: TAuth;
  /** Readiness of object storage, for /api/health. */
  storageCheck: () => Promise<boolean>;
  /** What modules that keep files may do with storage (the protocol stays in its routes). */
  storage: TStorageFacade;
  /** Checks that say what uses a content item; playlists and campaigns register theirs. */
  contentReferences: TContentReferenceRegistry;
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
}

/** Builds the whole server from a validated config. `server.ts` and the tests both use it. */
export async function buildApp({
  config,
  database: given,
}: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(config.env === 'development' && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty' } }
        : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = given ?? (await openConfiguredDatabase(config));
  const driver = createStorageDriver(config);
  app.addHook('onClose', async () => {
    mail.close();
    await driver.close();
    if (!given) await database.close();
  });

  // Operators named in SUPER_USER_EMAILS who already have accounts are super-users from now on.
  const meRepository = createMeRepository(database.db);
  for (const email of config.superUserEmails) await meRepository.setSuperUser(email, true);

  const mail = new MailService(database.db, app.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  const secret = config.authSecret ?? (await loadOrCreateSecret(config.dataDir, 'auth-secret'));
  const auth = createAuth({
    config,
    db: database.db,
    mail,
    secret,
    // Deleting an account deletes the user's files and upload sessions too.
    onUserDeleted: (userId) => storage.facade.deleteUserData(userId),
  });
  const storage = createStorageService({
    config,
    repo: createStorageRepository(database.db),
    driver,
    verifyAuthorization: createTokenVerifier({
      loadJwks: () => auth.api.getJwks(),
      publicUrl: config.publicUrl,
    }),
    log: app.log.child({ module: 'storage' }),
  });

  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mail,
    auth,
    storageCheck: () => driver.check(),
    storage: storage.facade,
    contentReferences: createContentReferenceRegistry(),
  } satisfies TAppDeps);

  // 1. External plugins: security headers and rate limits, then the OpenAPI document.
  await app.register(securityPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Screenline API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
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
  if (!config.isProduction) await app.register(mailboxRoutes);
  // 4. Hosting of the built apps answers whatever no route above did.
  await app.register(hostingPlugin);

  return app;
}
