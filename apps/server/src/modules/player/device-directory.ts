import type { TDeviceActor } from '../../lib/actor';
import type { TDb } from '../../db/database';
import { deviceTokenOf, hashDeviceToken } from './device-tokens';
import { createDevicesRepository } from './devices.repository';

/**
 * The player module's facade for the session plugin: which device, if any, an Authorization
 * header names. One indexed read per request, not cached, so a revoked token (sign-out, the ad
 * space deleted, the account deleted) stops working at once on every instance.
 */
export function createDeviceDirectory(db: TDb) {
  const repo = createDevicesRepository(db);
  return {
    /** Whether the header carries a device token (`Bearer sld_…`), valid or not. */
    isDeviceCredential: (authorization: string | undefined) =>
      deviceTokenOf(authorization) !== null,

    async findByAuthorization(authorization: string | undefined): Promise<TDeviceActor | null> {
      const token = deviceTokenOf(authorization);
      if (!token) return null;
      const row = await repo.findByTokenHash(hashDeviceToken(token));
      return row
        ? { kind: 'device', id: row.id, ownerId: row.ownerId, adSpaceId: row.adSpaceId }
        : null;
    },
  };
}

export type TDeviceDirectory = ReturnType<typeof createDeviceDirectory>;
