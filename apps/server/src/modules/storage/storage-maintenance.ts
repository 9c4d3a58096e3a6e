import type { FastifyInstance } from 'fastify';

const EVERY_HOUR_MS = 60 * 60 * 1000;

/** Drops abandoned upload sessions (STORAGE_UPLOAD_SESSION_TTL_HOURS) once an hour. */
export async function storageMaintenance(app: FastifyInstance) {
  const { storage } = app.deps;
  let timer: NodeJS.Timeout | undefined;

  const sweep = async () => {
    try {
      const count = await storage.expireSessions();
      if (count > 0) app.log.info({ count }, 'expired upload sessions removed');
    } catch (error) {
      app.log.error({ err: error }, 'could not remove expired upload sessions');
    }
  };

  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), EVERY_HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
