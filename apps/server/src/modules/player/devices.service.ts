import type { z } from 'zod';
import {
  type TDeviceRegistration,
  type TDeviceTokenRenewal,
  type TOwnerDeviceList,
  type TPlayerAdSpaceList,
  type TPlayerDevice,
  type ZRegisterDevice,
} from '@screenline/shared/player';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, notFound } from '../../lib/app-error';
import type { TDeviceActor, TPrincipal } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import {
  DEVICE_TOKEN_TTL_MS,
  isDueForRenewal,
  newDeviceToken,
  PREVIOUS_TOKEN_GRACE_MS,
} from './device-tokens';
import { platformOf } from './platform-name';
import type { TDevicesRepository } from './devices.repository';
import type { TPlayerChangeBus } from '../../lib/player-changes';

const HOUR_MS = 60 * 60 * 1000;

type TRegister = z.output<typeof ZRegisterDevice>;

/**
 * TVs an account may set up (a new token for a device) in an hour: far above a real install,
 * far below what minting tokens would need (issue 18 item 2). Renewals count too.
 */
export const REGISTRATIONS_PER_ACCOUNT_PER_HOUR = 60; // DEVICE_REGISTRATIONS_PER_HOUR's default

/** Whose resources a caller acts on: a user's own, or a TV's owner's. */
const ownerOf = (principal: TPrincipal) =>
  principal.kind === 'user' ? principal.id : principal.ownerId;

/**
 * The TV's setup (issue 8 item 4): the signed-in owner's TV lists their ad spaces and registers
 * itself for one; from then on it acts as a device principal, limited to that ad space.
 */
