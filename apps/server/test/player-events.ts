import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { TDb } from '../src/db/database';

/** An open `GET /api/v1/player/events` stream, read through app.inject. */
export interface TEventStream {
  status: number;
  headers: Record<string, unknown>;
  /** Everything received so far. */
  text(): string;
  /** Waits until `count` events named `event` arrived in all (default: one more than now). */
  waitFor(event: string, count?: number, timeoutMs?: number): Promise<void>;
  /** How many events named `event` arrived. */
  count(event: string): number;
  /** Resolves when the server ended the stream. */
  ended(): Promise<void>;
  close(): void;
}

export async function openEvents(app: FastifyInstance, token: string): Promise<TEventStream> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/player/events',
    headers: { authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
  const stream = res.stream();
  let received = '';
  let isEnded = false;
  const endWaiters: (() => void)[] = [];
  stream.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const finish = () => {
    isEnded = true;
    for (const done of endWaiters) done();
  };
  stream.on('end', finish);
  stream.on('close', finish);
  stream.on('error', () => undefined);
  const count = (event: string) => received.split(`event: ${event}\n`).length - 1;
  return {
    status: res.statusCode,
    headers: res.headers,
    text: () => received,
    count,
    async waitFor(event, wanted = count(event) + 1, timeoutMs = 5000) {
      await vi.waitFor(() => expect(count(event)).toBeGreaterThanOrEqual(wanted), {
        timeout: timeoutMs,
        interval: 10,
      });
    },
    ended: () =>
      isEnded ? Promise.resolve() : new Promise<void>((resolve) => endWaiters.push(resolve)),
    close: () => stream.destroy(),
  };
}

/**
 * Counts the statements and transactions the app starts on its database while `work` runs
 * (every query builder and raw statement goes through the drizzle session's prepareQuery, every
 * transaction through its transaction). The job queue's polling runs beside any request and is
 * not counted.
 */
export async function countStatements(db: TDb, work: () => Promise<void>): Promise<number> {
  const session = (db as unknown as { session: Record<string, (...args: unknown[]) => unknown> })
    .session;
  const queries = vi.spyOn(session, 'prepareQuery');
  const transactions = vi.spyOn(session, 'transaction');
  try {
    await work();
    const isJobQueue = (args: unknown[]) => {
      const query = args[0] as { sql?: unknown } | undefined;
      return typeof query?.sql === 'string' && query.sql.includes('"job"');
    };
    return (
      queries.mock.calls.filter((args) => !isJobQueue(args)).length + transactions.mock.calls.length
    );
  } finally {
    queries.mockRestore();
    transactions.mockRestore();
  }
}
