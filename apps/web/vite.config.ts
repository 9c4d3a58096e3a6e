import fs from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

// The API server (apps/server) serves the built app from dist/ in production; in development the
// Vite dev server proxies every server path to it so the app stays same-origin (cookies, CSP).
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/v0', '/q', '/dev'];

/** Marks the modules of zod's second copy (see zodMiniCopy). */
const ZOD_MINI_COPY = '?zod-mini-copy';
const isZodFile = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);

/**
 * `zod/mini` gets its own copy of zod's core in the build. Classic zod and zod/mini share
 * `zod/v4/core`, so the bundler put one core, tree-shaken for classic (and classic beside it), in
 * the chunk the first page needs for its two mini schemas (the session and the health check):
 * 26 KiB gzipped where mini alone costs about 5 (issue 6 item 7, docs/decisions.md). Every module
 * reached from `zod/mini` is resolved to a distinct id, so the bundler tree-shakes that copy for
 * mini's use alone; the signed-in app's lazy chunks keep classic zod. The copies share their
 * configuration and registry through globalThis (zod's own design), so errors read the same.
 * Build only: in development and tests one copy is simpler and the size does not matter.
 */
function zodMiniCopy(): Plugin {
  return {
    name: 'screenline:zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const isFromCopy = importer?.endsWith(ZOD_MINI_COPY) ?? false;
      if (!isFromCopy && source !== 'zod/mini' && source !== 'zod/v4/mini') return null;
      const from = isFromCopy ? importer?.slice(0, -ZOD_MINI_COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !isZodFile(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + ZOD_MINI_COPY };
    },
    async load(id) {
      if (!id.endsWith(ZOD_MINI_COPY)) return null;
      return fs.readFile(id.slice(0, -ZOD_MINI_COPY.length), 'utf8');
    },
  };
}

/** The module the web build puts where packages/playback/src/temporal.ts imports the polyfill. */
const NATIVE_TEMPORAL_FIRST = '\0screenline:native-temporal-first';

/**
 * The browser's own Temporal where it has one (Chromium 144+, Firefox 139+), the polyfill only
 * where it has not: packages/playback/src/temporal.ts imports @js-temporal/polyfill (45 KiB
 * gzipped, the biggest part of what the dashboards load), which the TV player always needs
 * (Chromium 69), but a current browser does not. For the web build alone, that import becomes a
 * module that takes globalThis.Temporal and imports the polyfill only when it is missing (a
 * top-level await, which every browser the web app supports runs). Types, tests and the player
 * build keep the polyfill as written (docs/decisions.md).
 */
function nativeTemporalFirst(): Plugin {
  return {
    name: 'screenline:native-temporal-first',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromPlayback = importer
        ?.replaceAll('\\', '/')
        .endsWith('packages/playback/src/temporal.ts');
      return source === '@js-temporal/polyfill' && fromPlayback ? NATIVE_TEMPORAL_FIRST : null;
    },
    load(id) {
      if (id !== NATIVE_TEMPORAL_FIRST) return null;
      return [
        `export const Temporal =`,
        `  globalThis.Temporal ?? (await import('@js-temporal/polyfill')).Temporal;`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  base: '/',
  // Brotli and gzip files beside every built file above 1 KiB: the server sends the one the
  // browser accepts (plugins/hosting.ts), so nothing is compressed per request.
  plugins: [
    zodMiniCopy(),
    nativeTemporalFirst(),
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Caption tracks stay files: inlined, they would be data: URLs, which the CSP's media-src
    // ('self' blob:) refuses (e2e/layout.spec.ts checks every page for CSP violations).
    assetsInlineLimit: (file: string) => (file.endsWith('.vtt') ? false : undefined),
    // Two chunks every page needs, instead of a dozen small ones that each cost a request and
    // compress on their own (issue 6 item 7: /signin 141.5 KiB gzipped before, 138.0 after, by
    // bench/first-page.ts): `framework` (React, ReactDOM, React Router, TanStack Query) and `shell`
    // (the form controls and the signed-out guard, with everything they import: cn(), the API
    // client, the session and its zod/mini copy). Both hold only what the first page loads
    // anyway; a group of all UI components once pulled Radix into it (docs/decisions.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            {
              name: 'shell',
              test: /[\\/]src[\\/](features[\\/]auth[\\/]components[\\/].*|components[\\/]ui[\\/](form-field|input|label))\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
