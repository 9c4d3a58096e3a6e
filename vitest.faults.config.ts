import { defineConfig } from 'vitest/config';

// `npm run test:faults` (and `node scripts/test.mjs faults`): the fault tests, apart from the
// other projects because they start real server processes, kill them, and stop and start a
// private PostgreSQL (apps/server/test/faults).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.fault.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['apps/server/test/faults/global-setup.ts'],
        },
      },
    ],
  },
});
