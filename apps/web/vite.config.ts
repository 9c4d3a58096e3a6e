import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

// The API server (apps/server) serves the built app from dist/ in production; in development the
// Vite dev server proxies every server path to it so the app stays same-origin (cookies, CSP).
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/v0', '/q', '/dev'];

export default defineConfig({
  base: '/',
  // Brotli and gzip files beside every built file above 1 KiB: the server sends the one the
  // browser accepts (plugins/hosting.ts), so nothing is compressed per request.
  plugins: [
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
  },
});
