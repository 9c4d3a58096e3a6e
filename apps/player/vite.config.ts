import fs from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import packageJson from './package.json' with { type: 'json' };

// Source maps help debug a TV but are not for the public: they are written hidden (no
// sourceMappingURL comment) and moved out of dist/, which the server serves, into sourcemaps/.
const sourceMapDir = new URL('./sourcemaps', import.meta.url).pathname;

function moveSourceMapsOutOfDist(): Plugin {
  return {
    name: 'screenline:move-source-maps',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await fs.rm(sourceMapDir, { recursive: true, force: true });
      for (const fileName of Object.keys(bundle).filter((name) => name.endsWith('.map'))) {
        const target = path.join(sourceMapDir, fileName);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(path.join(outDir, fileName), target);
      }
    },
  };
}

/**
 * The oldest browser the player must run in: LG webOS 2020 runs Chromium 68 (Tizen 5.5 runs 69).
 * Scripts and styles are lowered for it; scripts/legacy-syntax.mjs checks what the build emits
 * and scripts/player-chromium69.ts runs the built player in a real Chromium 69.
 */
const TV_BROWSERS = 'chrome68';
/** The same target for lightningcss, which counts versions as major << 16. */
const TV_CSS_TARGETS = { chrome: 68 << 16 };

// The TV player is served by the API server at /tv (SPEC §9 hosting; DESIGN.md §3).
export default defineConfig({
  base: '/tv/',
  // The version a TV reports when it registers (and, later, on every heartbeat).
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  plugins: [
    react(),
    // Brotli and gzip beside every built file above 1 KiB (see apps/web/vite.config.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    moveSourceMapsOutOfDist(),
  ],
  // Plain CSS (CSS modules and styles.css), not Tailwind: Tailwind 4 emits cascade layers,
  // `@property` and `:where()`, which Chromium 68 drops whole (docs/decisions.md). lightningcss
  // lowers what it can (nesting, modern colours, media ranges) for the TV browsers.
  css: { transformer: 'lightningcss', lightningcss: { targets: TV_CSS_TARGETS } },
  // Syntax is transpiled for the TV browsers (optional chaining, `??`, class fields…); missing
  // APIs are polyfilled by src/polyfills.ts.
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: 'hidden',
    target: TV_BROWSERS,
    cssTarget: TV_BROWSERS,
    cssMinify: 'lightningcss',
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/v0': 'http://127.0.0.1:3000' },
  },
});
