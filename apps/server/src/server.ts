import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/open';

/** Starts Screenline: validated config, listen, graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  let stopDemoTvs: () => void = () => undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopDemoTvs();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // DEMO=1: the demo business, seeded once (docs/demo.md); later starts only print the sign-ins.
  let demoLines: string | null = null;
  if (config.demo) {
    // Loaded only here: the slide drawing brings a native canvas the server otherwise never needs.
    const { formatSignIns, formatSummary, isDemoSeeded, seedDemo } = await import('./demo/seed');
    await app.ready();
    if (await isDemoSeeded(app)) {
      demoLines = formatSignIns(config.publicUrl);
    } else {
      console.log('\n  DEMO=1: seeding the demo business (a minute or so)…');
      demoLines = formatSummary(await seedDemo(app, { log: (line) => console.log(`    ${line}`) }));
    }
  }

  await app.listen({ port: config.port, host: config.host });
  // The demo's simulated TVs keep reporting while it is served (a no-op without the demo).
  const { keepDemoTvsReporting } = await import('./demo/demo-tvs');
  stopDemoTvs = await keepDemoTvsReporting(app);
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`\n  Screenline is running at ${config.publicUrl}  (${config.env}, ${where})\n`);
  if (demoLines) console.log(`${demoLines}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
