import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

/** The log levels at which Fastify logs no request (it logs each at info). */
const QUIET_LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'silent']);

/** What an early answer sends: a status and headers, never a body. */
export interface TEarlyReply {
  status: number;
  headers: Record<string, string>;
}

/**
 * Answers a request before Fastify sees it, or returns null to let it take its route as usual.
 * It must be synchronous, read no database and change nothing a route would not (issue 19).
 */
export type TEarlyAnswer = (request: IncomingMessage) => TEarlyReply | null;

/**
 * Answers for the few requests that are cheaper than Fastify's request lifecycle (the fleet's
 * manifest polls answered 304, issue 19 item 1), given in the HTTP server's own handler, before
 * routing, hooks and the logger. Everything else, and everything while the app closes, goes to
 * Fastify unchanged.
 *
 * Not taken while the request log is on (LOG_LEVEL info or more verbose): the log would then miss
 * the requests answered here. Not taken either until the security plugin has given the headers
 * every response carries, so an early answer never goes out without them. `app.inject` does not
 * go through the HTTP server: in-process tests see only the normal route.
 */
export function createEarlyAnswers() {
  const answers: TEarlyAnswer[] = [];
  // Flat, name then value, as `writeHead` takes them without walking an object's keys.
  let commonHeaders: string[] | null = null;
  let isEnabled = false;

  function tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!isEnabled || commonHeaders === null) return false;
    for (const answer of answers) {
      const reply = answer(request);
      if (!reply) continue;
      const headers = commonHeaders.slice();
      for (const name in reply.headers) {
        const value = reply.headers[name];
        if (value !== undefined) headers.push(name, value);
      }
      response.writeHead(reply.status, headers);
      response.end();
      return true;
    }
    return false;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (the same timeouts), with the
   * early answers in front of its handler.
   */
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer((request, response) => {
      let isAnswered = false;
      try {
        isAnswered = tryAnswer(request, response);
      } catch {
        // Outside Fastify's error handling: what failed before a byte went out takes the route
        // (which answers or fails as it always did); never the process.
        if (response.headersSent) {
          response.destroy();
          return;
        }
      }
      if (!isAnswered) handler(request, response);
    });
    // As fastify/lib/server.js sets them on the server it makes (it fills in its defaults first).
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** Turns the early answers on once the app is built (unless it logs every request), off when it closes. */
    bind(app: FastifyInstance) {
      isEnabled = QUIET_LOG_LEVELS.has(app.log.level);
      app.addHook('preClose', async () => {
        // Fastify answers 503 while it closes: so must every request.
        isEnabled = false;
      });
    },
    /** The headers every response carries (plugins/security.ts): early answers carry them too. */
    useCommonHeaders(headers: ReadonlyArray<readonly [string, string]>) {
      commonHeaders = headers.flatMap(([name, value]) => [name, value]);
    },
    add(answer: TEarlyAnswer) {
      answers.push(answer);
    },
    /** Whether early answers are given (the tests check the conditions above). */
    isEnabled: () => isEnabled && commonHeaders !== null,
  };
}

export type TEarlyAnswers = ReturnType<typeof createEarlyAnswers>;
