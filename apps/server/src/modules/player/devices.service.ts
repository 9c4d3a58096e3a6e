import type { z } from 'zod';
import type {
  TDeviceRegistration,
  TPlayerAdSpaceList,
  TPlayerDevice,
  ZRegisterDevice,
} from '@screenline/shared/player';
import { isForeignKeyViolation } from '../../db/errors';
import { notFound } from '../../lib/app-error';
import type { TPrincipal } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import { newDeviceToken } from './device-tokens';
import type { TDevicesRepository } from './devices.repository';
import type { TPlayerChangeBus } from './player-changes';

type TRegister = z.output<typeof ZRegisterDevice>;

/**
 * The TV's setup (issue 8 item 4): the signed-in owner's TV lists their ad spaces and registers
 * itself for one; from then on it acts as a device principal, limited to that ad space.
 */
export function createDevicesService(
  repo: TDevicesRepository,
  adSpaces: TAdSpaceDirectory,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  async function listAdSpaces(principal: TPrincipal | null): Promise<TPlayerAdSpaceList> {
    const user = await access.requireAccess(principal, 'player.adSpaces.list');
    return { items: await adSpaces.listForPlayer(user.id) };
  }

  /**
   * Registers the TV, or binds the owner's TV with this device key to the ad space again
   * (re-pairing reuses the record). A new token each time: the previous one stops working.
   */
  async function register(
    principal: TPrincipal | null,
    input: TRegister,
  ): Promise<{ created: boolean; registration: TDeviceRegistration }> {
    const user = await access.requireAccess(principal, 'player.device.register', [input.adSpaceId]);
    const { token, hash } = newDeviceToken();
    try {
      const { id, created } = await repo.upsert(user.id, {
        deviceKey: input.deviceKey,
        adSpaceId: input.adSpaceId,
        name: input.name,
        userAgent: input.userAgent,
        appVersion: input.appVersion,
        tokenHash: hash,
      });
      // The device's previous token stopped working: forget it on every instance.
      if (!created) changes.publish({ kind: 'revoke', deviceIds: [id] });
      return { created, registration: { deviceId: id, token } };
    } catch (error) {
      // The ad space was deleted after the access check.
      if (isForeignKeyViolation(error)) throw notFound('That ad space');
      throw error;
    }
  }

  /** Who this TV is and what it plays for: the player checks its saved choice with this. */
  async function whoAmI(principal: TPrincipal | null): Promise<TPlayerDevice> {
    const device = await access.requireAccess(principal, 'player.device.read');
    await access.requireAccess(device, 'player.adSpace.read', [device.adSpaceId]);
    const [row, adSpace] = await Promise.all([
      repo.findById(device.ownerId, device.id),
      adSpaces.findForPlayer(device.ownerId, device.adSpaceId),
    ]);
    if (!row || !adSpace) throw notFound('That device');
    await repo.touch(device.id);
    return { id: row.id, name: row.name, adSpace };
  }

  /** The TV signs out: its token stops working at once. */
  async function signOut(principal: TPrincipal | null): Promise<void> {
    const device = await access.requireAccess(principal, 'player.device.sign-out');
    await repo.revokeToken(device.id);
    changes.publish({ kind: 'revoke', deviceIds: [device.id] });
  }

  return { listAdSpaces, register, whoAmI, signOut };
}
