import type { BetterAuthPlugin } from 'better-auth';

/**
 * How long a resolved session is trusted without asking the database again. It bounds what
 * another instance can miss: a session revoked on instance A stays usable on instance B for at
 * most this long (within one instance revocation is immediate, see sessionCachePlugin). Writes
 * from another process (the admin command) show within this time too.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface TEntry<T> {
  /** Better Auth's session token, to evict on sign-out or revocation. */
  token: string;
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
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const entries = new Map<string, TEntry<T>>();
  // Bumped by every eviction. A read that started before an eviction may have seen the row that
  // was just deleted, so it must not store what it found.
  let generation = 0;

  const forgetWhere = (matches: (entry: TEntry<T>) => boolean) => {
    generation += 1;
    // Evictions are rare (sign-out, revocation, profile edits) and the map is bounded.
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };

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
          token: entry.token,
          userId: entry.userId,
          value: entry.value,
          expiresAt: Math.min(now() + ttlMs, entry.sessionExpiresAt.getTime()),
        });
      };
    },

    forgetSession(token: string) {
      forgetWhere((entry) => entry.token === token);
    },

    /** After any change to the user or their profile, or the end of all their sessions. */
    forgetUser(userId: string) {
      forgetWhere((entry) => entry.userId === userId);
    },
  };
}

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
                cache.forgetSession(session.token);
              },
              after: async (session: { token: string }) => {
                cache.forgetSession(session.token);
              },
            },
          },
          user: {
            update: {
              after: async (user: { id: string }) => {
                cache.forgetUser(user.id);
              },
            },
            delete: {
              after: async (user: { id: string }) => {
                cache.forgetUser(user.id);
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
