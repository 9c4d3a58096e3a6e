import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { TManifestTakeover, TTakeover } from '@screenline/shared/fleet';
import type { TDb } from '../../db/database';
import { takeover, takeoverAdSpace, takeoverDisplay } from '../../db/schema/index';
import { adSpaceRows } from '../screens/places';
import type { TFleetDevices } from './fleet-devices';
import { isId } from '@screenline/shared/id';

/** How many takeovers the owner's log shows. */
export const TAKEOVER_LIST_LIMIT = 50;

type TTakeoverRow = typeof takeover.$inferSelect;

/**
 * Queries of emergency takeovers (issue 23 item 6); `devices` is the player module's piece
 * (fleet-devices.ts), joined for the names of the TVs that showed one.
 */
export function createTakeoversRepository(db: TDb, devices: TFleetDevices) {
  /** The rows as the owner reads them, with their spaces and where they showed. */
  async function viewsOf(rows: TTakeoverRow[], nowMs: number): Promise<TTakeover[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const spaces = await db
      .select({
        takeoverId: takeoverAdSpace.takeoverId,
        id: adSpaceRows.id,
        name: adSpaceRows.name,
      })
      .from(takeoverAdSpace)
      .innerJoin(adSpaceRows, eq(adSpaceRows.id, takeoverAdSpace.adSpaceId))
      .where(inArray(takeoverAdSpace.takeoverId, ids))
      .orderBy(adSpaceRows.name);
    const shown = await db
      .select({
        takeoverId: takeoverDisplay.takeoverId,
        deviceId: takeoverDisplay.deviceId,
        deviceName: devices.name,
        shownAt: takeoverDisplay.shownAt,
      })
      .from(takeoverDisplay)
      .innerJoin(devices, eq(devices.id, takeoverDisplay.deviceId))
      .where(inArray(takeoverDisplay.takeoverId, ids))
      .orderBy(takeoverDisplay.shownAt);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      contentId: row.contentId,
      playlistId: row.playlistId,
      startedAt: row.startedAt.toISOString(),
      startedBy: { id: row.startedBy ?? '', name: row.startedByName },
      endsAt: row.endsAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      isActive: row.endedAt === null && row.endsAt.getTime() > nowMs,
      adSpaces: spaces
        .filter((space) => space.takeoverId === row.id)
        .map(({ id, name }) => ({ id, name })),
      shownOn: shown
        .filter((entry) => entry.takeoverId === row.id)
        .map((entry) => ({
          deviceId: entry.deviceId,
          deviceName: entry.deviceName,
          shownAt: entry.shownAt.toISOString(),
        })),
    }));
  }

  return {
    viewsOf,

    /** Every ad space id of the owner ("all my screens"). */
    async allAdSpaceIds(ownerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: adSpaceRows.id })
        .from(adSpaceRows)
        .where(eq(adSpaceRows.ownerId, ownerId));
      return rows.map((row) => row.id);
    },

    async insert(
      values: Omit<typeof takeover.$inferInsert, 'id'>,
      adSpaceIds: readonly string[],
    ): Promise<TTakeoverRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(takeover).values(values).returning();
        if (!row) throw new Error('The takeover was not stored.');
        await tx
          .insert(takeoverAdSpace)
          .values(adSpaceIds.map((adSpaceId) => ({ takeoverId: row.id, adSpaceId })));
        return row;
      });
    },

    async list(ownerId: string): Promise<TTakeoverRow[]> {
      return db
        .select()
        .from(takeover)
        .where(eq(takeover.ownerId, ownerId))
        .orderBy(desc(takeover.startedAt), desc(takeover.id))
        .limit(TAKEOVER_LIST_LIMIT);
    },

    async findOwners(ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = ids.filter(isId);
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: takeover.id, ownerId: takeover.ownerId })
        .from(takeover)
        .where(inArray(takeover.id, wanted));
      return new Map(rows.map((row) => [row.id, row.ownerId]));
    },

    /** Ends it now unless it already ended; answers the row and its ad spaces. */
    async end(id: string, endedBy: string, now: Date) {
      await db
        .update(takeover)
        .set({ endedAt: now, endedBy })
        .where(and(eq(takeover.id, id), isNull(takeover.endedAt), gt(takeover.endsAt, now)));
      const [row] = await db.select().from(takeover).where(eq(takeover.id, id));
      const spaces = await db
        .select({ id: takeoverAdSpace.adSpaceId })
        .from(takeoverAdSpace)
        .where(eq(takeoverAdSpace.takeoverId, id));
      return row ? { row, adSpaceIds: spaces.map((space) => space.id) } : null;
    },

    /** The newest takeover on screen at `now` in the space, for its manifest. */
    async activeFor(adSpaceId: string, now: Date): Promise<TManifestTakeover | null> {
      const [row] = await db
        .select({ takeover })
        .from(takeoverAdSpace)
        .innerJoin(takeover, eq(takeover.id, takeoverAdSpace.takeoverId))
        .where(
          and(
            eq(takeoverAdSpace.adSpaceId, adSpaceId),
            isNull(takeover.endedAt),
            lte(takeover.startedAt, now),
            gt(takeover.endsAt, now),
          ),
        )
        .orderBy(desc(takeover.startedAt))
        .limit(1);
      if (!row) return null;
      const { id, kind, message, contentId, playlistId, startedAt, endsAt } = row.takeover;
      return {
        id,
        kind,
        message,
        contentId,
        playlistId,
        startMs: startedAt.getTime(),
        endMs: endsAt.getTime(),
      };
    },

    /**
     * A TV showed the takeover: recorded once (the first time) when the takeover is of its owner
     * and names its ad space; answers whether it does.
     */
    async recordShown(
      source: { deviceId: string; ownerId: string; adSpaceId: string },
      id: string,
      now: Date,
    ): Promise<boolean> {
      if (!isId(id)) return false;
      const [match] = await db
        .select({ id: takeover.id })
        .from(takeover)
        .innerJoin(takeoverAdSpace, eq(takeoverAdSpace.takeoverId, takeover.id))
        .where(
          and(
            eq(takeover.id, id),
            eq(takeover.ownerId, source.ownerId),
            eq(takeoverAdSpace.adSpaceId, source.adSpaceId),
          ),
        );
      if (!match) return false;
      await db
        .insert(takeoverDisplay)
        .values({ takeoverId: id, deviceId: source.deviceId, shownAt: now })
        .onConflictDoNothing();
      return true;
    },
  };
}

export type TTakeoversRepository = ReturnType<typeof createTakeoversRepository>;
