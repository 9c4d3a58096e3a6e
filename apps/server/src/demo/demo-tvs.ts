import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZPlayerHeartbeat } from '@screenline/shared/player';
import { device, user } from '../db/schema/index';

/** The device key the seed registers each demo TV with (`demo-tv-<space>`). */
export const DEMO_TV_KEY_PREFIX = 'demo-tv-';
/** The demo accounts' email domain (docs/demo.md). */
export const DEMO_EMAIL_DOMAIN = '@demo.screenline.example';
/** A little under the two-minute online window (AD_SPACE_ONLINE_WINDOW_MS), as a TV polls. */
const REPORT_INTERVAL_MS = 60_000;

/**
 * The demo's TVs are simulated: no player runs them, so two minutes after seeding every screen
 * would read "Offline" and the demo would open on an alarm (issue 21). While a server serves a
 * database that holds the demo, it reports in for them every minute with the heartbeat each sent
 * at seeding (what it has cached, nothing playing), through the same recorder the heartbeat route
 * uses. They play nothing: the plays are the seeded days'. docs/demo.md says so. On a database
 * without the demo this finds no TV and does nothing. Answers a function that stops it.
 */
export async function keepDemoTvsReporting(
  app: FastifyInstance,
  intervalMs = REPORT_INTERVAL_MS,
): Promise<() => void> {
  const rows = await app.deps.db
    .select({
      id: device.id,
      ownerId: device.ownerId,
      adSpaceId: device.adSpaceId,
      heartbeat: device.heartbeat,
    })
    .from(device)
    .innerJoin(user, eq(user.id, device.ownerId))
    .where(
      and(
        like(device.deviceKey, `${DEMO_TV_KEY_PREFIX}%`),
        like(user.email, `%${DEMO_EMAIL_DOMAIN}`),
        isNotNull(device.adSpaceId),
        isNotNull(device.heartbeat),
      ),
    );
  const tvs = rows.flatMap((row) => {
    const heartbeat = ZPlayerHeartbeat.safeParse(row.heartbeat);
    return row.adSpaceId && heartbeat.success
      ? [{ id: row.id, ownerId: row.ownerId, adSpaceId: row.adSpaceId, heartbeat: heartbeat.data }]
      : [];
  });
  if (tvs.length === 0) return () => undefined;
  const report = () => {
    for (const tv of tvs) {
      app.deps.playerHeartbeats.record(
        { kind: 'device', id: tv.id, ownerId: tv.ownerId, adSpaceId: tv.adSpaceId },
        tv.heartbeat,
      );
    }
  };
  report();
  const timer = setInterval(report, intervalMs);
  timer.unref();
  app.log.info({ tvs: tvs.length }, 'demo TVs report in every minute while the demo is served');
  return () => clearInterval(timer);
}
