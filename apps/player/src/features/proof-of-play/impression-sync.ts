import {
  IMPRESSION_BATCH_MAX,
  PLAYER_POLL_JITTER,
  type TImpression,
  ZImpressionBatchResult,
} from '@screenline/shared/player';
import { API } from '@screenline/shared/api-paths';
import { OfflineError, requestJson, type TJsonAnswer } from '../../lib/http';
import { defaultPlayStore } from './play-recorder';
import type { TPlayRecord, TPlayStore } from './play-store';

export const IMPRESSIONS_PATH = API.playerImpressions;

/** The longest wait between tries while the server cannot be reached or fails. */
export const MAX_BACKOFF_MS = 15 * 60_000;

/** Batches sent one after another in one round while full (catching up after a long offline). */
const MAX_BATCHES_PER_ROUND = 20;

export interface TImpressionSyncOptions {
  /** The device token, or where to read it: the heartbeat renews it while the TV runs. */
  token: string | (() => string);
  /** The interval between rounds, read before each wait (the manifest's settings may change it). */
  intervalMs: number | (() => number);
  /** The server answered 401: the token no longer works (signed out, ad space deleted). */
  onRevoked: () => void;
  store?: TPlayStore;
  /** The server call (lib/http's requestJson; tests give their own). */
  request?: (path: string, body: unknown, token: string) => Promise<TJsonAnswer>;
  /** Where "back online" is heard (window by default; none where there is no window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  log?: (message: string, detail?: unknown) => void;
  /** 0…1, for the jitter (Math.random by default). */
  random?: () => number;
}

/** What one round did. */
export type TSyncRound =
  | { kind: 'sent'; accepted: number; rejected: number; left: boolean }
  | { kind: 'idle' }
  | { kind: 'offline' }
  | { kind: 'failed'; status: number }
  | { kind: 'revoked' };

export interface TImpressionSyncStatus {
  /** Records on the TV (open and done). */
  queued: number;
  /** Records the bound dropped, and those the server refused as malformed (all time). */
  dropped: number;
  /** Rounds in a row that failed (offline, 5xx): the backoff grows with it. */
  failures: number;
  lastSentAt: number | null;
}

const defaultRequest = (path: string, body: unknown, token: string) =>
  requestJson(path, { method: 'POST', body, token });

/**
 * Sends the recorded plays (issue 8 item 8): every interval, and at once when the TV comes back
 * online, up to IMPRESSION_BATCH_MAX `done` records oldest first. Deletes exactly the ids the
 * server accepted or refused (logging the refused); anything else stays and goes again, so a lost
 * answer is a replay the server recognises by id. Offline or 5xx: everything stays, the next
 * round waits longer (backoff); 401: `onRevoked` and the sync stops.
 */
