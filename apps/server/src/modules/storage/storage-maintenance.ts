import type { FastifyInstance } from 'fastify';
import { ZEmptyPayload } from '../jobs/job-queue';

const EVERY_HOUR_MS = 60 * 60 * 1000;

/**
 * Drops abandoned upload sessions (STORAGE_UPLOAD_SESSION_TTL_HOURS) once an hour, as a recurring
 * job: with several instances on one database the sweep runs on one of them at a time.
 */
export async function storageMaintenance(app: FastifyInstance) {
  const { storage, jobs } = app.deps;
  jobs.recur(
    {
      name: 'storage.expire-sessions',
      payload: ZEmptyPayload,
      run: async () => {
        const count = await storage.expireSessions();
        if (count > 0) app.log.info({ count }, 'expired upload sessions removed');
      },
    },
    EVERY_HOUR_MS,
  );
}
