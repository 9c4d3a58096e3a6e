// help:screenshots' settings: where the repository and the help centre's assets are, the port
// and the neutral address the pictures show, which jobs to run (HELP_SHOTS_ONLY), and the two
// accounts it signs in as.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const assets = path.join(root, 'apps/web/src/features/help/assets');
export const port = Number(process.env.HELP_SHOTS_PORT ?? 3211);
export const origin = 'http://screenline.example';
export const only = process.env.HELP_SHOTS_ONLY?.split(',');

/** The demo's sign-ins (DEMO_USERS, DEMO_PASSWORD in apps/server/src/demo/accounts.ts); overridable as email:password. */
function account(variable, fallback) {
  const given = process.env[variable];
  if (!given) return fallback;
  const at = given.indexOf(':');
  return { email: given.slice(0, at), password: given.slice(at + 1) };
}
export const OWNER = account('HELP_SHOTS_OWNER', {
  email: 'owner@demo.screenline.example',
  password: 'screenline-demo',
});
export const BUYER = account('HELP_SHOTS_BUYER', {
  email: 'buyer@demo.screenline.example',
  password: 'screenline-demo',
});

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
