import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { createMeRepository } from '../modules/me/me.repository';

const USAGE =
  'Usage: npm run admin -- grant <email>   (make a super-user)\n       npm run admin -- revoke <email>  (take it back)';

/** `npm run admin -- grant|revoke <email>`: the first super-user comes from here (DESIGN.md §4). */
async function main(argv: string[]) {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const found = await createMeRepository(database.db).setSuperUser(email, command === 'grant');
    if (!found) {
      console.error(`No account uses ${email}. Sign up first, then run this again.`);
      return 1;
    }
    console.log(
      command === 'grant' ? `${email} is now a super-user.` : `${email} is no longer a super-user.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
