import { type Clock, systemClock } from './backoff';
import { storageErrors } from './errors';
import { normalizeBucket } from './location';

/** Firebase's defaults; SPEC §9 leaves them open. */
export const DEFAULT_MAX_UPLOAD_RETRY_TIME_MS = 10 * 60 * 1000;
export const DEFAULT_MAX_OPERATION_RETRY_TIME_MS = 2 * 60 * 1000;

type TokenSource = () => Promise<string | null> | string | null;

export interface StorageOptions {
  /** Origin (and optional path prefix) of the storage service, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Bucket for plain paths; `gs://name` is accepted too. */
  bucket?: string;
  /** The user's ID token, sent as `Authorization: Firebase <token>`; null for anonymous calls. */
  getToken?: TokenSource;
  /** An app-check token, sent as `X-Firebase-AppCheck` when available (SPEC §7). */
  getAppCheckToken?: TokenSource;
  /** How long an upload keeps retrying a failing request, in ms. Default 10 minutes. */
  maxUploadRetryTime?: number;
  /** How long metadata, download-URL and delete calls keep retrying, in ms. Default 2 minutes. */
  maxOperationRetryTime?: number;
  fetch?: typeof fetch;
  /** Injectable time and randomness for tests. */
  clock?: Partial<Clock>;
}

/** A configured storage client. Create it with createStorage(). */
export class Storage {
  readonly baseUrl: string;
  readonly bucket: string | null;
  /** @internal */ readonly fetch: typeof fetch;
  /** @internal */ readonly clock: Clock;
  /** @internal */ readonly getToken: TokenSource;
  /** @internal */ readonly getAppCheckToken: TokenSource;
  #maxUploadRetryTime: number;
  #maxOperationRetryTime: number;

  /** @internal Use createStorage(). */
  constructor(options: StorageOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.bucket = options.bucket ? normalizeBucket(options.bucket) : null;
    this.fetch = options.fetch ?? defaultFetch();
    this.clock = {
      now: options.clock?.now ?? systemClock.now,
      random: options.clock?.random ?? systemClock.random,
    };
    this.getToken = options.getToken ?? (() => null);
    this.getAppCheckToken = options.getAppCheckToken ?? (() => null);
    this.#maxUploadRetryTime = checkRetryTime(
      'maxUploadRetryTime',
      options.maxUploadRetryTime ?? DEFAULT_MAX_UPLOAD_RETRY_TIME_MS,
    );
    this.#maxOperationRetryTime = checkRetryTime(
      'maxOperationRetryTime',
      options.maxOperationRetryTime ?? DEFAULT_MAX_OPERATION_RETRY_TIME_MS,
    );
  }

  get maxUploadRetryTime(): number {
    return this.#maxUploadRetryTime;
  }

  get maxOperationRetryTime(): number {
    return this.#maxOperationRetryTime;
  }

  /** @internal Use setMaxUploadRetryTime(). */
  setMaxUploadRetryTime(ms: number): void {
    this.#maxUploadRetryTime = checkRetryTime('maxUploadRetryTime', ms);
  }

  /** @internal Use setMaxOperationRetryTime(). */
  setMaxOperationRetryTime(ms: number): void {
    this.#maxOperationRetryTime = checkRetryTime('maxOperationRetryTime', ms);
  }
}

export function createStorage(options: StorageOptions): Storage {
  return new Storage(options);
}

/** Applies to uploads already running from their next failure on. */
export function setMaxUploadRetryTime(storage: Storage, ms: number): void {
  storage.setMaxUploadRetryTime(ms);
}

export function setMaxOperationRetryTime(storage: Storage, ms: number): void {
  storage.setMaxOperationRetryTime(ms);
}

/** SPEC §5: retry time settings must be 0 or greater. */
function checkRetryTime(name: string, ms: number): number {
  if (typeof ms !== 'number' || Number.isNaN(ms) || ms < 0) {
    throw storageErrors.invalidArgument(
      `Invalid value for '${name}': expected a number of milliseconds, 0 or greater, got ${String(ms)}.`,
    );
  }
  return ms;
}

function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw storageErrors.invalidArgument(`Invalid baseUrl '${baseUrl}': expected an http(s) URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw storageErrors.invalidArgument(`Invalid baseUrl '${baseUrl}': expected an http(s) URL.`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function defaultFetch(): typeof fetch {
  if (typeof globalThis.fetch !== 'function') {
    throw storageErrors.unsupportedEnvironment(
      'fetch is not available here; pass a fetch implementation to createStorage.',
    );
  }
  // Called through globalThis: browsers throw "Illegal invocation" for a detached fetch.
  return (input, init) => globalThis.fetch(input, init);
}
