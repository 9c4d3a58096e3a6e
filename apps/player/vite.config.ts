import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The TV player is served by the API server at /tv (SPEC §9 hosting; DESIGN.md §3).
export default defineConfig({
  base: '/tv/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: true },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/v0': 'http://127.0.0.1:3000' },
  },
});
