import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/open';
import { DEMO_MAX_DAYS, formatSignIns, formatSummary, isDemoSeeded, seedDemo } from './seed';

const USAGE = `Usage: npm run demo [-- --days <0-${DEMO_MAX_DAYS}>]`;

/**
 * `npm run demo`: seeds the demo business into the configured database (DATA_DIR's embedded one
 * or DATABASE_URL) and prints the sign-ins; then `npm start` serves it. On a database that has
 * the demo already it says so and changes nothing.
 */
async function main(argv: string[]): Promise<number> {
  let days = DEMO_MAX_DAYS;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--days') {
      days = Number(argv[(i += 1)]);
      if (!Number.isInteger(days) || days < 0 || days > DEMO_MAX_DAYS) {
        console.error(USAGE);
        return 2;
      }
    } else {
      console.error(USAGE);
      return 2;
    }
  }
  // The seed's requests would fill the terminal at info; LOG_LEVEL still wins when set.
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const app = await buildApp({ config });
  try {
    await app.ready();
    const where = config.databaseUrl ? 'the PostgreSQL database' : `${config.dataDir}`;
    if (await isDemoSeeded(app)) {
      console.log(`\n  The demo is seeded in ${where} already; nothing was changed.`);
      console.log('  To start over, point DATA_DIR (or DATABASE_URL) at an empty one.\n');
      console.log(formatSignIns(config.publicUrl));
      console.log('\n  Serve it with: npm start\n');
      return 0;
    }
    console.log(`\n  Seeding the demo into ${where} (${days} past days and today of plays)…`);
    const summary = await seedDemo(app, { days, log: (line) => console.log(`    ${line}`) });
    console.log(formatSummary(summary));
    console.log('\n  Serve it with: npm start\n');
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error(error);
      console.error(
        '\n  The demo seed stopped part-way; start again on an empty DATA_DIR or database.',
      );
    }
    process.exit(1);
  },
);
