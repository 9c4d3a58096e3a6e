import { type StorageError, storageErrors } from './errors';

/** SPEC §9: retry backoff from 1 s doubling to 64 s, with random jitter. */
export const INITIAL_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 64_000;
/** Jitter is added on top of the base wait so that clients that failed together spread out. */
export const MAX_JITTER_MS = 1_000;

/** Time and randomness, injectable so tests can use fake timers and fixed jitter. */
export interface Clock {
  now: () => number;
  /** A number in [0, 1), like Math.random. */
  random: () => number;
}

// Looked up on every call, so `vi.useFakeTimers()` installed after import still applies.
export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
};

/**
 * The wait in milliseconds before retry number `attempt + 1` (attempt 0 is the wait after the
 * first failure): 1 s, 2 s, 4 s … capped at 64 s, plus a jitter in [0, 1 s).
 */
export function computeBackoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** Math.max(0, attempt), MAX_BACKOFF_MS);
  const jitter = Math.floor(Math.min(Math.max(random(), 0), 0.999_999) * MAX_JITTER_MS);
  return base + jitter;
}

/** A failure worth retrying: HTTP 5xx, 408, 429, or no response at all (SPEC §8). */
export class TransientFailure extends Error {
  override readonly name = 'TransientFailure';
  constructor(readonly error: StorageError) {
    super(error.message, { cause: error });
  }
}

export function isRetryableStatus(status: number): boolean {
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

/**
 * Tracks one streak of failures against a deadline of `maxRetryTime()` after `restart()`.
 * The deadline is read on each failure so a changed setting applies to running operations.
 */
export class RetryBudget {
  private startedAt: number;
  private attempt = 0;

  constructor(
    private readonly maxRetryTime: () => number,
    private readonly clock: Clock,
  ) {
    this.startedAt = clock.now();
  }

  /** Starts a fresh window, e.g. after a request succeeded. */
  restart(): void {
    this.startedAt = this.clock.now();
    this.attempt = 0;
  }

  /**
   * The wait before the next attempt. Throws retry-limit-exceeded, carrying the last failure's
   * status and body, when that wait would end past the deadline.
   */
  nextDelay(lastFailure: StorageError): number {
    const delay = computeBackoffDelay(this.attempt, () => this.clock.random());
    if (this.clock.now() + delay > this.startedAt + this.maxRetryTime()) {
      throw storageErrors.retryLimitExceeded({
        status: lastFailure.status,
        serverResponse: lastFailure.serverResponse,
        cause: lastFailure,
      });
    }
    this.attempt += 1;
    return delay;
  }
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}

/** Runs `attempt` until it succeeds, fails for good, or the budget runs out. */
export async function runWithRetries<T>(
  attempt: () => Promise<T>,
  budget: RetryBudget,
  signal?: AbortSignal,
): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      await sleep(budget.nextDelay(error.error), signal);
    }
  }
}
