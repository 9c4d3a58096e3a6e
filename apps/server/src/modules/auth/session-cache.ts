import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import type { TInstanceBus } from '../../lib/instance-bus';

/**
 * How long a resolved session is trusted without asking the database again. Every eviction is
 * told to the other instances too (the instance bus, with REDIS_URL), so a session revoked on
 * instance A is refused on instance B at once; this bounds what can still be missed: writes from
 * another process that evicts nothing (the admin command), or evictions sent while an instance was
 * away from Redis (it drops everything when it comes back).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The instance bus topic of evictions: session tokens travel as their SHA-256 only. */
export const SESSION_EVICTIONS_TOPIC = 'session-cache';
const ZEviction = z.object({
  tokenHashes: z.array(z.string().max(100)).max(10_000).optional(),
  userIds: z.array(z.string().max(200)).max(10_000).optional(),
});

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

interface TEntry<T> {
  /** The SHA-256 of Better Auth's session token, to evict on sign-out or revocation. */
  tokenHash: string;
  userId: string;
  value: T;
  expiresAt: number;
}

/**
 * An in-process cache of resolved sessions, keyed by the request's credentials (its Cookie and
 * Authorization headers, byte for byte: only a value Better Auth accepted is ever stored under
 * them). It replaces Better Auth's cookie cache, which would keep a revoked session alive on the
 * other devices for the cookie's lifetime.
 */
export function createSessionCache<T>({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
  bus,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** The other instances: evictions are sent to them and theirs applied here. */
  bus?: TInstanceBus | undefined;
} = {}) {
  const entries = new Map<string, TEntry<T>>();
  // Bumped by every eviction. A read that started before an eviction may have seen the row that
  // was just deleted, so it must not store what it found.
  let generation = 0;

  const forgetWhere = (matches: (entry: TEntry<T>) => boolean) => {
    generation += 1;
    // Evictions are rare (sign-out, revocation, profile edits) and the map is bounded.
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };

  const forgetTokenHashes = (hashes: readonly string[]) => {
    const set = new Set(hashes);
    forgetWhere((entry) => set.has(entry.tokenHash));
  };
  const forgetUserIds = (userIds: readonly string[]) => {
    const set = new Set(userIds);
    forgetWhere((entry) => set.has(entry.userId));
  };

  const detach = bus
    ? [
        bus.on(SESSION_EVICTIONS_TOPIC, (message) => {
          const parsed = ZEviction.safeParse(message);
          if (!parsed.success) return;
          forgetTokenHashes(parsed.data.tokenHashes ?? []);
          forgetUserIds(parsed.data.userIds ?? []);
        }),
        // Evictions sent while this instance was away from Redis are lost.
        bus.onResync(() => forgetWhere(() => true)),
      ]
    : [];

  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /**
     * Starts reading a session from the database; the returned function stores the result, unless
     * something was evicted meanwhile (then the next request reads again).
     */
    begin() {
      const started = generation;
      return (
        key: string,
        entry: { token: string; userId: string; value: T; sessionExpiresAt: Date },
      ) => {
        if (generation !== started) return;
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, {
          tokenHash: hashToken(entry.token),
          userId: entry.userId,
          value: entry.value,
          expiresAt: Math.min(now() + ttlMs, entry.sessionExpiresAt.getTime()),
        });
      };
    },

    /**
     * Evicts the session here at once and on the other instances; resolves once they have it
     * (Redis took the message), so an answer sent after it is never contradicted elsewhere.
     */
    forgetSession(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      forgetTokenHashes([tokenHash]);
      return bus ? bus.send(SESSION_EVICTIONS_TOPIC, { tokenHashes: [tokenHash] }) : done;
    },

    /** After any change to the user or their profile, or the end of all their sessions. */
    forgetUser(userId: string): Promise<void> {
      forgetUserIds([userId]);
      return bus ? bus.send(SESSION_EVICTIONS_TOPIC, { userIds: [userId] }) : done;
    },

    /** Stops listening to the other instances. */
    close() {
      for (const off of detach) off();
    },
  };
}

const done = Promise.resolve();

export type TSessionCache<T = unknown> = ReturnType<typeof createSessionCache<T>>;

/**
 * Keeps the cache true to the database: every session Better Auth deletes (sign-out, revoke one,
 * revoke others, password change and reset, account deletion) and every user it updates is
 * evicted, before the delete (so no request starts from the entry) and after it commits (so no
 * read that raced the delete keeps it).
 */
export function sessionCachePlugin(cache: Pick<TSessionCache, 'forgetSession' | 'forgetUser'>) {
  return {
    id: 'screenline-session-cache',
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            delete: {
              before: async (session: { token: string }) => {
                await cache.forgetSession(session.token);
              },
              after: async (session: { token: string }) => {
                await cache.forgetSession(session.token);
              },
            },
          },
          user: {
            update: {
              after: async (user: { id: string }) => {
                await cache.forgetUser(user.id);
              },
            },
            delete: {
              after: async (user: { id: string }) => {
                await cache.forgetUser(user.id);
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
