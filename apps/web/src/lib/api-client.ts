import type { TErrorCode, TReference, ZInUseDetails } from '@screenline/shared/errors';
import { AUTH_ERROR_MESSAGES } from '@screenline/shared/auth-messages';

/**
 * What went wrong: a code the API answered with, or one the client sets itself (no answer, an
 * answer that does not parse, an error body without a known code).
 */
export type TApiErrorCode =
  TErrorCode | 'network-request-failed' | 'invalid-response' | `http-${number}`;

/** Every failed API call becomes one of these (DESIGN.md §3 error shape); UI shows `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: TApiErrorCode;
  readonly details: unknown;

  constructor(status: number, code: TApiErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const NETWORK_ERROR_MESSAGE = AUTH_ERROR_MESSAGES['network-request-failed'];

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted. Check the form and try again.',
  401: 'Your session has ended. Sign in again.',
  403: 'You do not have access to this.',
  404: 'This could not be found.',
  409: 'This changed in the meantime. Reload and try again.',
  413: 'This is too large.',
  429: 'Too many attempts. Wait a minute, then try again.',
};

type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The media type asked for; JSON unless a route offers another (CSV). */
  accept?: string;
  /** More request headers (the Idempotency-Key of a money-moving request). */
  headers?: Record<string, string>;
};

async function send(
  path: string,
  { method = 'GET', body, signal, accept = 'application/json', headers }: TRequestOptions,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { ...headers, accept }
          : { ...headers, accept, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * `details.references` of an `in-use` refusal, kept from the first failed call's import: every
 * ApiError with that code comes from toApiError, so inUseReferences can stay synchronous without
 * a static import of the schemas (and classic zod) in the first page.
 */
let inUseDetailsSchema: typeof ZInUseDetails | null = null;

async function toApiError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  // Loaded on the first failed call only: the schemas (and zod) stay out of the first page's
  // JavaScript, which makes no failing call when all is well.
  const { ZApiError, ZInUseDetails } = await import('@screenline/shared/errors');
  inUseDetailsSchema = ZInUseDetails;
  const parsed = ZApiError.safeParse(payload);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details);
  }
  const message =
    STATUS_MESSAGES[response.status] ??
    (response.status >= 500
      ? 'Screenline had a problem. Try again in a moment.'
      : 'Something went wrong. Try again.');
  return new ApiError(response.status, `http-${response.status}`, message);
}

/**
 * What apiRequest needs of a schema: classic zod and zod/mini schemas both fit (the session and
 * health schemas are on zod/mini so the first page stays light).
 */
export type TResponseSchema<TOutput> = {
  safeParse: (
    data: unknown,
  ) => { success: true; data: TOutput } | { success: false; error: { issues: unknown } };
};

/** Calls the API and validates the answer with its shared schema. */
export async function apiRequest<TOutput>(
  path: string,
  schema: TResponseSchema<TOutput>,
  options: TRequestOptions = {},
): Promise<TOutput> {
  const response = await send(path, options);
  const payload: unknown = await response.json().catch((error: unknown) => {
    // A request cancelled while its body streams in is no bad answer: let the caller see the abort.
    if (options.signal?.aborted) throw error;
    return undefined;
  });
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error.issues);
    throw new ApiError(
      response.status,
      'invalid-response',
      'Screenline sent an unexpected answer. Try again.',
    );
  }
  return parsed.data;
}

/** Calls the API where the answer carries no body we need (201, 204). */
export async function apiSend(path: string, options: TRequestOptions): Promise<void> {
  await send(path, options);
}

/**
 * Calls the API for a file in another format than JSON (`Accept: text/csv`): its bytes and the
 * name its `Content-Disposition` suggests (null when it names none). Failures are ApiErrors, as
 * for JSON calls: an error answer is JSON whatever was asked for.
 */
export async function apiDownload(
  path: string,
  { accept, signal }: { accept: string; signal?: AbortSignal },
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, { accept, signal });
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition');
  return { blob, fileName: disposition ? await fileNameOf(disposition) : null };
}

/** The file name a Content-Disposition header gives; the parser loads with the first download. */
async function fileNameOf(disposition: string): Promise<string | null> {
  const { parse } = await import('content-disposition');
  try {
    // The parser puts the decoded filename* (RFC 8187) under `filename`, over the plain one.
    return parse(disposition).parameters.filename?.trim() || null;
  } catch {
    return null;
  }
}

/** A sentence for any thrown value, for toasts and inline messages. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}

/** What a 409 `in-use` refusal names, or null for any other failure. */
export function inUseReferences(error: unknown): TReference[] | null {
  if (!(error instanceof ApiError) || error.code !== 'in-use' || !inUseDetailsSchema) return null;
  const parsed = inUseDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.references : null;
}
