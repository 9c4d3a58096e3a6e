import { PAIRING_GRANT_PREFIX, PAIRING_GRANT_TTL_SECONDS } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { newDeviceToken } from './device-tokens';
import { createDevicesRepository } from './devices.repository';

/**
 * The player module's facade for TV pairing (auth module): the pairing grant a TV gets when a
 * phone approves its code, instead of the owner's session (issue 18 item 1). It resolves through
 * the device directory and is spent by the TV's registration (devices.service.ts).
 */
export function createPairingGrants(db: TDb) {
  const repo = createDevicesRepository(db);
  return {
    /** A new grant for the owner: the token, shown once, and its lifetime in seconds. */
    async issue(
      ownerId: string,
      from: { userAgent: string | null; ipAddress: string | null },
    ): Promise<{ token: string; expiresIn: number }> {
      const { token, hash } = newDeviceToken(PAIRING_GRANT_PREFIX);
      await repo.insertGrant({
        ownerId,
        tokenHash: hash,
        ...from,
        expiresAt: new Date(Date.now() + PAIRING_GRANT_TTL_SECONDS * 1000),
      });
      return { token, expiresIn: PAIRING_GRANT_TTL_SECONDS };
    },
  };
}

export type TPairingGrants = ReturnType<typeof createPairingGrants>;
