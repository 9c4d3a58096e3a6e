/* global window, document */
// zod probes for eval with `new Function` when its first object schema is built, which the
// Content-Security-Policy (script-src 'self') reports as a violation. Its documented `jitless`
// setting skips the probe; zod reads it from this global, and the schemas are built by module
// code that runs after this classic script.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});

// Runs before first paint (loaded by index.html) so a dark theme never flashes light.
// Mirrors src/lib/theme.ts: themeMode is light, dark or system; anything else means system.
(function () {
  try {
    var stored = window.localStorage.getItem('themeMode');
    var mode = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
    var dark =
      mode === 'dark' ||
      (mode === 'system' &&
        typeof window.matchMedia === 'function' &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    // Storage can be blocked (privacy modes); the app falls back to the system theme.
  }
})();
