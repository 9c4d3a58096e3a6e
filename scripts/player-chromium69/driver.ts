// The parts of puppeteer-core 1.7.0 (the driver of Chromium 69, scripts/chromium69.mjs) the
// typed modules use. That driver is fetched into a cache outside the repo and ships no types, so
// its surface is written down here, growing as the journeys move to TypeScript.
//
// Moving a journey that hands functions to `page.evaluate` or `evaluateOnNewDocument`: tsx
// compiles with esbuild's keepNames, which wraps every named inner function in a call to a
// `__name` helper (`const f = __name(() => …, "f")`). The page serializes the function with
// toString() and has no such helper, so those functions must either define no named inner
// function or the page must be given `__name` first. The functions here define none.

/** A page of the driven browser; `evaluate` runs `fn` in the page (69: no `?.`, no `??`). */
export interface TPage {
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  screenshot(options: { path: string }): Promise<unknown>;
}
