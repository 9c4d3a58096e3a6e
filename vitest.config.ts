import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure code beside its source, node), `web` (React units in jsdom) and
// `api` (the server in-process against PGlite, and PostgreSQL when reachable). Browser journeys
// live in e2e/ and run with Playwright, never here.
export default defineConfig({
  test: {
    // Two workers even on two cores: the API tests spend most of their time waiting on
    // PostgreSQL, PGlite's I/O and child processes, and one worker (the default there) leaves a
    // core idle.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/player/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
