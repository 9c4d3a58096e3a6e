import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, JAR } from './api';

/*
 * Two-factor sign-in in the journeys (issue 18 item 4): accounts enrol through the API as a person
 * does (password, then a first code), and the tests compute the codes an authenticator app would
 * show. The super-user of the run is shared by every test and worker: the first to need it enrols
 * it and leaves its key in the server's data directory (made fresh each run, with the account).
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.join(os.tmpdir(), `screenline-e2e-${PORT}`);
const SUPER_USER_KEY = path.join(DATA_DIR, 'e2e-super-user-totp');
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The code an authenticator app shows now for `secret` (`offsetSteps` 30-second steps away). */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + offsetSteps);
}

/** Turns two-factor sign-in on for the context's signed-in user; answers the TOTP secret. */
export async function enrolTwoFactor(request: APIRequestContext, password: string) {
  const api = apiOf(request, ORIGIN);
  const { totpURI } = await api.enableTwoFactor(JAR, password);
  const encoded = new URL(totpURI).searchParams.get('secret') ?? '';
  const secret = new TextDecoder().decode(base32.decode(encoded));
  await api.verifyTotp(JAR, await totpCode(secret));
  return secret;
}

/** The second sign-in step through the API (the challenge cookie is in the context). */
export async function passSecondStep(request: APIRequestContext, secret: string) {
  await apiOf(request, ORIGIN).verifyTotp(JAR, await totpCode(secret));
}

/**
 * Makes sure the run's super-user has two-factor sign-in on, and answers its key. `request` is
 * signed in with the password (the sign-in answered `twoFactorRedirect` when `isChallenged`).
 */
export async function superUserKey(
  request: APIRequestContext,
  password: string,
  isChallenged: boolean,
): Promise<string> {
  if (!isChallenged) {
    // Not enrolled yet: the worker that creates the lock file enrols, the other waits.
    const lock = await fs.open(`${SUPER_USER_KEY}.lock`, 'wx').catch(() => null);
    if (lock) {
      await lock.close();
      const secret = await enrolTwoFactor(request, password);
      await fs.writeFile(SUPER_USER_KEY, secret);
      return secret;
    }
  }
  let secret = '';
  await expect
    .poll(async () => (secret = await fs.readFile(SUPER_USER_KEY, 'utf8').catch(() => '')), {
      timeout: 30_000,
    })
    .not.toBe('');
  return secret;
}

/** The super-user's key, once enrolled (for journeys that sign in through the form). */
export async function readSuperUserKey(): Promise<string> {
  return fs.readFile(SUPER_USER_KEY, 'utf8');
}

/** Fills the sign-in form's second step with the current code. */
export async function enterTwoFactorCode(page: Page, secret: string): Promise<void> {
  await page.getByLabel('Authentication code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Turns two-factor sign-in on through Profile → Two-factor sign-in, as a person does: the
 * password, the key typed from the page (as an app would read the QR code), the first code; the
 * recovery codes are shown once. Answers the TOTP secret.
 */
export async function enrolThroughProfile(page: Page, password: string): Promise<string> {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: /Two-factor sign-in/ });
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await card.getByLabel('Current password').fill(password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: /QR code of the two-factor key/ })).toBeVisible();
  const key = (await card.locator('code').textContent()) ?? '';
  const secret = new TextDecoder().decode(base32.decode(key.replace(/\s+/g, '')));
  await card.getByLabel('Code from the app').fill(await totpCode(secret));
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  return secret;
}
