// The parts of puppeteer-core 1.7.0 (the driver of Chromium 69, scripts/chromium69.mjs) the
// typed modules use. That driver is fetched into a cache outside the repo and ships no types, so
// its surface is written down here, growing as the journeys move to TypeScript.
//
// Moving a journey that hands functions to `page.evaluate` or `evaluateOnNewDocument`: tsx
// compiles with esbuild's keepNames, which wraps every named inner function in a call to a
// `__name` helper (`const f = __name(() => …, "f")`). The page serializes the function with
// toString() and has no such helper: a page made by `newPage` below has it; the harness's page
// functions define no named inner function and run in any page.

/** A page of the driven browser; `evaluate` runs `fn` in the page (69: no `?.`, no `??`). */
export interface TPage {
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  screenshot(options: { path: string }): Promise<unknown>;
}

/** What `page.on` reports: a page error, a console message, a response, a request. */
export interface TResponse {
  status(): number;
  url(): string;
  headers(): Record<string, string>;
}

export interface TPageEvents {
  pageerror: Error;
  console: { type(): string; text(): string };
  response: TResponse;
  request: { url(): string; method(): string };
  requestfailed: { url(): string };
}

/** A page of the driven browser, the calls the typed journeys make. */
export interface TJourneyPage extends TPage {
  on<E extends keyof TPageEvents>(event: E, listener: (payload: TPageEvents[E]) => void): void;
  off<E extends keyof TPageEvents>(event: E, listener: (payload: TPageEvents[E]) => void): void;
  setViewport(viewport: { width: number; height: number }): Promise<void>;
  goto(url: string, options?: { waitUntil?: string; timeout?: number }): Promise<TResponse | null>;
  waitForFunction<A extends unknown[]>(
    fn: (...args: A) => unknown,
    options?: { timeout?: number; polling?: number | string },
    ...args: A
  ): Promise<unknown>;
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A script given as text runs as it is (no transform): what the keepNames note needs. */
  evaluate(script: string): Promise<unknown>;
  evaluateOnNewDocument(script: string): Promise<void>;
  /** `fn` runs in every document from its first script on (it needs `newPage`'s `__name`). */
  evaluateOnNewDocument<A extends unknown[]>(
    fn: (...args: A) => unknown,
    ...args: A
  ): Promise<void>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  /** The first element `selector` finds (a handle), or null. */
  $(selector: string): Promise<object | null>;
  reload(options?: { waitUntil?: string }): Promise<TResponse | null>;
  close(): Promise<void>;
}

export interface TBrowser {
  newPage(): Promise<TJourneyPage>;
}

/** The browser `puppeteer.launch` answers (scripts/chromium69.d.mts). */
export interface TLaunchedBrowser extends TBrowser {
  version(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A new page that has the `__name` helper tsx's keepNames calls (see the note at the top) in
 * every document it loads, so functions from TypeScript modules can run in it.
 */
export async function newPage(browser: TBrowser): Promise<TJourneyPage> {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument('window.__name = function (fn) { return fn; };');
  return page;
}
