/* global window, document */
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
