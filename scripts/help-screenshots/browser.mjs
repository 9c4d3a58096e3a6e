// help:screenshots' browser: Chromium launched with the neutral address mapped to the server,
// contexts as the pictures want them (1440×900, light theme, en-GB in Berlin), and the API calls
// made from a page of the app (sign-in with the demo's two-factor step, reads, the accounts made
// when the demo is off).
/* global window -- evaluate() runs in the browser. */
import { createOTP } from '@better-auth/utils/otp';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../chromium.mjs';
import { origin, port } from './setup.mjs';

/** The run's browser (launched by `launchBrowser`). */
export let browser;

export async function launchBrowser() {
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      `--host-resolver-rules=MAP screenline.example 127.0.0.1:${port}`,
      // The player's cache (Cache Storage, service worker) needs a secure context.
      `--unsafely-treat-insecure-origin-as-secure=${origin}`,
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
  return browser;
}

export async function newContext(viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('themeMode', 'light');
    window.sessionStorage.setItem('devBannerDismissed', '1');
  });
  return context;
}

/**
 * A request from a page of the app, so it goes where Chromium maps screenline.example and
 * carries the browser's own Origin (the CSRF rule) and the context's cookies.
 */
async function call(context, method, urlPath, body) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/help`);
    return await page.evaluate(
      async ({ method, urlPath, body }) => {
        const response = await fetch(urlPath, {
          method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        return { ok: response.ok, status: response.status, text };
      },
      { method, urlPath, body },
    );
  } finally {
    await page.close();
  }
}

/** The demo's published two-factor key (DEMO_TOTP_SECRET in apps/server/src/demo/accounts.ts). */
const DEMO_TOTP_SECRET = 'screenline-demo-two-factor-2026!';

export async function signIn(context, { email, password }) {
  const answer = await call(context, 'POST', '/api/auth/sign-in/email', { email, password });
  if (!answer.ok) throw new Error(`Sign-in of ${email} failed: ${answer.status} ${answer.text}`);
  // The demo's screen owner has two-factor sign-in on: the second step with the demo's key.
  if (JSON.parse(answer.text).twoFactorRedirect) {
    const code = await createOTP(DEMO_TOTP_SECRET).totp();
    const verified = await call(context, 'POST', '/api/auth/two-factor/verify-totp', { code });
    if (!verified.ok) {
      throw new Error(`Two-factor step of ${email} failed: ${verified.status} ${verified.text}`);
    }
  }
}

export async function api(context, urlPath) {
  const answer = await call(context, 'GET', urlPath);
  if (!answer.ok) throw new Error(`GET ${urlPath}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text);
}

/**
 * Without the demo (DEMO=0), the two accounts are made here, empty: the pictures then show the
 * pages' empty states. With the demo they exist and this does nothing.
 */
export async function ensureAccount(account, role) {
  const context = await browser.newContext();
  const signedIn = await call(context, 'POST', '/api/auth/sign-in/email', account);
  if (!signedIn.ok) {
    const name = role === 'advertiser' ? 'Sam Owner' : 'Alex Buyer';
    const signedUp = await call(context, 'POST', '/api/auth/sign-up/email', { ...account, name });
    if (!signedUp.ok) throw new Error(`Sign-up of ${account.email}: ${signedUp.status}`);
    // Sign-up makes no session: sign in next.
    const afterSignUp = await call(context, 'POST', '/api/auth/sign-in/email', account);
    if (!afterSignUp.ok) throw new Error(`Sign-in of ${account.email}: ${afterSignUp.status}`);
    const me = await call(context, 'PATCH', '/api/v1/me', { role, company: `${name} Ltd` });
    if (!me.ok) throw new Error(`Role of ${account.email}: ${me.status} ${me.text}`);
    console.log(`help:screenshots: made ${account.email} (${role}), without demo data`);
  }
  await context.close();
}
