import type { TDb } from '../../db/database';
import { createDevicesRepository } from './devices.repository';
import type { TPlayerChangeBus } from '../../lib/player-changes';

/**
 * The player module's facade for Better Auth (app.ts): when the owner's password is changed or
 * reset, or they sign out everywhere, every TV of the account signs out at once, on every
 * instance (the `revoke` change evicts the device-token caches and ends the TVs' event streams),
 * and unspent pairing grants stop working (issue 18 item 2).
 */
export function createDeviceRevocation(db: TDb, changes: TPlayerChangeBus) {
  const repo = createDevicesRepository(db);
  return {
    async revokeAllOfOwner(ownerId: string): Promise<void> {
      await repo.revokeAllOfOwner(ownerId);
      changes.publish({ kind: 'revoke', ownerIds: [ownerId] });
    },
  };
}
