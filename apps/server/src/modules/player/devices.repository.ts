import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { device } from '../../db/schema/index';

export interface TDeviceRegistrationRow {
  deviceKey: string;
  adSpaceId: string;
  name?: string | undefined;
  userAgent: string;
  appVersion: string;
  tokenHash: string;
}

/** Queries of the TVs owners set up (issue 8 item 4). */
export function createDevicesRepository(db: TDb) {
  return {
    /**
     * Inserts the device, or, when the owner already has one with this key, binds that one to
     * the ad space with a new token (the old token stops working). `created` tells which.
     */
    async upsert(
      ownerId: string,
      values: TDeviceRegistrationRow,
    ): Promise<{ id: string; created: boolean }> {
      const now = new Date();
      const [row] = await db
        .insert(device)
        .values({ ...values, name: values.name ?? null, ownerId, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [device.ownerId, device.deviceKey],
          set: {
            adSpaceId: values.adSpaceId,
            // A registration without a name keeps the one the device had.
            name: sql`coalesce(excluded.name, ${device.name})`,
            userAgent: values.userAgent,
            appVersion: values.appVersion,
            tokenHash: values.tokenHash,
            lastSeenAt: now,
            updatedAt: now,
          },
        })
        // xmax is 0 on a row this statement inserted, and the updating transaction's id otherwise.
        .returning({ id: device.id, created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('The upsert returned no row.');
      return row;
    },

    /** The device a token names, while it has an ad space (deleting the space revokes it). */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ id: device.id, ownerId: device.ownerId, adSpaceId: device.adSpaceId })
        .from(device)
        .where(and(eq(device.tokenHash, tokenHash), isNotNull(device.adSpaceId)));
      return row?.adSpaceId ? { ...row, adSpaceId: row.adSpaceId } : undefined;
    },

    async findById(ownerId: string, id: string) {
      const [row] = await db
        .select()
        .from(device)
        .where(and(eq(device.ownerId, ownerId), eq(device.id, id)));
      return row;
    },

    async touch(id: string): Promise<void> {
      await db.update(device).set({ lastSeenAt: new Date() }).where(eq(device.id, id));
    },

    /** Signs the device out: its token stops working; the record stays for the next setup. */
    async revokeToken(id: string): Promise<void> {
      await db
        .update(device)
        .set({ tokenHash: null, updatedAt: new Date() })
        .where(eq(device.id, id));
    },
  };
}

export type TDevicesRepository = ReturnType<typeof createDevicesRepository>;
