import { vi } from 'vitest';

/** Yields one real macrotask, so I/O-backed promises (Blob reads) can settle. */
export function macrotask(): Promise<void> {
  // MessageChannel is not faked by vi.useFakeTimers({ toFake: ['setTimeout', …] }).
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Lets fake time pass in steps until `isDone()`; fails if it never happens. */
export async function advanceUntil(isDone: () => boolean, stepMs = 250, maxSteps = 4000) {
  for (let step = 0; step < maxSteps && !isDone(); step += 1) {
    await vi.advanceTimersByTimeAsync(stepMs);
    await macrotask();
  }
  if (!isDone()) throw new Error('The awaited condition never came true.');
}

/** Waits in real time (few macrotasks) until `isDone()`. */
export async function flushUntil(isDone: () => boolean, maxTurns = 1000) {
  for (let turn = 0; turn < maxTurns && !isDone(); turn += 1) await macrotask();
  if (!isDone()) throw new Error('The awaited condition never came true.');
}
