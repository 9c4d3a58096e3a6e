import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The web tests that replace modules with `vi.mock`: a mock lives in the module registry, so
 * these run isolated (a fresh registry per file). Every other file shares its worker's registry
 * with the files before it (`isolate: false`): importing React, the router and the server once
 * per worker instead of once per file took the suite from 110 s to 45 s for web and unit, and
 * the API tests' imports from about two minutes to ten seconds.
 */
const webDir = new URL('./apps/web/src', import.meta.url).pathname;
const webFilesWithMocks = fs
  .readdirSync(webDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => fs.readFileSync(path.join(webDir, file), 'utf8').includes('vi.mock('))
  .map((file) => `apps/web/src/${file}`);

/** What both web projects share: the `@` alias, jsdom and the setup file. */
const webProject = {
  resolve: { alias: { '@': webDir } },
  test: { environment: 'jsdom' as const, setupFiles: ['apps/web/src/test/setup.ts'] },
};

// Four projects: `unit` (pure code beside its source, node), `web` and `web-mocks` (React units in
// jsdom) and `api` (the server in-process against PGlite, and PostgreSQL when reachable). Browser journeys
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
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/player/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: 'web',
          isolate: false,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...webFilesWithMocks],
        },
      },
      {
        ...webProject,
        test: { ...webProject.test, name: 'web-mocks', include: webFilesWithMocks },
      },
      {
        test: {
          name: 'api',
          isolate: false,
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
