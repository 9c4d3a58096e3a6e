import { getTableColumns, lt, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { HOLD_RELEASE_GRACE_MS, type TServedFill } from '@screenline/shared/proof-of-play';
import {
  MANIFEST_TIMELINE_DAYS,
  type TManifestAdFill,
  type TManifestPlaylist,
} from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { deviceServedFill, servedFill } from '../../db/schema/index';
import { slotKey } from './arrival-rules';

const DAY_MS = 86_400_000;
/** Pairs and fills remembered per instance (a fleet's devices × a few versions each). */
const KNOWN_MAX = 100_000;
/** How often the 304 path's records are written. */
const FLUSH_INTERVAL_MS = 1_000;

/**
 * Every stored fill (all its columns) under the alias `served_fills`: a read-only piece for
 * another module's statement (campaigns/campaign-reads.ts names the ad a TV says is on screen
 * from the fill its manifest carried). PostgreSQL flattens a plain subquery: the plan is the
 * table's.
 */
export const servedFillRows = new QueryBuilder()
  .select(getTableColumns(servedFill))
  .from(servedFill)
  .as('served_fills');

/**
 * What billing keeps of a manifest's fill (issue 17 "it was offered"): each offered campaign's
 * windows and each ad slot's length. Null when the manifest has no fill (not monetized).
 */
export function servedFillOf(
  adFill: TManifestAdFill | null,
  playlists: readonly TManifestPlaylist[],
): TServedFill | null {
  if (!adFill) return null;
  const slots: TServedFill['slots'] = {};
  for (const playlist of playlists) {
    for (const item of playlist.items) {
      if (item.type === 'adSlot') slots[slotKey(playlist.id, item.id)] = item.lengthSeconds * 1000;
    }
  }
  const campaigns: TServedFill['campaigns'] = {};
  for (const entry of adFill.campaigns) {
    campaigns[entry.campaignId] = entry.windows.map((window) => [window.startMs, window.endMs]);
  }
  return { campaigns, slots };
}

/**
 * Records which manifest versions (with a fill) each device was sent; ingest's statement reads
 * them when its plays arrive (arrival-statement.ts). A version's fill is stored once (any
 * instance may write it first; it never changes); a device's first receipt of a version is one
 * small row. Each instance remembers what it wrote, so a fleet's steady polls (304) write nothing.
 */
export function createServedFills(options: { db: TDb; log: FastifyBaseLogger }) {
  const { db, log } = options;
  const knownFills = new Set<string>();
  const knownPairs = new Set<string>();
  let queued: Array<{ deviceId: string; adSpaceId: string; version: string; at: Date }> = [];
  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  const remember = (known: Set<string>, key: string) => {
    if (known.size >= KNOWN_MAX) known.clear();
    known.add(key);
  };

  async function storeFill(adSpaceId: string, version: string, fill: TServedFill): Promise<void> {
    const key = `${adSpaceId}/${version}`;
    if (knownFills.has(key)) return;
    await db.insert(servedFill).values({ adSpaceId, version, fill }).onConflictDoNothing();
    remember(knownFills, key);
  }

  /**
   * The device was sent this version (a 200): stored before the answer goes out, so plays of
   * it that arrive afterwards find it.
   */
  async function served(
    device: { id: string; adSpaceId: string },
    version: string,
    fill: TServedFill,
  ): Promise<void> {
    const pair = `${device.id}/${version}`;
    if (knownPairs.has(pair)) return;
    await storeFill(device.adSpaceId, version, fill);
    await db
      .insert(deviceServedFill)
      .values({ deviceId: device.id, adSpaceId: device.adSpaceId, version })
      .onConflictDoNothing();
    remember(knownPairs, pair);
  }

  /**
   * The device polled and has this version (a 304). Sent to it before, by this or another
   * instance, unless it was sent before these records existed: recorded in the background once
   * per instance, so a poll waits on nothing.
   */
  function stillServed(
    device: { id: string; adSpaceId: string },
    version: string,
    fill: TServedFill,
  ) {
    const pair = `${device.id}/${version}`;
    if (knownPairs.has(pair)) return;
    remember(knownPairs, pair);
    remember(knownFills, `${device.adSpaceId}/${version}`);
    queued.push({ deviceId: device.id, adSpaceId: device.adSpaceId, version, at: new Date() });
    pendingFills.set(`${device.adSpaceId}/${version}`, {
      adSpaceId: device.adSpaceId,
      version,
      fill,
    });
  }
  const pendingFills = new Map<string, { adSpaceId: string; version: string; fill: TServedFill }>();

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (queued.length === 0) return;
      const batch = queued;
      const fills = [...pendingFills.values()];
      queued = [];
      pendingFills.clear();
      try {
        if (fills.length > 0) await db.insert(servedFill).values(fills).onConflictDoNothing();
        await db
          .insert(deviceServedFill)
          .values(
            batch.map((row) => ({
              deviceId: row.deviceId,
              adSpaceId: row.adSpaceId,
              version: row.version,
              servedAt: row.at,
            })),
          )
          .onConflictDoNothing();
      } catch (error) {
        // A device deleted meanwhile (foreign key), or the database away: these pairs are
        // forgotten and recorded again at their next poll.
        for (const row of batch) knownPairs.delete(`${row.deviceId}/${row.version}`);
        for (const row of fills) knownFills.delete(`${row.adSpaceId}/${row.version}`);
        log.warn({ err: error }, 'could not record the manifests sent to TVs');
      }
    });
    return flushing;
  }

  /**
   * Forgets what can no longer offer a billable play: records sent before the oldest play that
   * can still be billed (its maximum age and the grace), less a timeline's length.
   */
  async function prune(now: Date): Promise<number> {
    const before = new Date(
      now.getTime() - HOLD_RELEASE_GRACE_MS - (MANIFEST_TIMELINE_DAYS + 1) * DAY_MS,
    );
    const removed = await db
      .delete(deviceServedFill)
      .where(lt(deviceServedFill.servedAt, before))
      .returning({ version: deviceServedFill.version });
    await db.execute(sql`delete from ${servedFill} f where f.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from ${deviceServedFill} d where d.ad_space_id = f.ad_space_id and d.version = f.version)`);
    return removed.length;
  }

  return {
    served,
    stillServed,
    flush,
    prune,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type TServedFills = ReturnType<typeof createServedFills>;
