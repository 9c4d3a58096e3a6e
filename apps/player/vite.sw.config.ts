import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The service worker's build (src/sw.ts → dist/sw.js, served as /tv/sw.js), run after the app's
 * (`npm run build`): one classic script, since Chromium 68/69 run no module service workers, for
 * the same TV browsers as the app (vite.config.ts) and checked by scripts/legacy-syntax.mjs with
 * the rest of dist/. It is handed the list of the app's built files, which it keeps at install
 * (so the first start offline works) — and since that list changes with every build, so does
 * sw.js, which is how a TV learns of a new build.
 */
const dist = new URL('./dist', import.meta.url).pathname;

function builtAssets(): string[] {
  const dir = path.join(dist, 'assets');
  if (!fs.existsSync(dir)) {
    throw new Error(`${dir} is missing: the service worker is built after the app (npm run build)`);
  }
  return fs
    .readdirSync(dir)
    .filter((name) => !/\.(map|br|gz)$/.test(name))
    .sort()
    .map((name) => `/tv/assets/${name}`);
}

export default defineConfig({
  define: {
    // Workbox strips its development logging and assertions on this (lib builds keep
    // process.env as it is unless told).
    'process.env.NODE_ENV': JSON.stringify('production'),
    __SHELL_ASSETS__: JSON.stringify(builtAssets()),
  },
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  publicDir: false,
  build: {
    outDir: 'dist',
    // The app's build is already there.
    emptyOutDir: false,
    target: 'chrome68',
    sourcemap: false,
    lib: {
      entry: 'src/sw.ts',
      formats: ['iife'],
      name: 'screenlineTvServiceWorker',
      fileName: () => 'sw.js',
    },
  },
});
