// The built TV player in a real Chromium 69 (Tizen 5.5; the closest to LG webOS 2020's 68), the
// oldest browser it must run in (STACK.md "Old Chromium"). Starts the server on a fresh embedded
// database, opens /tv at 1920×1080 and 1080×1920 through puppeteer-core 1.7.0 and checks that
// the page loads with no script or console error, renders, has its styles applied (elements with
// real sizes, computed styles), has the polyfills it needs, shows the sign-in screen (a QR code of
// real size, the pairing code), reaches its controls by the arrow keys and is served `no-store`;
// then a phone (this script, over HTTP) approves the code and the TV must sign in by polling and
// come to setup: "No Ad Spaces Found" with its QR code, Refresh after ad spaces were added, the
// list chosen from and Continue pressed by the keyboard alone, the playing screen (idle, "Waiting
// for content": the space has nothing to play), and a reload that goes straight back to it. Then
// password sign-in by the keyboard, in a fresh profile at 1920×1080 and again at 1280×720: a wrong
// password says so, the right one comes to setup (/tv served `Referrer-Policy: same-origin`, so
// 69 sends its Origin). Then, in a fresh profile, the service worker: it registers and controls /tv, answers media from the
// media cache with Range support. Then, in another fresh profile, the playback journey without
// pairing (seeded over HTTP: a real PNG and WebM clip uploaded, a playlist [image 3 s, clip], an
// ad space, a registered TV): the files land in the media cache, the image shows, the clip plays,
// the loop comes back, the front layer never blank; plays and a heartbeat reach the server; with
// the server stopped playback goes on and a reload plays from the cache; restarted, the plays
// recorded meanwhile arrive, none twice; then a portrait space. Last, in a fresh profile again,
// the marketplace journey (seeded over HTTP with a super-user from SUPER_USER_EMAILS: a monetized
// space playing [poster, ad slot, poster], a buyer's funded campaign on it): approved, its
// creative plays in the slot with its QR code (gone on the next item), the heartbeat reports it
// ready, the play is billed by the settlement worker behind the upload (issue 17: every play the
// TV sent passes the arrival rules, offered by the manifest it was sent, within its slot, one at
// a time; the check waits until nothing is settling and reads the verdicts), the ledger audit is
// clean; paused, with a house ad set, the slot plays the house ad without a QR code. Then the
// commands journey (issue 23): identify shown and acknowledged, a screenshot uploaded, a takeover
// message shown, acknowledged and ended. Then the power schedule (issue 23): on hours that leave
// now off turn the playing TV black (a black cover over the whole screen) and nothing starts;
// removed, it plays again. Saves a screenshot of each layout and of each screen
// (and, as headless 69 leaves videos out of screenshots, the clip's decoded frame). `npm test`
// runs it after the build; about 2 min 5 s.
//
//   npm run build -w @screenline/player && npx tsx scripts/player-chromium69.ts [--json=<file>]
//
// PLAYER69_PORT (default 3110) is the server's port; PLAYER69_SHOTS (default a temp directory)
// where the screenshots go; PLAYER69_ONLY (comma-separated: layouts, pairing, password,
// service-worker, playback, marketplace, commands, power) runs only those journeys. The browser and driver come from scripts/chromium69.mjs.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium69 } from './chromium69.mjs';
import type { TLaunchedBrowser } from './player-chromium69/driver';
import { checkCommands, checkPowerOff } from './player-chromium69/fleet';
import {
  baseUrl,
  check,
  results,
  root,
  runs,
  startServer,
  waitForHealth,
} from './player-chromium69/harness';
import { checkMarketplace } from './player-chromium69/marketplace';
import { checkPairingAndSetup } from './player-chromium69/pairing';
import { checkPlayback } from './player-chromium69/playback';
import { checkServiceWorker } from './player-chromium69/service-worker';
import {
  checkLayout,
  checkPasswordSignIn,
  checkSignInFits,
  LAYOUTS,
  PASSWORD_LAYOUTS,
} from './player-chromium69/sign-in';

const jsonOut = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'player69-data-'));
/** Stops the server and waits for its exit. */
const stop = async (child: ChildProcess) => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

let server: ChildProcess | undefined;
let browser: TLaunchedBrowser | undefined;
try {
  if (!fs.existsSync(path.join(root, 'apps/player/dist/index.html'))) {
    throw new Error('the player is not built: run `npm run build -w @screenline/player` first');
  }
  const { executablePath, puppeteer, args } = ensureChromium69();
  server = startServer(dataDir);
  await waitForHealth(server);
  browser = await puppeteer.launch({ executablePath, args });
  console.log(`${await browser.version()} against ${baseUrl}/tv`);
  /** A fresh profile (each launch has its own): no session, worker, device or cache from before. */
  const freshBrowser = async (): Promise<TLaunchedBrowser> => {
    await browser?.close();
    browser = await puppeteer.launch({ executablePath, args });
    return browser;
  };
  const running = browser;
  if (runs('layouts')) {
    for (const layout of LAYOUTS) {
      const response = await checkLayout(running, layout);
      if (layout === LAYOUTS[0]) {
        // An old TV must never keep a stale entry point.
        const cacheControl = response.headers()['cache-control'];
        check('/tv HTML is served no-store', cacheControl === 'no-store', cacheControl);
      }
    }
  }
  if (runs('layouts')) {
    const fits = await freshBrowser();
    for (const layout of PASSWORD_LAYOUTS) {
      await checkSignInFits(fits, layout, { withNotice: false });
      await checkSignInFits(fits, layout, { withNotice: true });
    }
    await checkSignInFits(fits, { width: 390, height: 844 }, { withNotice: false });
  }
  if (runs('pairing')) await checkPairingAndSetup(await freshBrowser());
  if (runs('password')) {
    // Each TV size starts signed out.
    for (const layout of PASSWORD_LAYOUTS) await checkPasswordSignIn(await freshBrowser(), layout);
  }
  if (runs('service-worker')) await checkServiceWorker(await freshBrowser());
  // The playback journey's TV starts with an empty media cache.
  if (runs('playback')) {
    await checkPlayback(await freshBrowser(), {
      stopServer: async () => {
        if (server) await stop(server);
      },
      // The same DATA_DIR: the plays recorded so far are still there.
      restartServer: async () => {
        server = startServer(dataDir);
        await waitForHealth(server);
      },
    });
  }
  // The marketplace journey's TV downloads only its own files.
  if (runs('marketplace')) await checkMarketplace(await freshBrowser());
  if (runs('commands')) await checkCommands(await freshBrowser());
  if (runs('power')) await checkPowerOff(await freshBrowser());
} catch (error) {
  check('the Chromium 69 check ran', false, error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close();
  if (server && server.exitCode === null) await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const passed = results.filter((r) => r.isOk).length;
const failed = results.length - passed;
console.log(`Chromium 69 player: ${passed} passed, ${failed} failed`);
const failures = results.filter((r) => !r.isOk).map((r) => r.name);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, failures }));
process.exitCode = failed > 0 ? 1 : 0;