export function createDevicesService(
  repo: TDevicesRepository,
  adSpaces: TAdSpaceDirectory,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
  limits: { registrationsPerHour: number } = {
    registrationsPerHour: REGISTRATIONS_PER_ACCOUNT_PER_HOUR,
  },
) {
  async function listAdSpaces(principal: TPrincipal | null): Promise<TPlayerAdSpaceList> {
    const caller = await access.requireAccess(principal, 'player.adSpaces.list');
    const ownerId = ownerOf(caller);
    // A TV changing its ad space does not count itself.
    const [spaces, tvs] = await Promise.all([
      adSpaces.listForPlayer(ownerId),
      repo.countSignedInByAdSpace(ownerId, caller.kind === 'device' ? caller.id : null),
    ]);
    const tvsBySpace = new Map(tvs.map((row) => [row.adSpaceId, row]));
    return {
      items: spaces.map((space) => {
        const found = tvsBySpace.get(space.id);
        return {
          ...space,
          tvs: found
            ? { count: found.count, lastSeenAt: found.lastSeenAt?.toISOString() ?? null }
            : null,
        };
      }),
    };
  }

  /**
   * Registers the TV, or binds the owner's TV with this device key to the ad space again
   * (re-pairing reuses the record). A new token each time: the previous one stops working.
   *
   * The caller is the owner's session (password sign-in on the TV), a pairing grant (QR pairing:
   * registering spends it, so it sets up one TV) or the TV's own device token ("Change ad space":
   * it binds itself to another of its owner's spaces, whatever device key it names).
   */
  async function register(
    principal: TPrincipal | null,
    input: TRegister,
  ): Promise<{ created: boolean; registration: TDeviceRegistration }> {
    if (principal?.kind === 'device') return rebind(principal, input);
    const caller = await access.requireAccess(principal, 'player.device.register', [
      input.adSpaceId,
    ]);
    if (
      (await repo.countTokensIssuedSince(ownerOf(caller), DEVICE_TOKEN_TTL_MS - HOUR_MS)) >=
      limits.registrationsPerHour
    ) {
      throw new AppError(
        'too-many-requests',
        'This account set up too many TVs in the last hour. Try again later.',
      );
    }
    if (caller.kind === 'pairing' && !(await repo.deleteGrant(caller.id))) {
      // Two registrations raced on one grant: only the first sets a TV up.
      throw new AppError('unauthenticated', 'This pairing was used already. Pair the TV again.');
    }
    return save(ownerOf(caller), input, caller.kind === 'pairing' ? 'pairing' : 'password');
  }

  async function rebind(principal: TDeviceActor, input: TRegister) {
    const device = await access.requireAccess(principal, 'player.device.rebind');
    const row = await repo.findById(device.ownerId, device.id);
    const adSpace = await adSpaces.findForPlayer(device.ownerId, input.adSpaceId);
    if (!row) throw notFound('That device');
    if (!adSpace) throw notFound('That ad space');
    return save(device.ownerId, { ...input, deviceKey: row.deviceKey }, undefined);
  }

  async function save(
    ownerId: string,
    input: TRegister,
    signInMethod: 'password' | 'pairing' | undefined,
  ): Promise<{ created: boolean; registration: TDeviceRegistration }> {
    const { token, hash } = newDeviceToken();
    try {
      const { id, created } = await repo.upsert(ownerId, {
        deviceKey: input.deviceKey,
        adSpaceId: input.adSpaceId,
        name: input.name,
        userAgent: input.userAgent,
        appVersion: input.appVersion,
        tokenHash: hash,
        tokenExpiresAt: new Date(Date.now() + DEVICE_TOKEN_TTL_MS),
        signInMethod,
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

  /**
   * A fresh token for a TV whose token is past half its life (the heartbeat's answer), or null
   * when it is not due, or another renewal or a revocation won the race. The old token works
   * for PREVIOUS_TOKEN_GRACE_MS more, in case the TV misses this answer.
   */
  async function renewToken(principal: TPrincipal | null): Promise<TDeviceTokenRenewal | null> {
    const device = await access.requireAccess(principal, 'player.heartbeat.write');
    const current = device.token;
    if (!current) return null;
    const nowMs = Date.now();
    if (!current.isPrevious && !isDueForRenewal(current.expiresAt, nowMs)) return null;
    const { token, hash } = newDeviceToken();
    const expiresAt = new Date(nowMs + DEVICE_TOKEN_TTL_MS);
    const isRenewed = await repo.renewToken(device.id, current, {
      hash,
      expiresAt,
      previousExpiresAt: new Date(nowMs + PREVIOUS_TOKEN_GRACE_MS),
    });
    if (!isRenewed) return null;
    // The cached entry of the old token still says "current": forget it everywhere.
    changes.publish({ kind: 'revoke', deviceIds: [device.id] });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The owner's TVs for the web's Devices page. */
  async function listForOwner(principal: TPrincipal | null): Promise<TOwnerDeviceList> {
    const user = await access.requireAccess(principal, 'devices.list');
    const rows = await repo.listForOwner(user.id);
    const now = Date.now();
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        platform: platformOf(row.userAgent),
        adSpace:
          row.adSpaceId && row.adSpaceName ? { id: row.adSpaceId, name: row.adSpaceName } : null,
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        signInMethod: row.signInMethod,
        isSignedIn: Boolean(
          row.tokenHash &&
          row.adSpaceId &&
          row.tokenExpiresAt &&
          row.tokenExpiresAt.getTime() > now,
        ),
        tokenExpiresAt: row.tokenHash ? (row.tokenExpiresAt?.toISOString() ?? null) : null,
      })),
    };
  }

  /** The owner signs one of their TVs out from the web: its token stops working everywhere. */
  async function revoke(principal: TPrincipal | null, deviceId: string): Promise<void> {
    await access.requireAccess(principal, 'devices.revoke', [deviceId]);
    await repo.revokeToken(deviceId);
    changes.publish({ kind: 'revoke', deviceIds: [deviceId] });
  }

  return {
    listAdSpaces,
    register,
    whoAmI,
    signOut,
    renewToken,
    listForOwner,
    revoke,
    findOwners: (ids: readonly string[]) => repo.findOwners(ids),
  };
}
