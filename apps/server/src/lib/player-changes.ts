import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TInstanceBus } from './instance-bus';

/**
 * The player change bus (issue 8 item 5): what changed for the TVs, told to every server
 * instance. Services publish AFTER their transaction commits; the manifest cache, the device-token
 * cache and the event streams (modules/player) listen.
 *
 * - `content`: what these ad spaces play (or show of themselves) changed: their cached manifest
 *   is stale and their TVs are told to fetch it again.
 * - `revoke`: device tokens stopped working (a sign-out, a re-registration, an ad space or an
 *   account deleted): cached lookups are dropped and open event streams of those devices close.
 * - `command`: remote commands (issue 23 item 2) wait for these devices: their open event
 *   streams read and send them (modules/fleet).
 * - `reset`: messages may have been missed (the Redis subscription came back after a break), or
 *   something every manifest carries changed (a platform settings save): every cache is dropped
 *   and every TV is told to fetch its manifest again.
 *
 * In-process by default. With REDIS_URL, each message also goes to the other instances as the
 * instance bus's `player-changes` topic (lib/instance-bus.ts: one Redis channel named after
 * REDIS_PREFIX) and every other instance applies it as if it were its own; an instance applies its
 * own messages at once (before the request that made the change answers).
 */
export const PLAYER_CHANGES_TOPIC = 'player-changes';

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
  // Remote commands (issue 23 item 2) are waiting for these devices: their open streams send them.
  z.object({ kind: z.literal('command'), deviceIds: ZIds }),
]);
export type TPlayerChange = z.infer<typeof ZPlayerChange>;

export type TPlayerChangeListener = (change: TPlayerChange) => void;

export interface TPlayerChangeBus {
  /** Tells every instance; call after the change's transaction committed. Never throws. */
  publish(change: TPlayerChange): void;
  /** publish, resolved once the other instances have it (Redis took it): for "at once" answers. */
  publishAndWait(change: TPlayerChange): Promise<void>;
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
  /** The other instances (with REDIS_URL); without it the bus is in-process only. */
  bus?: TInstanceBus | undefined;
  log: FastifyBaseLogger;
}): TPlayerChangeBus {
  const { log, bus } = options;
  const emitter = new EventEmitter();
  // Every open event stream subscribes: thousands of TVs on one instance are expected.
  emitter.setMaxListeners(0);

  const deliver = (change: TPlayerChange) => {
    for (const listener of emitter.listeners('change') as TPlayerChangeListener[]) {
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error }, 'a player change listener failed');
      }
    }
  };

  const detach: (() => void)[] = [];
  if (bus) {
    detach.push(
      bus.on(PLAYER_CHANGES_TOPIC, (message) => {
        const parsed = ZPlayerChange.safeParse(message);
        if (!parsed.success) {
          log.warn('an unreadable player change arrived from another instance');
          return;
        }
        deliver(parsed.data);
      }),
      // Changes sent while this instance was away from Redis are lost: everything cached here
      // may be stale.
      bus.onResync(() => deliver({ kind: 'reset' })),
    );
  }

  function publishAndWait(change: TPlayerChange): Promise<void> {
    deliver(change);
    return bus ? bus.send(PLAYER_CHANGES_TOPIC, change) : Promise.resolve();
  }

  return {
    publish(change) {
      void publishAndWait(change);
    },
    publishAndWait,
    publishContent(adSpaceIds) {
      if (adSpaceIds.length > 0)
        void publishAndWait({ kind: 'content', adSpaceIds: [...new Set(adSpaceIds)] });
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    listenerCount: () => emitter.listenerCount('change'),
    async ready(timeoutMs = 3000) {
      await bus?.ready(timeoutMs);
    },
    async close() {
      for (const off of detach) off();
      emitter.removeAllListeners();
    },
  };
}
