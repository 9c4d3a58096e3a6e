import { TransientFailure, isRetryableStatus } from './backoff';
import { type ErrorSubject, StorageError, errorFromStatus, storageErrors } from './errors';
import type { Location } from './location';
import type { Storage } from './storage';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Names the object in 402/403/404 messages. */
  subject: ErrorSubject;
}

export interface ProtocolResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** `{baseUrl}/v0/b/{bucket}/o`: where uploads start. */
export function bucketUrl(storage: Storage, bucket: string): string {
  return `${storage.baseUrl}/v0/b/${encodeURIComponent(bucket)}/o`;
}

/** `{baseUrl}/v0/b/{bucket}/o/{name}` with the name encoded as one segment. */
export function objectUrl(storage: Storage, location: Location): string {
  return `${bucketUrl(storage, location.bucket)}/${encodeURIComponent(location.path)}`;
}

/**
 * Sends one request with the caller's tokens and reads the whole (small, JSON or empty) body.
 * Resolves on 2xx. Throws TransientFailure for what is worth retrying (5xx, 408, 429, no
 * response), a StorageError for any other failure, and the signal's reason once it aborts.
 */
export async function sendRequest(storage: Storage, spec: RequestSpec): Promise<ProtocolResponse> {
  const headers = new Headers(spec.headers);
  const [token, appCheckToken] = await Promise.all([
    readToken(storage.getToken),
    readToken(storage.getAppCheckToken),
  ]);
  if (token) headers.set('Authorization', `Firebase ${token}`);
  if (appCheckToken) headers.set('X-Firebase-AppCheck', appCheckToken);
  spec.signal?.throwIfAborted();

  let response: Response;
  let body: string;
  try {
    response = await storage.fetch(spec.url, {
      method: spec.method,
      headers,
      body: spec.body,
      signal: spec.signal,
    });
    body = await response.text();
  } catch (error) {
    if (spec.signal?.aborted) throw error;
    throw new TransientFailure(
      new StorageError('unknown', 'The request did not reach the storage service.', {
        cause: error,
      }),
    );
  }

  if (response.ok) return { status: response.status, headers: response.headers, body };
  const failure = errorFromStatus(response.status, body, spec.subject);
  throw isRetryableStatus(response.status) ? new TransientFailure(failure) : failure;
}

async function readToken(source: Storage['getToken']): Promise<string | null> {
  try {
    return await source();
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw storageErrors.unauthenticated({ cause: error });
  }
}
