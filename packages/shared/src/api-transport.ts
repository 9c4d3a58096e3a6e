/**
 * How the typed API client's requests travel (packages/shared/src/api-client.ts): the transport
 * seam each caller fills (fetch here; `app.inject` in the demo seed; a Playwright request context
 * in the e2e helpers), the error a refused request throws, and the session cookies the client
 * carries between requests.
 */

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TApiRequest {
  method: THttpMethod;
  /** The path and query from the server's root: `/api/v1/me`. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export interface TApiResponse {
  status: number;
  /** Lower-case names; Set-Cookie is in `setCookie` instead. */
  headers: Record<string, string>;
  /** Every Set-Cookie header as sent (`name=value; Path=/; HttpOnly…`). */
  setCookie: string[];
  text: string;
}

/** How requests are sent: the one thing that differs between the callers. */
export type TSend = (request: TApiRequest) => Promise<TApiResponse>;

export interface TApiTransport {
  send: TSend;
  /** The origin the site is served from: what a browser sends as Origin. */
  origin: string;
  /**
   * The transport keeps the cookies itself (a Playwright request context has its own jar): the
   * client then sends none and its sessions are empty.
   */
  keepsCookies?: boolean;
}

/** A signed-in person, as the client carries them: the session's cookies (`a=1; b=2`). */
export interface TApiSession {
  cookie: string;
}

/** How much of an answer's body an error quotes. */
export const BODY_START = 500;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(method: string, path: string, status: number, body: string) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, BODY_START)}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

/** Set-Cookie headers → `name=value` pairs; an expired or emptied cookie is dropped. */
export function cookiesOf(setCookie: readonly string[]): Map<string, string> {
  const jar = new Map<string, string>();
  for (const header of setCookie) {
    const pair = header.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return jar;
}

/** A session's cookies with an answer's Set-Cookie headers applied (a cookie set empty goes). */
export function mergeCookies(cookie: string, setCookie: readonly string[]): string {
  const jar = cookiesOf(cookie ? cookie.split(';').map((pair) => pair.trim()) : []);
  for (const [name, value] of cookiesOf(setCookie)) {
    if (value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Header names in lower case, as the transports and the server compare them. */
export function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** The transport of scripts and benches: fetch to `baseUrl` (`http://127.0.0.1:3000`). */
export function fetchTransport(baseUrl: string): TApiTransport {
  const origin = new URL(baseUrl).origin;
  return {
    origin,
    send: async ({ method, path, headers, body }) => {
      const res = await fetch(`${origin}${path}`, { method, headers, body, redirect: 'manual' });
      const answer: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie') answer[name] = value;
      });
      return {
        status: res.status,
        headers: answer,
        setCookie: res.headers.getSetCookie(),
        text: await res.text(),
      };
    },
  };
}
