import { expect, test, type Page } from '@playwright/test';
import { createAccount, DASHBOARD } from './support/app';

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar is a drawer opened by a labelled menu button; a link navigates and closes it', async ({
    page,
  }) => {
    await createAccount(page.request, { role: 'advertiser' });
    await page.goto(DASHBOARD.advertiser);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();

    // No sidebar on the page itself.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await nav.getByRole('link', { name: 'Locations', exact: true }).click();
    await expect(page).toHaveURL('/advertiser/locations');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();

    // It also closes with its close button, staying on the page.
    await menuButton.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Locations', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/advertiser/locations');
    // Focus is back on the button that opened it.
    await expect(menuButton).toBeFocused();
  });

  test('the dev banner never covers a form field', async ({ page }) => {
    await createAccount(page.request, { role: 'advertiser' });
    for (const path of ['/profile', '/content/generate']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // One copy shows (the sidebar's is in the closed drawer's place, hidden).
      const banner = page.getByRole('status', { name: 'Development preview' });
      await expect(banner).toHaveCount(1);
      await expect(banner).toContainText('Preview backend');
      // The banner comes after the page's content instead of floating over it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const [main, box] = await Promise.all([
        page.locator('main').boundingBox(),
        banner.boundingBox(),
      ]);
      expect(box!.y, `the banner overlaps the page on ${path}`).toBeGreaterThanOrEqual(
        main!.y + main!.height,
      );
    }
  });

  test('the page does not scroll sideways', async ({ page }) => {
    await createAccount(page.request, { role: 'publisher' });
    for (const path of [DASHBOARD.publisher, '/profile', '/signin', '/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

test('the creative generator fits 1240, 1024 and 390 px wide, "Save to library" on screen', async ({
  page,
}) => {
  await createAccount(page.request, { role: 'advertiser' });
  for (const width of [1240, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/content/generate');
    const save = page.getByRole('button', { name: 'Save to library' });
    await save.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    const box = await save.boundingBox();
    expect(box, `Save to library at ${width} px`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
});

test.describe('at desktop width', () => {
  test('the dev banner sits under the sidebar, never over the page', async ({ page }) => {
    await createAccount(page.request, { role: 'advertiser' });
    for (const path of [DASHBOARD.advertiser, '/advertiser/schedule', '/profile']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const banner = page.getByRole('status', { name: 'Development preview' });
      // One copy shows: the sidebar's, below its navigation (issue 21).
      await expect(banner).toHaveCount(1);
      await expect(banner).toContainText('Preview backend');
      const [sidebar, nav, main, box] = await Promise.all([
        page.locator('aside[data-sidebar]').boundingBox(),
        page.getByRole('navigation', { name: 'Main' }).boundingBox(),
        page.locator('main').boundingBox(),
        banner.boundingBox(),
      ]);
      expect(sidebar && nav && main && box, path).toBeTruthy();
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(sidebar!.x + sidebar!.width);
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(main!.x);
      expect(box!.y, path).toBeGreaterThanOrEqual(nav!.y + nav!.height);
      expect(box!.y + box!.height, path).toBeLessThanOrEqual(900);
    }
  });

  test('the sidebar is always shown and there is no menu button', async ({ page }) => {
    await createAccount(page.request, { role: 'publisher' });
    await page.goto(DASHBOARD.publisher);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();

    await nav.getByRole('link', { name: 'Ad campaigns', exact: true }).click();
    await expect(page).toHaveURL('/publisher/ad-campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Ad campaigns' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Ad campaigns', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

type TProblem = { page: string; kind: string; text: string };

/**
 * Known app bug, reported with the e2e suite of issue 2 (remove this when it is fixed): zod 4 probes
 * for eval with `new Function('')` when the first schema is built; the CSP (script-src 'self')
 * blocks it and Chromium reports a violation on every page, although zod catches the error.
 */
/** Records console errors, uncaught exceptions and CSP violations of a page. */
async function watchForProblems(page: Page): Promise<TProblem[]> {
  const problems: TProblem[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push({ page: where(), kind: 'console error', text: message.text() });
    }
  });
  page.on('pageerror', (error) => {
    problems.push({ page: where(), kind: 'uncaught exception', text: error.message });
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    problems.push({ page: where(), kind: 'CSP violation', text });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return problems;
}

test('the main pages log no errors and break no Content-Security-Policy rule', async ({ page }) => {
  const problems = await watchForProblems(page);

  // The watcher itself works: a blocked inline script is reported.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Screenline' })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect
    .poll(() => [...new Set(problems.map((p) => p.kind))].sort())
    .toEqual(['CSP violation', 'console error']);
  expect(problems.find((p) => p.kind === 'console error')?.text).toMatch(/Content Security Policy/);
  problems.length = 0;

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your Screenline account' })).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  await createAccount(page.request, { role: 'advertiser' });
  await page.goto(DASHBOARD.advertiser);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: /^Theme: / }).click();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  await page.goto('/help/tv/player');
  await expect(page.getByRole('heading', { level: 1, name: 'TV player guide' })).toBeVisible();
  await page.goto('/help/introduction');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(problems).toEqual([]);
});
