import type { TDeviceActor, TPairingActor } from '../../lib/actor';
import type { TDb } from '../../db/database';
import { deviceTokenOf, hashDeviceToken, pairingGrantOf } from '../../lib/device-bearer';
import { createDevicesRepository } from './devices.repository';
import type { TPlayerChange, TPlayerChangeBus } from '../../lib/player-changes';

/**
 * How long a resolved device token is trusted without asking the database again: longer than a
 * TV's poll interval (60 s by default), so a fleet polling at its real cadence is answered 304
 * from memory (issue 19). A revocation still takes effect at once on every instance (the change
 * bus evicts the token); only with the bus down (Redis away) can another instance honour a
 * revoked token this long, and never past the token's own expiry.
 */
export const DEVICE_CACHE_TTL_MS = 10 * 60_000;
/** Most tokens remembered; beyond it the oldest go first. */
const DEVICE_CACHE_MAX = 50_000;

interface TCached {
  actor: TDeviceActor;
  expiresAtMs: number;
}

/**
 * The player module's facade for the session plugin: which device, if any, an Authorization
 * header names. A token found is remembered for at most DEVICE_CACHE_TTL_MS (a fleet's polls,
 * and the manifest's 304s, then need no database), and forgotten at once on every instance when
 * it is revoked: sign-out, re-registration, its ad space or its account deleted each publish a
 * `revoke` change (lib/player-changes.ts). Unknown tokens are not remembered: a token issued a moment
 * ago works at once. docs/decisions.md: "The manifest and device-token caches".
 */
export function createDeviceDirectory(
  db: TDb,
  options: { changes?: TPlayerChangeBus; now?: () => number } = {},
) {
  const repo = createDevicesRepository(db);
  // Read at each call (not `Date.now` kept): the tests move the clock with fake timers.
  const now = options.now ?? (() => Date.now());
  const cache = new Map<string, TCached>();
  // Bumped by every revocation: a lookup that started before one does not store its answer.
  let epoch = 0;

  const isRevoked = (actor: TDeviceActor, change: Extract<TPlayerChange, { kind: 'revoke' }>) =>
    Boolean(
      change.deviceIds?.includes(actor.id) ||
      change.adSpaceIds?.includes(actor.adSpaceId) ||
      change.ownerIds?.includes(actor.ownerId),
    );

  const unsubscribe = options.changes?.subscribe((change) => {
    if (change.kind === 'content' || change.kind === 'command') return;
    epoch += 1;
    if (change.kind === 'reset') cache.clear();
    else for (const [hash, entry] of cache) if (isRevoked(entry.actor, change)) cache.delete(hash);
  });

  return {
    /**
     * Whether the header carries a TV's credential, valid or not: a device token (`Bearer sld_…`)
     * or a pairing grant (`Bearer slp_…`). Neither is ever a user session.
     */
    isDeviceCredential: (authorization: string | undefined) =>
      deviceTokenOf(authorization) !== null || pairingGrantOf(authorization) !== null,

    /**
     * The device whose token has this hash, if the cache holds it now; never reads the database.
     * The manifest poll's early answer (manifest-early-answer.ts) uses it: a token not cached here
     * takes the normal route, which looks it up.
     */
    peekByTokenHash(hash: string): TDeviceActor | null {
      const cached = cache.get(hash);
      return cached && cached.expiresAtMs > now() ? cached.actor : null;
    },

    async findByAuthorization(
      authorization: string | undefined,
    ): Promise<TDeviceActor | TPairingActor | null> {
      const grant = pairingGrantOf(authorization);
      // Grants are not cached: registration spends one, and it must not work a moment longer.
      if (grant) {
        const row = await repo.findGrantByTokenHash(hashDeviceToken(grant));
        return row ? { kind: 'pairing', id: row.id, ownerId: row.ownerId } : null;
      }
      const token = deviceTokenOf(authorization);
      if (!token) return null;
      const hash = hashDeviceToken(token);
      const cached = cache.get(hash);
      if (cached && cached.expiresAtMs > now()) return cached.actor;
      if (cached) cache.delete(hash);
      const startedAt = epoch;
      const row = await repo.findByTokenHash(hash);
      if (!row) return null;
      const actor: TDeviceActor = {
        kind: 'device',
        id: row.id,
        ownerId: row.ownerId,
        adSpaceId: row.adSpaceId,
        token: row.token,
      };
      if (epoch === startedAt) {
        if (cache.size >= DEVICE_CACHE_MAX) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        const expiresAtMs = Math.min(now() + DEVICE_CACHE_TTL_MS, row.token.expiresAt.getTime());
        cache.set(hash, { actor, expiresAtMs });
      }
      return actor;
    },

    /** Stops listening to the change bus. */
    close: () => unsubscribe?.(),
  };
}

export type TDeviceDirectory = ReturnType<typeof createDeviceDirectory>;
