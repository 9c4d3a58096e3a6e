/**
 * The service-worker types src/sw.ts and Workbox's typings use. The player's tsconfig has the DOM
 * library, and TypeScript's WebWorker library clashes with it in one program, so the few types
 * needed are declared here (as lib.webworker.d.ts has them).
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  readonly resultingClientId: string;
  readonly preloadResponse: Promise<unknown>;
  respondWith(response: Response | PromiseLike<Response>): void;
}

/** The built files under /tv/assets/ the service worker keeps at install (vite.sw.config.ts). */
declare const __SHELL_ASSETS__: string[];
