import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  createJobQueue,
  type TJobDefinition,
  type TJobQueueOptions,
  ZEmptyPayload,
} from './job-queue';

/** A clock that only moves when the test says so. */
function fakeClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const ZNumbered = z.object({ n: z.number().int() });

describe.each(BACKENDS)('job queue on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A unique job name per test, so queues of different tests never run each other's jobs. */
  const uniqueName = (what: string) => `test.${what}.${++counter}`;
  const queue = (options: Partial<TJobQueueOptions> = {}) =>
    createJobQueue({ db: t.database.db, log: t.app.log, pollIntervalMs: 3_600_000, ...options });

  it('lets two workers claim disjoint jobs and runs each job once', async () => {
    const name = uniqueName('disjoint');
    const ran: { worker: string; n: number }[] = [];
    const [a, b] = [queue({ concurrency: 3 }), queue({ concurrency: 3 })];
    for (const q of [a, b]) {
      q.register({
        name,
        payload: ZNumbered,
        run: async ({ n }) => {
          ran.push({ worker: q.workerId, n });
        },
      });
    }
    const definition: TJobDefinition<{ n: number }> = {
      name,
      payload: ZNumbered,
      run: async () => undefined,
    };
    for (let n = 0; n < 30; n++) await a.enqueue(definition, { n });

    // Both drain at once: SKIP LOCKED lets them pass over each other's rows.
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    const jobs = await a.listJobs(name);
    expect(jobs.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('never gives a job that is leased to one worker to another', async () => {
    const name = uniqueName('leased');
    const clock = fakeClock();
    const release = deferred();
    const started: string[] = [];
    const make = () => {
      const q = queue({ now: clock.now, leaseMs: 60_000, concurrency: 10 });
      q.register({
        name,
        payload: ZNumbered,
        run: async () => {
          started.push(q.workerId);
          await release.promise;
        },
      });
      return q;
    };
    const [a, b] = [make(), make()];
    const definition = { name, payload: ZNumbered, run: async () => undefined };
    await a.enqueue(definition, { n: 1 });
    await a.enqueue(definition, { n: 2 });
    const aRunning = a.runDue();
    await expect.poll(() => started.length).toBe(2);
    // While A holds both leases, B finds nothing to do, however often it looks.
    expect(await b.runDue()).toBe(0);
    clock.advance(59_000);
    expect(await b.runDue()).toBe(0);
    expect(started.every((worker) => worker === a.workerId)).toBe(true);
    release.resolve();
    await aRunning;
    expect((await a.listJobs(name)).map((row) => row.state)).toEqual(['done', 'done']);
  });

  it('claims a job again once the lease of a worker that died has expired', async () => {
    const name = uniqueName('lease-expiry');
    const clock = fakeClock();
    const hang = deferred();
    const runs: string[] = [];
    // A "dies" mid-run: its handler never returns and its lease is not renewed in fake time.
    const a = queue({ now: clock.now, leaseMs: 60_000 });
    a.register({
      name,
      payload: ZEmptyPayload,
      run: async () => {
        runs.push('a');
        await hang.promise;
      },
    });
    const b = queue({ now: clock.now, leaseMs: 60_000 });
    b.register({
      name,
      payload: ZEmptyPayload,
      run: async () => {
        runs.push('b');
      },
    });
    const id = await a.enqueue({ name, payload: ZEmptyPayload, run: async () => undefined }, {});
    const aRun = a.runDue();
    await expect.poll(() => runs).toEqual(['a']);

    clock.advance(60_001);
    expect(await b.runDue()).toBeGreaterThanOrEqual(1);
    expect(runs).toEqual(['a', 'b']);
    const row = await b.findJob(id!);
    expect(row).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });

    // A comes back: its late finish does not overwrite what B recorded.
    hang.resolve();
    await aRun;
    expect(await b.findJob(id!)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const name = uniqueName('backoff');
    const clock = fakeClock();
    let failuresLeft = 2;
    const attempts: number[] = [];
    const q = queue({ now: clock.now });
    const definition: TJobDefinition<Record<string, never>> = {
      name,
      payload: ZEmptyPayload,
      backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
      run: async (_payload, context) => {
        attempts.push(context.attempt);
        if (failuresLeft-- > 0) throw new Error(`SMTP down (${context.attempt})`);
      },
    };
    q.register(definition);
    const id = (await q.enqueue(definition, {}))!;

    await q.runDue();
    expect(attempts).toEqual([1]);
    expect(await q.findJob(id)).toMatchObject({ state: 'pending', lastError: 'SMTP down (1)' });
    clock.advance(999);
    await q.runDue();
    expect(attempts).toEqual([1]);
    clock.advance(1);
    await q.runDue();
    expect(attempts).toEqual([1, 2]);
    // The second wait is twice the first.
    clock.advance(1999);
    await q.runDue();
    expect(attempts).toEqual([1, 2]);
    clock.advance(1);
    await q.runDue();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await q.findJob(id)).toMatchObject({ state: 'done', attempts: 3, lastError: null });
  });

  it('marks a job dead with its last error after the maximum attempts', async () => {
    const name = uniqueName('dead');
    const clock = fakeClock();
    let runs = 0;
    const q = queue({ now: clock.now });
    const definition: TJobDefinition<Record<string, never>> = {
      name,
      payload: ZEmptyPayload,
      maxAttempts: 3,
      backoffMs: () => 1000,
      run: async () => {
        runs += 1;
        throw new Error(`refused ${runs}`);
      },
    };
    q.register(definition);
    const id = (await q.enqueue(definition, {}))!;
    for (let i = 0; i < 6; i++) {
      await q.runDue();
      clock.advance(1000);
    }
    expect(runs).toBe(3);
    expect(await q.findJob(id)).toMatchObject({
      state: 'dead',
      attempts: 3,
      lastError: 'refused 3',
    });
  });

  it('keeps one row per recurring job, however many instances start', async () => {
    const name = uniqueName('recurring');
    const clock = fakeClock();
    let runs = 0;
    const definition = {
      name,
      payload: ZEmptyPayload,
      run: async () => {
        runs += 1;
      },
    };
    const [a, b] = [queue({ now: clock.now }), queue({ now: clock.now })];
    a.recur(definition, 60_000);
    b.recur(definition, 60_000);
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    const [row, ...others] = await a.listJobs(name);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ state: 'pending', attempts: 0, key: name });
    expect(row!.runAt.getTime()).toBe(clock.now().getTime() + 60_000);
    // A keyed insert while it is pending is refused by the unique key.
    expect(await a.enqueue(definition, {}, { key: name })).toBeNull();

    clock.advance(60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    expect(await a.listJobs(name)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs a job as soon as it is queued, without waiting for the next poll', async () => {
    const name = uniqueName('wake');
    const done = deferred();
    const q = queue({ pollIntervalMs: 3_600_000 });
    const definition = { name, payload: ZEmptyPayload, run: async () => done.resolve() };
    q.register(definition);
    await q.start();
    await q.enqueue(definition, {});
    await done.promise;
    await q.stop();
  });

  it('waits for a running job on shutdown and records its end', async () => {
    const name = uniqueName('shutdown');
    const release = deferred();
    const running = deferred();
    const q = queue();
    const definition = {
      name,
      payload: ZEmptyPayload,
      run: async () => {
        running.resolve();
        await release.promise;
      },
    };
    q.register(definition);
    await q.start();
    const id = (await q.enqueue(definition, {}))!;
    await running.promise;

    let stopped = false;
    const stopping = q.stop().then(() => {
      stopped = true;
    });
    expect((await q.findJob(id))?.state).toBe('running');
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(await q.findJob(id)).toMatchObject({ state: 'done' });
    // A stopped queue claims nothing more.
    await q.enqueue(definition, {});
    expect(await q.runDue()).toBe(0);
  });

  it('marks a job whose payload does not parse dead at once', async () => {
    const name = uniqueName('bad-payload');
    const q = queue();
    q.register({ name, payload: ZNumbered, run: async () => undefined });
    const loose = { name, payload: z.object({ n: z.string() }), run: async () => undefined };
    const id = (await q.enqueue(loose, { n: 'one' }))!;
    await q.runDue();
    expect(await q.findJob(id)).toMatchObject({ state: 'dead', attempts: 1 });
    expect((await q.findJob(id))?.lastError).toMatch(/^bad payload/);
  });
});
