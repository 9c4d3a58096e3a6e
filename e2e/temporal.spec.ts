import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createAccount, DASHBOARD } from './support/app';

/*
 * The web build takes the browser's own Temporal and loads @js-temporal/polyfill only where there
 * is none (apps/web/vite.config.ts, nativeTemporalFirst). Both ways, the dashboard works out each
 * screen's day on its location's clock.
 */

async function ownerWithAScreen(page: Page): Promise<void> {
  await createAccount(page.request, { role: 'advertiser' });
  const headers = { origin: BASE_URL };
  const location = await page.request.post('/api/v1/locations', {
    headers,
    data: {
      name: 'Shibuya crossing',
      address: { line: '2-2-1 Dogenzaka', city: 'Tokyo', country: 'JP' },
      timeZone: 'Asia/Tokyo',
      venueType: 'retail',
    },
  });
  expect(location.status(), await location.text()).toBe(201);
  const { id: locationId } = (await location.json()) as { id: string };
  const space = await page.request.post('/api/v1/ad-spaces', {
    headers,
    data: {
      name: 'Window screen',
      locationId,
      orientation: 'landscape',
      resolutionWidth: 1920,
      resolutionHeight: 1080,
    },
  });
  expect(space.status(), await space.text()).toBe(201);
}

for (const isNative of [true, false]) {
  test(`the dashboard shows each screen's day ${isNative ? "with the browser's own Temporal" : 'without one: the polyfill loads'}`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (!isNative) {
      await page.addInitScript(() => {
        delete (globalThis as { Temporal?: unknown }).Temporal;
      });
    }
    await ownerWithAScreen(page);
    await page.goto(DASHBOARD.advertiser);
    // The screens list's row (the attention list names the screen too).
    const row = page
      .getByRole('listitem', { name: 'Window screen' })
      .filter({ hasText: 'scheduled today' });
    await expect(row).toContainText('Shibuya crossing · Asia/Tokyo');
    await expect(row.getByRole('img', { name: /scheduled today/i })).toBeVisible();
    expect(await page.evaluate(() => typeof (globalThis as { Temporal?: unknown }).Temporal)).toBe(
      isNative ? 'object' : 'undefined',
    );
    expect(errors).toEqual([]);
  });
}
