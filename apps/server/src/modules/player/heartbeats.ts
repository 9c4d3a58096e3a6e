import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import type { TDeviceActor } from '../../lib/actor';
import { recordAdSpacesSeen } from '../screens/ad-spaces-seen';

/** How often the newest heartbeats are written. */
export const HEARTBEAT_FLUSH_INTERVAL_MS = 5000;
/** Rows per statement (4 parameters each stays far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 1000;

interface TPending {
  deviceId: string;
  adSpaceId: string;
  heartbeat: TPlayerHeartbeat;
  at: Date;
}

/**
 * The TVs' heartbeats (issue 8 item 9): a poll must stay cheap, so a heartbeat only replaces the
 * device's previous one in memory; every HEARTBEAT_FLUSH_INTERVAL_MS, and when the app closes,
 * the newest of each device are written in one transaction: device.last_seen_at, heartbeat and
 * app_version, then ad_space.last_seen_at (what online/offline derives from: the screens
 * module's write, screens/ad-spaces-seen.ts, in the same transaction). A failed write puts its
 * heartbeats back unless newer ones came meanwhile. docs/decisions.md: "Batched heartbeats".
 */
export function createHeartbeatRecorder(options: {
  db: TDb;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { db, log } = options;
  let pending = new Map<string, TPending>();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function record(device: TDeviceActor, heartbeat: TPlayerHeartbeat, at = new Date()): void {
    pending.set(device.id, { deviceId: device.id, adSpaceId: device.adSpaceId, heartbeat, at });
  }

  async function write(batch: TPending[]): Promise<void> {
    const spaces = new Map<string, Date>();
    for (const beat of batch) {
      const seen = spaces.get(beat.adSpaceId);
      if (!seen || seen < beat.at) spaces.set(beat.adSpaceId, beat.at);
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
        const rows = batch
          .slice(i, i + ROWS_PER_STATEMENT)
          .map(
            (beat) =>
              sql`(${beat.deviceId}::uuid, ${beat.at.toISOString()}::timestamptz, ${JSON.stringify(beat.heartbeat)}::jsonb, ${beat.heartbeat.appVersion}::text)`,
          );
        await tx.execute(sql`
          update device as d
          set last_seen_at = v.at, heartbeat = v.heartbeat, app_version = v.app_version
          from (values ${sql.join(rows, sql`, `)}) as v(id, at, heartbeat, app_version)
          where d.id = v.id`);
      }
      await recordAdSpacesSeen(tx, spaces);
    });
  }

  /** Writes what is pending now; resolves when it (and any write before it) is done. */
  function flush(): Promise<void> {
    running = running.then(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await write([...batch.values()]);
      } catch (error) {
        log.error({ err: error, devices: batch.size }, 'heartbeats could not be written');
        for (const [id, beat] of batch) if (!pending.has(id)) pending.set(id, beat);
      }
    });
    return running;
  }

  return {
    record,
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.intervalMs ?? HEARTBEAT_FLUSH_INTERVAL_MS);
      timer.unref();
    },
    /** Stops the timer and writes what is left. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}

export type THeartbeatRecorder = ReturnType<typeof createHeartbeatRecorder>;
