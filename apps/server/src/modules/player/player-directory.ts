import { and, desc, inArray, isNotNull } from 'drizzle-orm';
import { ZPlayerHeartbeat } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { device } from '../../db/schema/index';
import type { TCreativeCaches } from '../campaigns/campaign-results';
import type { THeartbeatSource, TLatestHeartbeat } from '../screens/ad-spaces.service';

/**
 * Per ad space, its signed-in TV seen last with a heartbeat (several TVs: the latest), the
 * heartbeat as stored (unparsed): one query for any number of spaces. The screens page reads it
 * through {@link createPlayerDirectory}; the alerts read it as it is.
 */
export async function newestBeatsOf(db: TDb, adSpaceIds: readonly string[]) {
  if (adSpaceIds.length === 0) return [];
  return db
    .selectDistinctOn([device.adSpaceId], {
      adSpaceId: device.adSpaceId,
      deviceId: device.id,
      deviceName: device.name,
      lastSeenAt: device.lastSeenAt,
      heartbeat: device.heartbeat,
    })
    .from(device)
    .where(
      and(
        inArray(device.adSpaceId, [...adSpaceIds]),
        isNotNull(device.heartbeat),
        isNotNull(device.lastSeenAt),
        // A TV that signed out no longer plays the space.
        isNotNull(device.tokenHash),
      ),
    )
    .orderBy(device.adSpaceId, desc(device.lastSeenAt), desc(device.id));
}

/**
 * The player module's facade for the screens module (the ad spaces page) and the campaigns module
 * (a campaign's results): what the TVs last reported. Both modules sit below player, so app.ts
 * hands it to them (`app.deps.playerDirectory`). It reads; it checks no access: the caller
 * already required access to the spaces or the campaign.
 */
export function createPlayerDirectory(db: TDb): THeartbeatSource & TCreativeCaches {
  return {
    /**
     * Per ad space, the heartbeat of its signed-in TV seen last (several TVs: the latest), in
     * one query for any number of spaces.
     */
    async latestHeartbeats(adSpaceIds: readonly string[]): Promise<Map<string, TLatestHeartbeat>> {
      const rows = await newestBeatsOf(db, adSpaceIds);
      const found = new Map<string, TLatestHeartbeat>();
      for (const row of rows) {
        // Stored as JSON: read with the schema it was written with; an unreadable one is none.
        const heartbeat = ZPlayerHeartbeat.safeParse(row.heartbeat);
        if (!row.adSpaceId || !row.lastSeenAt || !heartbeat.success) continue;
        found.set(row.adSpaceId, {
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          lastSeenAt: row.lastSeenAt,
          heartbeat: heartbeat.data,
        });
      }
      return found;
    },

    /** Per TV with a heartbeat playing one of these spaces, the ad creatives it has cached. */
    async creativesReadyOf(adSpaceIds: readonly string[]) {
      if (adSpaceIds.length === 0) return [];
      const rows = await db
        .select({ adSpaceId: device.adSpaceId, heartbeat: device.heartbeat })
        .from(device)
        .where(and(inArray(device.adSpaceId, [...adSpaceIds]), isNotNull(device.heartbeat)));
      return rows.map((row) => ({
        adSpaceId: row.adSpaceId ?? '',
        ready: row.heartbeat?.adCreativesReady ?? [],
      }));
    },
  };
}

export type TPlayerDirectory = ReturnType<typeof createPlayerDirectory>;
