/**
 * The two globals @js-temporal/polyfill needs while it loads that Chromium 68/69 (the TV
 * browsers, STACK.md) lack: `globalThis` (Chromium 71) and `Object.fromEntries` (73). Checked in
 * a real Chromium 69: without either, loading the polyfill throws. Imported by temporal.ts before
 * the polyfill, so every app that uses this package gets them in the right order; a no-op on
 * current browsers and Node.
 */
type LegacyHost = { globalThis?: unknown };
// Declared here rather than taken from the DOM library: the server, whose program has no DOM
// types, compiles this file too (it imports the schedule resolver). Absent in Node: undefined.
declare const self: LegacyHost | undefined;

// `self` is the global object of windows and workers, the only hosts that may lack globalThis.
if (typeof self !== 'undefined') {
  const host: LegacyHost = self;
  if (host.globalThis === undefined) {
    Object.defineProperty(self, 'globalThis', {
      value: self,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}

if (typeof Object.fromEntries !== 'function') {
  Object.defineProperty(Object, 'fromEntries', {
    value: function fromEntries<T>(entries: Iterable<readonly [PropertyKey, T]>) {
      const result: Record<PropertyKey, T> = {};
      for (const [key, value] of entries) result[key] = value;
      return result;
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

export {};