export function createImpressionSync({
  token,
  intervalMs,
  onRevoked,
  store = defaultPlayStore(),
  request = defaultRequest,
  events = typeof window === 'undefined' ? null : window,
  log = (message, detail) => console.warn(`Proof of play: ${message}`, detail ?? ''),
  random = Math.random,
}: TImpressionSyncOptions) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending wait ends (epoch ms); null while no wait is pending. */
  let dueAt: number | null = null;
  let isRunning = false;
  let round: Promise<TSyncRound> | null = null;
  let failures = 0;
  let lastSentAt: number | null = null;
  /** A batch the server refused as malformed is split until the bad record is alone. */
  let batchSize = IMPRESSION_BATCH_MAX;

  const interval = () => (typeof intervalMs === 'function' ? intervalMs() : intervalMs);

  function schedule(): void {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    const base = interval() * Math.min(2 ** failures, 64);
    const wait = failures > 0 ? Math.min(base, Math.max(MAX_BACKOFF_MS, interval())) : base;
    const jitter = 1 + PLAYER_POLL_JITTER * (2 * random() - 1);
    dueAt = Date.now() + wait * jitter;
    timer = setTimeout(() => {
      timer = null;
      dueAt = null;
      void runRound();
    }, wait * jitter);
  }

  /**
   * The interval may have changed (a newer manifest's settings): a pending wait that the new
   * interval would end sooner starts again with it. Without this, a TV's first wait (the default,
   * before its first manifest) held its first plays for a minute whatever the server said. A
   * backoff after failures is left alone.
   */
  function intervalChanged(): void {
    if (!isRunning || timer === null || dueAt === null || failures > 0) return;
    if (Date.now() + interval() < dueAt) schedule();
  }

  async function runRound(): Promise<TSyncRound> {
    // One round at a time: "online" during a round does not start a second one.
    round ??= sendAll().finally(() => {
      round = null;
      schedule();
    });
    return round;
  }

  /** Batches until one is not full (or the round's limit); the last outcome. */
  async function sendAll(): Promise<TSyncRound> {
    let outcome: TSyncRound = { kind: 'idle' };
    try {
      for (let batches = 0; batches < MAX_BATCHES_PER_ROUND; batches += 1) {
        outcome = await sendBatch();
        if (outcome.kind !== 'sent' || !outcome.left) break;
      }
    } catch (error) {
      // IndexedDB failed, or an answer could not be read: the plays stay, the next round tries.
      failures += 1;
      log('a round failed; the plays stay queued.', error);
      return { kind: 'failed', status: 0 };
    }
    return outcome;
  }

  async function sendBatch(): Promise<TSyncRound> {
    const size = batchSize;
    const records = await store.oldestDone(size);
    if (records.length === 0) return { kind: 'idle' };
    let answer: TJsonAnswer;
    try {
      answer = await request(
        IMPRESSIONS_PATH,
        { impressions: records.map(toImpression) },
        typeof token === 'function' ? token() : token,
      );
    } catch (error) {
      if (!(error instanceof OfflineError)) throw error;
      failures += 1;
      return { kind: 'offline' };
    }
    if (answer.status === 401) {
      stop();
      onRevoked();
      return { kind: 'revoked' };
    }
    if (answer.status === 400) return refusedAsMalformed(records, answer.body);
    const result = answer.status === 200 ? ZImpressionBatchResult.safeParse(answer.body) : null;
    if (!result?.success) {
      failures += 1;
      log(`the server answered ${answer.status}; the plays stay queued.`);
      return { kind: 'failed', status: answer.status };
    }
    const { accepted, rejected } = result.data;
    for (const refusal of rejected) log(`the server refused play ${refusal.id}: ${refusal.reason}`);
    // Exactly the ids answered: an id the answer does not name stays and goes again.
    const sent = new Set(records.map((record) => record.id));
    const answered = [...accepted, ...rejected.map((refusal) => refusal.id)];
    await store.remove(answered.filter((id) => sent.has(id)));
    failures = 0;
    batchSize = IMPRESSION_BATCH_MAX;
    lastSentAt = Date.now();
    return {
      kind: 'sent',
      accepted: accepted.length,
      rejected: rejected.length,
      left: records.length === size && answered.length > 0,
    };
  }

  /**
   * 400: something in the batch does not pass the server's schema (a bug, or records of an older
   * app version). Halve the batch until the bad record is sent alone, then drop it: one bad record
   * must not hold back every play after it.
   */
  async function refusedAsMalformed(records: TPlayRecord[], body: unknown): Promise<TSyncRound> {
    if (records.length > 1) {
      batchSize = Math.max(1, Math.floor(records.length / 2));
      return { kind: 'sent', accepted: 0, rejected: 0, left: true };
    }
    const [record] = records;
    if (record) {
      log(`the server refused play ${record.id} as malformed; it is dropped.`, body);
      await store.remove([record.id], { dropped: true });
    }
    batchSize = IMPRESSION_BATCH_MAX;
    return { kind: 'sent', accepted: 0, rejected: 1, left: true };
  }

  const onOnline = () => {
    failures = 0;
    void runRound();
  };

  function start(): void {
    if (isRunning) return;
    isRunning = true;
    events?.addEventListener('online', onOnline);
    // Plays left from before (an earlier run, offline) go at once.
    void runRound();
  }

  function stop(): void {
    isRunning = false;
    events?.removeEventListener('online', onOnline);
    if (timer) clearTimeout(timer);
    timer = null;
  }

  async function status(): Promise<TImpressionSyncStatus> {
    const { queued, dropped } = await store.stats();
    return { queued, dropped, failures, lastSentAt };
  }

  return {
    start,
    stop,
    intervalChanged,
    /** One round now (tests; "send now" after a long offline); the timer goes on after it. */
    syncNow: runRound,
    status,
  };
}

export type TImpressionSync = ReturnType<typeof createImpressionSync>;

/** The record as the server takes it: the TV-only state left out. */
function toImpression(record: TPlayRecord): TImpression {
  const { state: _state, ...impression } = record;
  return impression;
}
