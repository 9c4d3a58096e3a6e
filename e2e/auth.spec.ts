import { expect, test } from '@playwright/test';
import {
  completeOnboarding,
  createAccount,
  DASHBOARD,
  expectSentence,
  linkFromMail,
  MAIL_SUBJECTS,
  PASSWORD,
  signIn,
  signOutFromUserMenu,
  signUpWithForm,
  submitSignIn,
  uniqueEmail,
} from './support/app';

const NAVIGATION = {
  advertiser: {
    section: 'Screen owner',
    links: [
      'Dashboard',
      'Locations',
      'Ad spaces',
      'TVs',
      'Playlists',
      'Schedule',
      'Content',
      'Monetize',
      'Wallet',
    ],
    absent: ['Ad campaigns'],
  },
  publisher: {
    section: 'Ad buyer',
    links: ['Dashboard', 'Ad campaigns', 'Content', 'Wallet'],
    absent: ['Locations', 'Ad spaces', 'TVs', 'Playlists', 'Schedule', 'Monetize'],
  },
} as const;

test.describe('sign up, onboarding and the dashboard', () => {
  for (const role of ['advertiser', 'publisher'] as const) {
    test(`a new ${role} signs up, onboards and lands on their dashboard, still signed in after a reload`, async ({
      page,
    }) => {
      await signUpWithForm(page, uniqueEmail(role));
      await completeOnboarding(page, role, 'Ada Lovelace', 'Analytical Engines');

      await expect(page).toHaveURL(DASHBOARD[role]);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
      await expect(page.getByText('Your account is ready.')).toBeVisible();

      const nav = page.getByRole('navigation', { name: 'Main' });
      const { section, links, absent } = NAVIGATION[role];
      await expect(nav.getByText(section, { exact: true })).toBeVisible();
      for (const name of [...links, 'Profile', 'Help']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      for (const name of absent) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
      }
      await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
        'href',
        DASHBOARD[role],
      );
      await expect(page.getByRole('banner')).toContainText(`${section} / Dashboard`);
      await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(
        'Ada Lovelace',
      );

      await page.reload();
      await expect(page).toHaveURL(DASHBOARD[role]);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    });
  }

  test('signing up with an email that already has an account says to check the inbox, not that it exists', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request);
    await signUpWithForm(page, email, 'a-different-password-1');

    // The same answer as for a new address (issue 18 item 7); the mail tells the owner the rest.
    const notice = page.getByText(`Check your inbox at ${email}`);
    await expect(notice).toBeVisible();
    expectSentence(await notice.textContent());
    await expect(page).toHaveURL('/signin');
    await expect(page.getByText(/already (exists|has an account)/)).toHaveCount(0);
  });
});

test.describe('sign in and sign out', () => {
  test('a wrong password shows a sentence and keeps the visitor on /signin', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, { role: 'advertiser' });
    await signIn(page, email, 'not-the-password');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The email or password is not correct.');
    expectSentence(await alert.textContent());
    await expect(page).toHaveURL('/signin');

    // The right password still works afterwards.
    await submitSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(DASHBOARD.advertiser);
  });

  test('signing out from the user menu returns to /signin and protected pages stay closed', async ({
    page,
  }) => {
    await createAccount(page.request, { role: 'publisher' });
    await page.goto(DASHBOARD.publisher);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();

    await signOutFromUserMenu(page);
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in to Screenline' })).toBeVisible();

    await page.goto(DASHBOARD.publisher);
    await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(DASHBOARD.publisher)}`);
    await expect(page.getByRole('heading', { name: 'Sign in to Screenline' })).toBeVisible();
    const me = await page.request.get('/api/v1/me');
    expect(me.status()).toBe(401);
  });
});

test.describe('forgot password', () => {
  test('the emailed link sets a new password once; the same link again shows a sentence', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, { role: 'advertiser' });
    const newPassword = 'a-brand-new-passphrase';

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();

    const link = await linkFromMail(request, email, MAIL_SUBJECTS.reset);
    await page.goto(link);
    await expect(page).toHaveURL(/\/forgot-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL('/signin');
    await expect(
      page.getByText('Your password was changed. Sign in with the new one.'),
    ).toBeVisible();

    // The old password is gone; the new one signs in.
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(DASHBOARD.advertiser);

    // A used link cannot be used again.
    await page.goto(link);
    await expect(page).toHaveURL(/\/forgot-password\?error=/);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'This link is not valid or was already used. Ask for a new one.',
    );
    expectSentence(await alert.textContent());
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });
});
