/**
 * The player's one way to call the server. The TV is a bearer client
 * (docs/decisions.md, "No session token in response bodies"): cookies are never sent or kept
 * (`credentials: 'omit'`), the session token goes in `Authorization`.
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super('Screenline cannot be reached.');
  }
}

export interface TJsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, or null when it was not JSON. */
  body: unknown;
}

export async function requestJson(
  path: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
  }: {
    method?: 'GET' | 'POST' | 'DELETE';
    body?: unknown;
    token?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<TJsonAnswer> {
  const sent: Record<string, string> = { accept: 'application/json', ...headers };
  if (body !== undefined) sent['content-type'] = 'application/json';
  if (token) sent.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'omit',
      cache: 'no-store',
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // fetch rejects only when no answer came: no network, DNS, the server down.
    throw new OfflineError();
  }
  const parsed: unknown = await response.json().catch(() => null);
  return { status: response.status, headers: response.headers, body: parsed };
}
