import type { APIRequestContext } from '@playwright/test';
import {
  createApiClient,
  type TApiClient,
  type TApiSession,
  type TApiTransport,
} from '@screenline/shared/api-client';

/*
 * The shared typed API client (packages/shared/src/api-client.ts) over a Playwright request
 * context. The context keeps its own cookies (`page.request` shares the page's, so a sign-in
 * through it signs the page in), so the client sends none: `JAR` is the session to pass.
 */

/** The session of a transport that keeps its own cookies: the request context's jar. */
export const JAR: TApiSession = { cookie: '' };

/** Sends the client's requests through `request`, whose base URL is the server's. */
export function playwrightTransport(request: APIRequestContext, origin: string): TApiTransport {
  return {
    origin,
    keepsCookies: true,
    send: async ({ method, path, headers, body }) => {
      const res = await request.fetch(path, {
        method,
        headers,
        data: typeof body === 'string' || body === undefined ? body : Buffer.from(body),
        maxRedirects: 0,
      });
      const answer: Record<string, string> = {};
      const setCookie: string[] = [];
      for (const { name, value } of res.headersArray()) {
        const key = name.toLowerCase();
        if (key === 'set-cookie') setCookie.push(value);
        else answer[key] = key in answer ? `${answer[key]}, ${value}` : value;
      }
      return { status: res.status(), headers: answer, setCookie, text: await res.text() };
    },
  };
}

/** The API as `request` (a context's or the `request` fixture) calls it. */
export function apiOf(request: APIRequestContext, origin: string): TApiClient {
  return createApiClient(playwrightTransport(request, origin));
}
