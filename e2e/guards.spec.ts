import { expect, test } from '@playwright/test';
import {
  createAccount,
  DASHBOARD,
  PASSWORD,
  signIn,
  signInSuperUser,
  submitSignIn,
} from './support/app';
import { enterTwoFactorCode, readSuperUserKey } from './support/two-factor';

test.describe('the signed-in guard', () => {
  for (const { role, deepLink, heading } of [
    { role: 'advertiser', deepLink: '/profile?tab=security', heading: 'Profile' },
    {
      role: 'advertiser',
      deepLink: '/advertiser/locations?city=Oslo&sort=name',
      heading: 'Locations',
    },
    {
      role: 'publisher',
      deepLink: '/publisher/ad-campaigns?status=active',
      heading: 'Ad campaigns',
    },
  ] as const) {
    test(`an anonymous deep link to ${deepLink} comes back after sign-in`, async ({
      page,
      request,
    }) => {
      const { email } = await createAccount(request, { role });

      await page.goto(deepLink);
      await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(deepLink)}`);
      await expect(page.getByRole('heading', { name: 'Sign in to Screenline' })).toBeVisible();

      await submitSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(deepLink);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('a publisher opening a screen owner page ends on their own dashboard', async ({ page }) => {
    await createAccount(page.request, { role: 'publisher' });
    await page.goto('/advertiser/dashboard');
    await expect(page).toHaveURL(DASHBOARD.publisher);
    await expect(page.getByRole('banner')).toContainText('Ad buyer / Dashboard');

    await page.goto('/advertiser/locations?city=Oslo');
    await expect(page).toHaveURL(DASHBOARD.publisher);
  });

  test('a screen owner opening an ad buyer page ends on their own dashboard', async ({ page }) => {
    await createAccount(page.request, { role: 'advertiser' });
    await page.goto('/publisher/dashboard');
    await expect(page).toHaveURL(DASHBOARD.advertiser);
    await expect(page.getByRole('banner')).toContainText('Screen owner / Dashboard');

    await page.goto('/publisher/ad-campaigns/new');
    await expect(page).toHaveURL(DASHBOARD.advertiser);
  });

  test('the wrong-role redirect replaces the history entry', async ({ page }) => {
    await createAccount(page.request, { role: 'publisher' });
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
    await page.goto('/advertiser/schedule');
    await expect(page).toHaveURL(DASHBOARD.publisher);

    // Back skips the forbidden page instead of bouncing on it again.
    await page.goBack();
    await expect(page).toHaveURL('/help');
  });

  test('a signed-in user without a role is sent to onboarding from a role area', async ({
    page,
  }) => {
    await createAccount(page.request);
    await page.goto('/advertiser/dashboard');
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('heading', { name: 'Welcome to Screenline' })).toBeVisible();
  });
});

test.describe('the super-user guard', () => {
  test('a super-user signing in lands on the approval queues, never the role chooser', async ({
    page,
    request,
  }) => {
    const { email, password } = await signInSuperUser(request);
    await signIn(page, email, password);
    await enterTwoFactorCode(page, await readSuperUserKey());
    // /admin, then its index's redirect once the admin pages' code has loaded.
    await expect(page).toHaveURL('/admin/wallet-approvals', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet approvals' })).toBeVisible();
    await expect(page.getByText('Finish setting up')).toHaveCount(0);
    await expect(page.getByText(/choose your role/i)).toHaveCount(0);
    // Every "home" of a signed-in person is the admin pages for a super-user (issue 21 item 1).
    for (const path of ['/', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin/wallet-approvals');
    }
  });

  test('a user who is not a super-user is sent away from /admin', async ({ page }) => {
    await createAccount(page.request, { role: 'advertiser' });
    for (const path of ['/admin', '/admin/page-views']) {
      await page.goto(path);
      await expect(page).toHaveURL(DASHBOARD.advertiser);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
    }
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Page views' }),
    ).toHaveCount(0);
  });

  test('a super-user reaches /admin and sees the page views of the paths visited', async ({
    page,
    request,
  }) => {
    // Anonymous first: /admin sends to /signin, and signing in comes back to the admin area.
    await page.goto('/admin');
    await expect(page).toHaveURL('/signin');
    const { email, password } = await signInSuperUser(request);
    await submitSignIn(page, email, password);
    // Super-users have two-factor sign-in on: the form asks for the app's code next.
    await enterTwoFactorCode(page, await readSuperUserKey());
    await expect(page).toHaveURL('/admin/wallet-approvals');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet approvals' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Admin', { exact: true })).toBeVisible();

    // /admin itself redirects to wallet approvals for a signed-in super-user.
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/wallet-approvals');

    // Visit pages with a query only this test uses, each until its view is recorded.
    const unique = `${test.info().testId}-${Date.now()}`;
    const visits = [
      { path: `/help/tv/player?from=${unique}`, title: 'TV player guide · Help · Screenline' },
      // A page that waits for the session and the profile still reports its own title.
      { path: `/advertiser/dashboard?from=${unique}`, title: 'Dashboard · Screenline' },
    ];
    for (const { path } of visits) {
      const recorded = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/analytics/page-views') &&
          response.request().method() === 'POST' &&
          (response.request().postDataJSON() as { path: string }).path === path,
      );
      await page.goto(path);
      expect((await recorded).status()).toBe(204);
    }

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Page views' })
      .click();
    await expect(page).toHaveURL('/admin/page-views');
    await expect(page.getByRole('heading', { level: 1, name: 'Page views' })).toBeVisible();
    // Views count under the route (the path without its query); opening it lists the variants.
    for (const { path, title } of visits) {
      const route = path.split('?')[0]!;
      const toggle = page.getByRole('button', { name: new RegExp(`^${route}, \\d+ variants?$`) });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const variants = page.getByRole('rowgroup', { name: `Variants of ${route}` });
      const row = variants.getByRole('row').filter({ has: page.getByRole('cell', { name: path }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell').nth(1)).toHaveText('1');
      await expect(row.getByRole('cell').nth(3)).toHaveText(title);
    }
  });
});
