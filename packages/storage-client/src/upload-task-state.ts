import type { StorageError } from './errors';

// An upload task's states (SPEC §4): which changes are legal, which states are final, and what
// an observer hears in each.

/** SPEC §4. `pausing` and `canceling` last until the request in flight has been aborted. */
export type TaskState =
  'running' | 'pausing' | 'paused' | 'canceling' | 'canceled' | 'success' | 'error';

export const TaskEvent = { STATE_CHANGED: 'state_changed' } as const;
export type TaskEventName = (typeof TaskEvent)[keyof typeof TaskEvent];

export const LEGAL_TRANSITIONS: Record<TaskState, readonly TaskState[]> = {
  running: ['pausing', 'canceling', 'success', 'error'],
  pausing: ['paused', 'running', 'canceling', 'success', 'error'],
  paused: ['running'],
  canceling: ['canceled', 'success', 'error'],
  canceled: [],
  success: [],
  error: [],
};

export function isTerminal(state: TaskState): boolean {
  return state === 'success' || state === 'error' || state === 'canceled';
}

/** The callbacks of an observer (TaskObserver in upload-task.ts) that a snapshot reaches. */
export interface TSnapshotObserver<TSnapshot> {
  next?: ((snapshot: TSnapshot) => unknown) | null;
  error?: ((error: StorageError) => unknown) | null;
  complete?: (() => unknown) | null;
}

/** Hands one snapshot to an observer: progress to `next`, success to both, failure to `error`. */
export function deliver<TSnapshot extends { state: TaskState }>(
  observer: TSnapshotObserver<TSnapshot>,
  snapshot: TSnapshot,
  error: StorageError | undefined,
): void {
  switch (snapshot.state) {
    case 'running':
    case 'pausing':
    case 'paused':
    case 'canceling':
      observer.next?.(snapshot);
      break;
    case 'success':
      observer.next?.(snapshot);
      observer.complete?.();
      break;
    case 'canceled':
    case 'error':
      if (error) observer.error?.(error);
      break;
  }
}
