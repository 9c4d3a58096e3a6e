import { and, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TDeviceCommand, TDeviceCommandKind, TPlayerCommand } from '@screenline/shared/fleet';
import type { TDb } from '../../db/database';
import { deviceCommand, deviceScreenshot } from '../../db/schema/index';
import type { TFleetDevices } from './fleet-devices';

/** How many commands the owner's list shows. */
export const COMMAND_LIST_LIMIT = 100;

type TCommandRow = typeof deviceCommand.$inferSelect;

/** A stored command as the owner reads it: `sent` or `delivered` past its expiry is `expired`. */
export function toDeviceCommand(
  row: TCommandRow,
  deviceName: string | null,
  nowMs: number,
): TDeviceCommand {
  const isOpen = row.state === 'sent' || row.state === 'delivered';
  return {
    id: row.id,
    kind: row.kind,
    state: isOpen && row.expiresAt.getTime() <= nowMs ? 'expired' : row.state,
    deviceId: row.deviceId,
    deviceName,
    adSpaceId: row.adSpaceId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    problem: row.problem,
  };
}

/**
 * Queries of remote commands and screenshots (issue 23 items 2 and 3); `devices` is the player
 * module's piece (fleet-devices.ts), joined for the TVs' names and ad spaces.
 */
export function createCommandsRepository(db: TDb, devices: TFleetDevices) {
  return {
    /** The owner's set-up TVs (a token, an ad space) of these ad spaces or with these ids. */
    async targetDevices(
      ownerId: string,
      adSpaceIds: readonly string[],
      deviceIds: readonly string[],
    ) {
      const wanted = [
        ...(adSpaceIds.length > 0 ? [inArray(devices.adSpaceId, [...adSpaceIds])] : []),
        ...(deviceIds.length > 0 ? [inArray(devices.id, [...deviceIds])] : []),
      ];
      if (wanted.length === 0) return [];
      return db
        .select({ id: devices.id, adSpaceId: devices.adSpaceId, name: devices.name })
        .from(devices)
        .where(
          and(
            eq(devices.ownerId, ownerId),
            isNotNull(devices.tokenHash),
            isNotNull(devices.adSpaceId),
            or(...wanted),
          ),
        );
    },

    async insert(
      rows: {
        ownerId: string;
        deviceId: string;
        adSpaceId: string | null;
        kind: TDeviceCommandKind;
        createdBy: string;
        expiresAt: Date;
      }[],
    ): Promise<TCommandRow[]> {
      if (rows.length === 0) return [];
      return db.insert(deviceCommand).values(rows).returning();
    },

    async list(ownerId: string, adSpaceId: string | undefined) {
      return db
        .select({ command: deviceCommand, deviceName: devices.name })
        .from(deviceCommand)
        .innerJoin(devices, eq(devices.id, deviceCommand.deviceId))
        .where(
          and(
            eq(deviceCommand.ownerId, ownerId),
            adSpaceId ? eq(deviceCommand.adSpaceId, adSpaceId) : undefined,
          ),
        )
        .orderBy(desc(deviceCommand.createdAt), desc(deviceCommand.id))
        .limit(COMMAND_LIST_LIMIT);
    },

    /** What waits for the TV: sent, not acknowledged, not expired; oldest first. */
    async pendingFor(deviceId: string, now: Date): Promise<TPlayerCommand[]> {
      const rows = await db
        .select({
          id: deviceCommand.id,
          kind: deviceCommand.kind,
          expiresAt: deviceCommand.expiresAt,
        })
        .from(deviceCommand)
        .where(
          and(
            eq(deviceCommand.deviceId, deviceId),
            eq(deviceCommand.state, 'sent'),
            gt(deviceCommand.expiresAt, now),
          ),
        )
        .orderBy(deviceCommand.createdAt)
        .limit(50);
      return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
    },

    /**
     * The TV's acknowledgement: `delivered` only from `sent`, `done`/`failed` from either open
     * state; a repeated or late one changes nothing. Answers whether the command is the device's.
     */
    async acknowledge(
      deviceId: string,
      id: string,
      ack: { state: 'delivered' | 'done' | 'failed'; problem?: string | undefined },
      now: Date,
    ): Promise<boolean> {
      const from = ack.state === 'delivered' ? ['sent'] : ['sent', 'delivered'];
      await db
        .update(deviceCommand)
        .set(
          ack.state === 'delivered'
            ? { state: 'delivered', deliveredAt: now }
            : {
                state: ack.state,
                finishedAt: now,
                // Receipt is implied by the outcome when the first ack was lost.
                deliveredAt: sql`coalesce(${deviceCommand.deliveredAt}, ${now.toISOString()}::timestamptz)`,
                problem: ack.state === 'failed' ? (ack.problem ?? 'The TV could not do it.') : null,
              },
        )
        .where(
          and(
            eq(deviceCommand.id, id),
            eq(deviceCommand.deviceId, deviceId),
            inArray(deviceCommand.state, from as ('sent' | 'delivered')[]),
          ),
        );
      const [found] = await db
        .select({ id: deviceCommand.id })
        .from(deviceCommand)
        .where(and(eq(deviceCommand.id, id), eq(deviceCommand.deviceId, deviceId)));
      return !!found;
    },

    /** Replaces the device's screenshot (or says why there is none). */
    async saveScreenshot(
      source: { deviceId: string; ownerId: string; adSpaceId: string },
      shot: { jpegBase64: string | null; problem: string | null },
      now: Date,
    ) {
      await db
        .insert(deviceScreenshot)
        .values({ ...source, ...shot, takenAt: now })
        .onConflictDoUpdate({
          target: deviceScreenshot.deviceId,
          set: { ...shot, adSpaceId: source.adSpaceId, takenAt: now },
        });
    },

    /** The newest screenshot of each TV that plays the space now. */
    async screenshotsOf(ownerId: string, adSpaceId: string) {
      return db
        .select({ shot: deviceScreenshot, deviceName: devices.name })
        .from(deviceScreenshot)
        .innerJoin(devices, eq(devices.id, deviceScreenshot.deviceId))
        .where(
          and(
            eq(deviceScreenshot.ownerId, ownerId),
            eq(deviceScreenshot.adSpaceId, adSpaceId),
            eq(devices.adSpaceId, adSpaceId),
          ),
        )
        .orderBy(desc(deviceScreenshot.takenAt));
    },

    /**
     * The newest screenshot of each of the owner's spaces, of the TVs playing it now, without
     * the image (a list of hundreds of spaces stays small): from the owner's TVs (their owner
     * index) to each one's screenshot row (its primary key).
     */
    async latestPerAdSpace(ownerId: string) {
      const rows = await db
        .selectDistinctOn([devices.adSpaceId], {
          adSpaceId: devices.adSpaceId,
          deviceId: deviceScreenshot.deviceId,
          deviceName: devices.name,
          takenAt: deviceScreenshot.takenAt,
          problem: deviceScreenshot.problem,
          hasImage: sql<boolean>`${deviceScreenshot.jpegBase64} is not null`,
        })
        .from(devices)
        .innerJoin(
          deviceScreenshot,
          and(
            eq(deviceScreenshot.deviceId, devices.id),
            eq(deviceScreenshot.adSpaceId, devices.adSpaceId),
          ),
        )
        .where(and(eq(devices.ownerId, ownerId), isNotNull(devices.adSpaceId)))
        .orderBy(
          devices.adSpaceId,
          desc(deviceScreenshot.takenAt),
          desc(deviceScreenshot.deviceId),
        );
      return rows.flatMap((row) =>
        row.adSpaceId === null ? [] : [{ ...row, adSpaceId: row.adSpaceId }],
      );
    },

    /** The newest capture with an image of any TV playing the space now, or undefined. */
    async newestImageOf(ownerId: string, adSpaceId: string) {
      const [row] = await db
        .select({
          deviceId: deviceScreenshot.deviceId,
          takenAt: deviceScreenshot.takenAt,
          jpegBase64: deviceScreenshot.jpegBase64,
        })
        .from(deviceScreenshot)
        .innerJoin(devices, eq(devices.id, deviceScreenshot.deviceId))
        .where(
          and(
            eq(deviceScreenshot.ownerId, ownerId),
            eq(deviceScreenshot.adSpaceId, adSpaceId),
            eq(devices.adSpaceId, adSpaceId),
            isNotNull(deviceScreenshot.jpegBase64),
          ),
        )
        .orderBy(desc(deviceScreenshot.takenAt), desc(deviceScreenshot.deviceId))
        .limit(1);
      return row?.jpegBase64 ? { ...row, jpegBase64: row.jpegBase64 } : undefined;
    },
  };
}

export type TCommandsRepository = ReturnType<typeof createCommandsRepository>;
