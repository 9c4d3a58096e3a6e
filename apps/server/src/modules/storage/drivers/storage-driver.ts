import type { Readable } from 'node:stream';
import type { TByteRange } from '../http-range';

/**
 * Where object bytes live. Metadata is in the database (storage_object); a driver only keeps
 * blobs under opaque keys the service chooses, and the bytes of resumable upload sessions.
 * Every write makes a blob appear whole or not at all.
 */
export interface TStorageDriver {
  readonly kind: 'local' | 's3';
  /** Stores `data` as the blob `key`, atomically. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The blob's bytes, or one range of them. Rejects with BlobNotFoundError. */
  read(key: string, range?: TByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the store is reachable and writable (readiness). */
  check(): Promise<boolean>;

  /** Opens a session that will become the blob `key`; returns the state to keep with it. */
  createSession(session: TDriverSession, total: number, contentType: string): Promise<unknown>;
  /** How many of the `received` bytes the driver still holds (less after data was lost). */
  sessionSize(session: TDriverSession, received: number): Promise<number>;
  /**
   * Writes the stream at `offset` (the session's received size) and makes it durable. Rejects
   * with SessionDataLostError when bytes before `offset` are gone.
   */
  appendSession(session: TDriverSession, offset: number, source: Readable): Promise<TAppendResult>;
  /** Turns all `total` bytes into the blob `session.key`. Repeating it after success is fine. */
  finalizeSession(session: TDriverSession, total: number, contentType: string): Promise<void>;
  /** Drops the session's bytes; a session already gone is not an error. */
  abortSession(session: TDriverSession): Promise<void>;
  close(): Promise<void>;
}

export interface TDriverSession {
  id: string;
  /** The blob the session becomes. */
  key: string;
  /** What the driver returned last time (createSession, appendSession). */
  state: unknown;
}

export interface TAppendResult {
  written: number;
  state: unknown;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`Blob ${key} does not exist.`);
    this.name = 'BlobNotFoundError';
  }
}

export class SessionDataLostError extends Error {
  constructor(readonly heldBytes: number) {
    super(`The upload session holds only ${heldBytes} bytes.`);
    this.name = 'SessionDataLostError';
  }
}

/** Blob keys and session ids are ours, but they become file names: keep them to a safe alphabet. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}
