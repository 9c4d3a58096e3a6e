import { ZApiError } from '@screenline/shared/errors';

/**
 * The Firebase Storage error codes (SPEC §8), kept verbatim so code written against Firebase's
 * `storage/…` codes keeps working. `app-deleted` has no trigger here yet; it is kept for parity.
 */
export const STORAGE_ERROR_CODES = [
  'unknown',
  'object-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'retry-limit-exceeded',
  'canceled',
  'app-deleted',
  'unsupported-environment',
  'invalid-format',
  'invalid-argument',
  'internal-error',
  'no-default-bucket',
  'cannot-slice-blob',
  'invalid-root-operation',
  'no-download-url',
  'server-file-wrong-size',
] as const;

export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export interface StorageErrorOptions {
  /** HTTP status of the failed response; 0 when no response was received. */
  status?: number;
  /** The raw body the server answered with, if any. */
  serverResponse?: string | null;
  cause?: unknown;
}

/** The one error type every storage operation rejects with. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  /** `storage/<code>`, as Firebase spells it. */
  readonly code: `storage/${StorageErrorCode}`;
  readonly status: number;
  readonly serverResponse: string | null;

  constructor(code: StorageErrorCode, message: string, options: StorageErrorOptions = {}) {
    const serverMessage = readServerMessage(options.serverResponse ?? null);
    const full = `${message} (storage/${code})${serverMessage ? ` Server said: ${serverMessage}` : ''}`;
    super(full, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = `storage/${code}`;
    this.status = options.status ?? 0;
    this.serverResponse = options.serverResponse ?? null;
  }

  /** True when this error has the given short code, e.g. `err.is('canceled')`. */
  is(code: StorageErrorCode): boolean {
    return this.code === `storage/${code}`;
  }
}

export function isStorageError(value: unknown, code?: StorageErrorCode): value is StorageError {
  return value instanceof StorageError && (code === undefined || value.is(code));
}

/** The server answers `{ error: { code, message } }`; surface its message when there is one. */
function readServerMessage(body: string | null): string | null {
  return readServerError(body)?.message ?? null;
}

function readServerError(body: string | null): { code: string; message: string } | null {
  if (!body) return null;
  try {
    const parsed = ZApiError.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error : null;
  } catch {
    return null;
  }
}

// One constructor per code keeps the human messages in a single place.

export const storageErrors = {
  unknown: (options?: StorageErrorOptions) =>
    new StorageError(
      'unknown',
      'An unknown error occurred; see the server response for details.',
      options,
    ),
  objectNotFound: (path: string, options?: StorageErrorOptions) =>
    new StorageError('object-not-found', `Object '${path}' does not exist.`, options),
  quotaExceeded: (bucket: string, options?: StorageErrorOptions) =>
    new StorageError('quota-exceeded', `Quota for bucket '${bucket}' exceeded.`, options),
  unauthenticated: (options?: StorageErrorOptions) =>
    new StorageError(
      'unauthenticated',
      'User is not authenticated; sign in and try again.',
      options,
    ),
  unauthorized: (path: string, options?: StorageErrorOptions) =>
    new StorageError('unauthorized', `User does not have permission to access '${path}'.`, options),
  retryLimitExceeded: (options?: StorageErrorOptions) =>
    new StorageError(
      'retry-limit-exceeded',
      'Max retry time for operation exceeded, please try again.',
      options,
    ),
  canceled: () => new StorageError('canceled', 'User canceled the upload.'),
  unsupportedEnvironment: (message: string) => new StorageError('unsupported-environment', message),
  invalidFormat: (format: string, detail: string) =>
    new StorageError('invalid-format', `String does not match format '${format}': ${detail}`),
  invalidArgument: (message: string) => new StorageError('invalid-argument', message),
  internalError: (message: string, options?: StorageErrorOptions) =>
    new StorageError('internal-error', `Internal error: ${message}`, options),
  noDefaultBucket: () =>
    new StorageError(
      'no-default-bucket',
      "No default bucket found. Did you set the 'bucket' option of createStorage?",
    ),
  cannotSliceBlob: (cause?: unknown) =>
    new StorageError(
      'cannot-slice-blob',
      'Cannot slice the blob for upload. Please retry the upload.',
      { cause },
    ),
  invalidRootOperation: (operation: string) =>
    new StorageError(
      'invalid-root-operation',
      `The operation '${operation}' cannot be performed on the bucket root; use a reference to a file, such as ref(storage, 'file.png').`,
    ),
  noDownloadUrl: (path: string) =>
    new StorageError('no-download-url', `The file '${path}' does not have any download URLs.`),
  serverFileWrongSize: (detail: string) =>
    new StorageError(
      'server-file-wrong-size',
      `Server recorded an incorrect upload file size (${detail}); please retry the upload.`,
    ),
};

/** What the failing request was about, for the messages of 402/403/404. */
export interface ErrorSubject {
  bucket: string;
  path: string;
}

/** Maps a non-retryable HTTP failure to its StorageError (SPEC §8). */
export function errorFromStatus(
  status: number,
  serverResponse: string,
  subject: ErrorSubject,
): StorageError {
  const options = { status, serverResponse };
  if (readServerError(serverResponse)?.code === 'wrong-size') {
    // The server refused to finalize: the bytes it holds differ from the declared size.
    return new StorageError(
      'server-file-wrong-size',
      'Server recorded an incorrect upload file size; please retry the upload.',
      options,
    );
  }
  switch (status) {
    case 401:
      // Firebase reports a rejected app-check token as a 401 with this text in the body.
      return serverResponse.includes('App Check token is invalid')
        ? new StorageError(
            'unauthenticated',
            "This app's App Check token is invalid; reload the app and try again.",
            options,
          )
        : storageErrors.unauthenticated(options);
    case 402:
      return storageErrors.quotaExceeded(subject.bucket, options);
    case 403:
      return storageErrors.unauthorized(subject.path, options);
    case 404:
      return storageErrors.objectNotFound(subject.path, options);
    default:
      return storageErrors.unknown(options);
  }
}
