import fs from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

// The TV player is served by the API server at /tv (SPEC §9 hosting; DESIGN.md §3).
export default defineConfig({
  base: '/tv/',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip beside every built file above 1 KiB (see apps/web/vite.config.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    moveSourceMapsOutOfDist(),
  ],
  // TVs in the field run Chromium 68/69 (LG webOS 2020, Tizen 5.5): transpile syntax for them
  // (optional chaining, `??`, class fields…); missing APIs are polyfilled in the code.
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: 'hidden', target: 'chrome68' },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/v0': 'http://127.0.0.1:3000' },
  },
});
