import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INITIAL_BACKOFF_MS,
  MAX_BACKOFF_MS,
  MAX_JITTER_MS,
  RetryBudget,
  computeBackoffDelay,
  sleep,
} from './backoff';
import { StorageError, isStorageError } from './errors';

describe('computeBackoffDelay', () => {
  it('starts at 1 s and doubles up to 64 s, then stays there', () => {
    const noJitter = () => 0;
    const delays = Array.from({ length: 10 }, (_, attempt) =>
      computeBackoffDelay(attempt, noJitter),
    );
    expect(delays).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 64_000, 64_000, 64_000,
    ]);
    expect(computeBackoffDelay(1_000, noJitter)).toBe(MAX_BACKOFF_MS);
  });

  it('adds a jitter in [0, 1 s)', () => {
    expect(computeBackoffDelay(0, () => 0.5)).toBe(1_500);
    expect(computeBackoffDelay(0, () => 0.999_999_9)).toBeLessThan(
      INITIAL_BACKOFF_MS + MAX_JITTER_MS,
    );
    // A random source that misbehaves cannot push the wait out of bounds.
    expect(computeBackoffDelay(6, () => 1)).toBeLessThan(MAX_BACKOFF_MS + MAX_JITTER_MS);
    expect(computeBackoffDelay(0, () => -1)).toBe(INITIAL_BACKOFF_MS);
  });

  it('stays within [base, base + 1 s) for any random value', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const base = Math.min(INITIAL_BACKOFF_MS * 2 ** attempt, MAX_BACKOFF_MS);
      for (let sample = 0; sample < 50; sample += 1) {
        const delay = computeBackoffDelay(attempt, Math.random);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThan(base + MAX_JITTER_MS);
      }
    }
  });
});

describe('RetryBudget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const failure = new StorageError('unknown', 'boom', { status: 503, serverResponse: 'down' });
  const clock = { now: () => Date.now(), random: () => 0 };

  it('hands out growing waits until the next one would pass the deadline', () => {
    const budget = new RetryBudget(() => 10_000, clock);
    const waits: number[] = [];
    let stop: unknown;
    try {
      for (;;) {
        const wait = budget.nextDelay(failure);
        waits.push(wait);
        vi.advanceTimersByTime(wait);
      }
    } catch (error) {
      stop = error;
    }
    // 0 + 1 + 2 + 4 = 7 s; waiting 8 s more would end at 15 s, past the 10 s deadline.
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(isStorageError(stop, 'retry-limit-exceeded')).toBe(true);
    expect(stop).toMatchObject({ status: 503, serverResponse: 'down' });
  });

  it('gives up at once with a retry time of 0', () => {
    const budget = new RetryBudget(() => 0, clock);
    expect(() => budget.nextDelay(failure)).toThrow(/retry-limit-exceeded/);
  });

  it('opens a fresh window on restart()', () => {
    const budget = new RetryBudget(() => 3_000, clock);
    vi.advanceTimersByTime(budget.nextDelay(failure));
    vi.advanceTimersByTime(budget.nextDelay(failure));
    expect(() => budget.nextDelay(failure)).toThrow(/retry-limit-exceeded/);
    budget.restart();
    expect(budget.nextDelay(failure)).toBe(1_000);
  });

  it('reads the retry time on every failure', () => {
    let maxRetryTime = 0;
    const budget = new RetryBudget(() => maxRetryTime, clock);
    expect(() => budget.nextDelay(failure)).toThrow();
    maxRetryTime = 5_000;
    expect(budget.nextDelay(failure)).toBe(1_000);
  });
});

describe('sleep', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the wait and not before', async () => {
    let isDone = false;
    const done = sleep(1_000).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(isDone).toBe(true);
  });

  it('rejects as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
