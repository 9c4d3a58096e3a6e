import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * The player change bus (issue 8 item 5): what changed for the TVs, told to every server
 * instance. Services publish AFTER their transaction commits; the manifest cache, the device-token
 * cache and the event streams (modules/player) listen.
 *
 * - `content`: what these ad spaces play (or show of themselves) changed: their cached manifest
 *   is stale and their TVs are told to fetch it again.
 * - `revoke`: device tokens stopped working (a sign-out, a re-registration, an ad space or an
 *   account deleted): cached lookups are dropped and open event streams of those devices close.
 * - `reset`: messages may have been missed (the Redis subscription came back after a break), or
 *   something every manifest carries changed (a platform settings save): every cache is dropped
 *   and every TV is told to fetch its manifest again.
 *
 * In-process by default. With REDIS_URL, each message is also published on a Redis channel and
 * every other instance applies it as if it were its own; an instance applies its own messages at
 * once (before the request that made the change answers) and skips their echo from Redis.
 */
export const PLAYER_CHANGES_CHANNEL = 'screenline:player-changes';

const ZIds = z.array(z.string().max(200)).max(100_000);
export const ZPlayerChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('content'), adSpaceIds: ZIds }),
  z.object({
    kind: z.literal('revoke'),
    deviceIds: ZIds.optional(),
    adSpaceIds: ZIds.optional(),
    ownerIds: ZIds.optional(),
  }),
  z.object({ kind: z.literal('reset') }),
]);
export type TPlayerChange = z.infer<typeof ZPlayerChange>;

const ZEnvelope = z.object({ from: z.string(), change: ZPlayerChange });

export type TPlayerChangeListener = (change: TPlayerChange) => void;

export interface TPlayerChangeBus {
  /** Tells every instance; call after the change's transaction committed. Never throws. */
  publish(change: TPlayerChange): void;
  /** The ad spaces' manifests changed (shorthand for a `content` change; empty: nothing). */
  publishContent(adSpaceIds: readonly string[]): void;
  /** Listens to every change, local or from another instance; returns the unsubscribe. */
  subscribe(listener: TPlayerChangeListener): () => void;
  /** How many listeners are subscribed (open event streams among them). */
  listenerCount(): number;
  /**
   * Resolves once the Redis subscription is live (at once without Redis), or after
   * `timeoutMs` with a warning: a server does not wait for Redis to start (it subscribes when
   * Redis comes).
   */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createPlayerChangeBus(options: {
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
}): TPlayerChangeBus {
  const { log } = options;
  const emitter = new EventEmitter();
  // Every open event stream subscribes: thousands of TVs on one instance are expected.
  emitter.setMaxListeners(0);
  const instanceId = crypto.randomUUID();

  const deliver = (change: TPlayerChange) => {
    for (const listener of emitter.listeners('change') as TPlayerChangeListener[]) {
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error }, 'a player change listener failed');
      }
    }
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let subscribed: Promise<void> = Promise.resolve();
  if (options.redisUrl) {
    // Two connections: one in subscriber mode cannot publish. Both reconnect on their own; while
    // Redis is away, other instances miss changes until their manifest cache entries expire.
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) => log.warn({ err: error }, 'the player change bus lost Redis'));
    }
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== PLAYER_CHANGES_CHANNEL) return;
      let parsed;
      try {
        parsed = ZEnvelope.safeParse(JSON.parse(message));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        log.warn('an unreadable player change arrived from Redis');
        return;
      }
      if (parsed.data.from === instanceId) return;
      deliver(parsed.data.change);
    });
    // ioredis subscribes again after a reconnect; what was published meanwhile is lost, so
    // everything cached here may be stale.
    let hasSubscribed = false;
    subscriber.on('ready', () => {
      if (!hasSubscribed) return;
      log.info('the player change bus is back on Redis; dropping the player caches');
      deliver({ kind: 'reset' });
    });
    subscribed = subscriber.subscribe(PLAYER_CHANGES_CHANNEL).then(() => {
      hasSubscribed = true;
    });
    subscribed.catch((error: unknown) =>
      log.error({ err: error }, 'the player change bus could not subscribe to Redis'),
    );
  }

  function publish(change: TPlayerChange): void {
    deliver(change);
    if (!publisher) return;
    const message = JSON.stringify({ from: instanceId, change });
    publisher.publish(PLAYER_CHANGES_CHANNEL, message).catch((error: unknown) => {
      log.warn({ err: error }, 'a player change did not reach Redis');
    });
  }

  return {
    publish,
    publishContent(adSpaceIds) {
      if (adSpaceIds.length > 0) publish({ kind: 'content', adSpaceIds: [...new Set(adSpaceIds)] });
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    listenerCount: () => emitter.listenerCount('change'),
    async ready(timeoutMs = 3000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      const outcome = await Promise.race([
        subscribed.then(
          () => 'live' as const,
          () => 'late' as const,
        ),
        late,
      ]);
      clearTimeout(timer);
      if (outcome === 'late') {
        log.warn('Redis is not answering: player changes reach other instances once it does');
      }
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.all(
        [publisher, subscriber].map(async (client) => {
          if (!client) return;
          // QUIT waits in the offline queue while Redis is away: then just drop the connection.
          if (client.status !== 'ready') {
            client.disconnect();
            return;
          }
          try {
            await client.quit();
          } catch {
            client.disconnect();
          }
        }),
      );
    },
  };
}
