import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemo } from '../../apps/server/src/demo/seed';

/**
 * A server on a freshly demo-seeded database, for e2e/pacing.spec.ts: builds the app from the
 * environment (PORT, DATA_DIR, as apps/server/src/server.ts does), seeds the demo business
 * through its own API (apps/server/src/demo/seed.ts, docs/demo.md), then listens.
 *
 *   node node_modules/tsx/dist/cli.mjs e2e/support/demo-server.ts <loops per hour>
 *
 * Not `DEMO=1 npm start`: that seeds the demo's volume (6 loops an hour, full-size slides), under
 * which its campaigns never reach their even share, so pacing would have nothing to hold back.
 * The journey asks for more ad slots an hour and small slides (drawing them is the slow part).
 * Seed and server share one process: the embedded database is not reopened, and no second
 * start of tsx is paid for.
 */
async function main(loopsPerHour: number): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const app = await buildApp({ config });
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.ready();
  await seedDemo(app, { days: 2, loopsPerHour, slideScale: 0.25 });
  await app.listen({ port: config.port, host: config.host });
}

const loops = Number(process.argv[2]);
if (!Number.isInteger(loops) || loops < 1) {
  console.error('Usage: demo-server.ts <loops per hour>');
  process.exit(2);
}
main(loops).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
