import { expect, test, type Page } from '@playwright/test';
import { createAccount, DASHBOARD } from './support/app';

type TMode = 'light' | 'dark' | 'system';

const themeButton = (page: Page, mode: TMode) =>
  page.getByRole('button', { name: `Theme: ${mode} (click to cycle)`, exact: true });

/** The page itself is on screen: its heading, and no loading screen over it. */
async function pageShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('loading-screen')).toHaveCount(0);
}

async function expectTheme(page: Page, mode: TMode, dark: boolean): Promise<void> {
  // While a lazy page loads, its loading screen (SPEC: with a theme button of its own) covers
  // the layout and its theme button: two buttons for a moment. Wait for the page itself.
  await pageShown(page);
  await expect(themeButton(page, mode)).toBeVisible();
  await expect(themeButton(page, mode)).toHaveAttribute('title', `Theme: ${mode} (click to cycle)`);
  if (dark) await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('themeMode'))).toBe(mode);
}

test.describe('theme button', () => {
  test.use({ colorScheme: 'light' });

  test('cycles light → dark → system → light, survives a reload and follows the OS in system mode', async ({
    page,
  }) => {
    await page.goto('/signin');
    // Nothing stored yet: the app follows the (light) system.
    await pageShown(page);
    await expect(themeButton(page, 'system')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    await themeButton(page, 'system').click();
    await expectTheme(page, 'light', false);
    await themeButton(page, 'light').click();
    await expectTheme(page, 'dark', true);
    await themeButton(page, 'dark').click();
    await expectTheme(page, 'system', false);

    // System follows the OS preference live.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'system', true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'system', false);

    await themeButton(page, 'system').click();
    await expectTheme(page, 'light', false);
    await themeButton(page, 'light').click();
    await expectTheme(page, 'dark', true);

    await page.reload();
    await expectTheme(page, 'dark', true);
    // The choice holds on every page, not just where it was made.
    await page.goto('/help');
    // The page itself, not its loading screen (which has a theme button of its own).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTheme(page, 'dark', true);
  });

  test('a change in one tab reaches a second tab without a reload', async ({ page, context }) => {
    await createAccount(page.request, { role: 'advertiser' });
    await page.goto(DASHBOARD.advertiser);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/help');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(themeButton(other, 'system')).toBeVisible();

    await themeButton(page, 'system').click();
    await expectTheme(page, 'light', false);
    await expectTheme(other, 'light', false);

    await themeButton(page, 'light').click();
    await expectTheme(page, 'dark', true);
    await expectTheme(other, 'dark', true);

    // And back the other way: the second tab's button changes the first tab.
    await themeButton(other, 'dark').click();
    await expectTheme(other, 'system', false);
    await expectTheme(page, 'system', false);
  });

  test('an invalid stored value is ignored: the app follows the system', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('themeMode', 'purple'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/signin');
    await pageShown(page);
    await expect(themeButton(page, 'system')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await themeButton(page, 'system').click();
    await expectTheme(page, 'light', false);
  });
});
