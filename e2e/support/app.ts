import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ApiRequestError } from '@screenline/shared/api-client';
import { apiOf, JAR } from './api';
import { passSecondStep, superUserKey } from './two-factor';

/* Shared steps for the browser journeys: accounts, sign-in, onboarding and the dev mailbox. */

export type TRole = 'advertiser' | 'publisher';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const PASSWORD = 'correct-horse-battery';
/** SUPER_USER_EMAILS in playwright.config.ts: this account is a super-user from sign-up. */
export const SUPER_USER_EMAIL = 'admin@e2e.test';

export const DASHBOARD: Record<TRole, string> = {
  advertiser: '/advertiser/dashboard',
  publisher: '/publisher/dashboard',
};

export const ROLE_OPTION: Record<TRole, RegExp> = {
  advertiser: /^Screen owner(?!\s*\()/,
  publisher: /^Ad buyer(?!\s*\()/,
};

let counter = 0;

/** A new address for every call: the test's id, the time and a counter keep runs and tests apart. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  const id = test
    .info()
    .testId.replace(/[^a-z0-9]/gi, '')
    .slice(0, 12);
  return `${label}-${id}-${Date.now()}-${counter}@e2e.test`.toLowerCase();
}

export type TAccount = { email: string; password: string; name: string; role: TRole | null };

/**
 * Creates an account through the API (the shared client, e2e/support/api.ts). With `page.request`
 * the page's context is signed in as the new user; with the `request` fixture the page stays
 * anonymous. A role completes onboarding too.
 */
export async function createAccount(
  request: APIRequestContext,
  {
    email = uniqueEmail(),
    password = PASSWORD,
    role = null,
    name = 'Ada Lovelace',
    company = 'Analytical Engines',
  }: Partial<TAccount> & { company?: string } = {},
): Promise<TAccount> {
  const api = apiOf(request, BASE_URL);
  // Sign-up makes no session (it answers an existing address the same way): sign in next.
  await api.signUp({ email, password, name: email.split('@')[0] ?? email });
  const signedIn = await api.signIn({ email, password });
  expect(signedIn.isChallenged, `${email} signed in without a second step`).toBe(false);
  if (role) await api.updateMe(JAR, { role, name, company });
  return { email, password, name, role };
}

/**
 * The super-user of this run. Its email can be signed up once per server, so a second call (a retry,
 * another test) signs in instead.
 */
export async function signInSuperUser(request: APIRequestContext): Promise<TAccount> {
  const account: TAccount = {
    email: SUPER_USER_EMAIL,
    password: PASSWORD,
    name: 'Grace Admin',
    role: 'advertiser',
  };
  const api = apiOf(request, BASE_URL);
  // Sign-up answers the same whether or not the account exists and makes no session: sign in next.
  // Two journeys that start together may both sign the account up; the one whose insert loses the
  // race is answered 422 (FAILED_TO_CREATE_USER), and the account exists all the same.
  await api
    .signUp({ email: account.email, password: account.password, name: 'admin' })
    .catch((error: unknown) => {
      if (!(error instanceof ApiRequestError && error.body.includes('FAILED_TO_CREATE_USER')))
        throw error;
    });
  const { isChallenged } = await api.signIn({ email: account.email, password: account.password });
  // Super-users need two-factor sign-in (issue 18 item 4): enrolled once per run, then a code.
  const secret = await superUserKey(request, account.password, isChallenged);
  // Not challenged: this context signed in before the account was enrolled, or enrolled it now.
  if (isChallenged) await passSecondStep(request, secret);
  const profile = await api.getMe(JAR);
  expect(profile.isSU).toBe(true);
  if (profile.role === null) {
    await api.updateMe(JAR, {
      role: account.role ?? undefined,
      name: account.name,
      company: 'Screenline',
    });
  }
  return account;
}

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /signin and signs in. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Screenline' })).toBeVisible();
  await submitSignIn(page, email, password);
}

/** Signs up through the form on /signup; the app continues to /onboarding. */
export async function signUpWithForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your Screenline account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Completes /onboarding for a role; the app continues to that role's dashboard. */
export async function completeOnboarding(
  page: Page,
  role: TRole,
  name = 'Ada Lovelace',
  company = 'Analytical Engines',
): Promise<void> {
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { name: 'Welcome to Screenline' })).toBeVisible();
  await page.getByRole('radio', { name: ROLE_OPTION[role] }).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Company').fill(company);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Opens the account menu in the dashboard's top bar and signs out. */
export async function signOutFromUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

type TMail = { to: string; subject: string; text: string; createdAt: string };

async function mailsTo(request: APIRequestContext, to: string, subject: string): Promise<TMail[]> {
  const response = await request.get('/api/v1/dev/mailbox');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: TMail[] };
  return items.filter((mail) => mail.to === to && mail.subject === subject);
}

/** How many emails with this subject the dev mailbox holds for an address. */
export async function countMails(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<number> {
  return (await mailsTo(request, to, subject)).length;
}

/**
 * Waits until the dev mailbox holds more than `after` emails with this subject for the address and
 * returns the link in the newest one.
 */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  subject: string,
  after = 0,
): Promise<string> {
  let newest: TMail | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, to, subject);
      newest = mails[0];
      return mails.length;
    })
    .toBeGreaterThan(after);
  const link = /https?:\/\/\S+/.exec(newest!.text)?.[0];
  expect(link, `a link in "${newest!.text}"`).toBeDefined();
  expect(new URL(link!).origin).toBe(BASE_URL);
  return link!;
}

export const MAIL_SUBJECTS = {
  verify: 'Confirm your email for Screenline',
  reset: 'Reset your Screenline password',
} as const;

/** A message the user reads: a sentence, never a code such as INVALID_EMAIL_OR_PASSWORD. */
export function expectSentence(text: string | null): void {
  expect(text?.trim()).toMatch(/^[A-Z][^_]*[a-z][^_]*\.$/);
  expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]/);
}

/**
 * Waits until a live region (role status) says `text`: dnd-kit's keyboard sorting announces
 * each step, and a key pressed before the last step was taken is dropped on a loaded machine.
 */
export async function expectAnnounced(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
}
