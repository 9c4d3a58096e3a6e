import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * What one server instance tells the others (several instances behind a load balancer, one
 * database): with REDIS_URL, one Redis channel, `<REDIS_PREFIX>instance-bus`, carries every topic
 * (the player changes, the session cache's evictions) on one publishing and one subscribing
 * connection. Without REDIS_URL there are no other instances to tell and `send` does nothing.
 *
 * A message reaches the OTHER instances only: the sender applies its own at once, before the
 * request that made the change answers. Redis pub/sub keeps nothing: an instance away from Redis
 * misses what was sent meanwhile, so when its subscription comes back every `onResync` listener
 * runs (each drops what it cached).
 */
export interface TInstanceBus {
  /** The Redis channel, or null without Redis. */
  readonly channel: string | null;
  /**
   * Tells the other instances. Never throws; resolves once Redis took the message (every
   * subscribed instance has it in its socket then), or failed, or after `timeoutMs` (a warning).
   */
  send(topic: string, message: unknown, timeoutMs?: number): Promise<void>;
  /** Messages of `topic` from other instances (unparsed: the listener validates). */
  on(topic: string, listener: (message: unknown) => void): () => void;
  /** Runs when the Redis subscription came back after a break: messages may have been missed. */
  onResync(listener: () => void): () => void;
  /** Resolves once subscribed (at once without Redis), or after `timeoutMs` with a warning. */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const ZEnvelope = z.object({ from: z.string(), topic: z.string(), message: z.unknown() });

export function createInstanceBus(options: {
  redisUrl?: string | undefined;
  /** REDIS_PREFIX: the channel's name starts with it. */
  prefix: string;
  log: FastifyBaseLogger;
}): TInstanceBus {
  const { log } = options;
  const instanceId = crypto.randomUUID();
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  const resyncListeners = new Set<() => void>();
  const channel = options.redisUrl ? `${options.prefix}instance-bus` : null;

  const safely = (run: () => void) => {
    try {
      run();
    } catch (error) {
      log.error({ err: error }, 'an instance bus listener failed');
    }
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let subscribed: Promise<void> = Promise.resolve();
  if (options.redisUrl && channel) {
    // Two connections: one in subscriber mode cannot publish. Both reconnect on their own.
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) => log.warn({ err: error }, 'the instance bus lost Redis'));
    }
    subscriber.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      let parsed;
      try {
        parsed = ZEnvelope.safeParse(JSON.parse(raw));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        log.warn('an unreadable instance bus message arrived from Redis');
        return;
      }
      if (parsed.data.from === instanceId) return;
      const { message } = parsed.data;
      for (const listener of listeners.get(parsed.data.topic) ?? [])
        safely(() => listener(message));
    });
    // ioredis subscribes again after a reconnect; what was published meanwhile is lost.
    let hasSubscribed = false;
    subscriber.on('ready', () => {
      if (!hasSubscribed) return;
      log.info('the instance bus is back on Redis; dropping what may be stale');
      for (const listener of resyncListeners) safely(listener);
    });
    subscribed = subscriber.subscribe(channel).then(() => {
      hasSubscribed = true;
    });
    subscribed.catch((error: unknown) =>
      log.error({ err: error }, 'the instance bus could not subscribe to Redis'),
    );
  }

  return {
    channel,
    async send(topic, message, timeoutMs = 2000) {
      if (!publisher || !channel) return;
      const payload = JSON.stringify({ from: instanceId, topic, message });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      const outcome = await Promise.race([
        publisher.publish(channel, payload).then(
          () => 'sent' as const,
          (error: unknown) => {
            log.warn({ err: error, topic }, 'an instance bus message did not reach Redis');
            return 'failed' as const;
          },
        ),
        late,
      ]);
      clearTimeout(timer);
      if (outcome === 'late') log.warn({ topic }, 'Redis is slow to take an instance bus message');
    },
    on(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
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
        log.warn('Redis is not answering: other instances hear of changes once it does');
      }
    },
    async close() {
      listeners.clear();
      resyncListeners.clear();
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
