import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ZMarketplaceAdSpaceList } from '@screenline/shared/campaign';
import { createAccount, signInSuperUser } from './support/app';
import { SAMPLE_CLIP, addToLibrary, createPlaylist, createScreen } from './support/tv';

/* The wizard's forecast (issue 22 item 3): a buyer targets an owner's monetized screen, and the
   forecast's ad-slot time per day drops from the whole day to the weekday mornings when a
   Mon–Fri 07:00–10:00 daypart is added; leaving the wizard and coming back restores the draft.
   The screen's setup goes through the API, its monetization through the pages (as
   marketplace.spec.ts does). */

async function newUser(browser: Browser, role: 'advertiser' | 'publisher', name: string) {
  const context = await browser.newContext();
  await createAccount(context.request, { role, name });
  return context.newPage();
}

/** Seconds as the forecast words them (apps/web/src/lib/campaign-format.ts `formatSeconds`). */
function words(seconds: number): string {
  const minutes = Math.floor(Math.floor(seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0
    ? `${hours.toLocaleString('en-GB')} h`
    : `${hours.toLocaleString('en-GB')} h ${rest} min`;
}

const figure = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Forecast' })
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) });

test('the forecast counts only the dayparts chosen, and the draft survives leaving', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const run = crypto.randomBytes(3).toString('hex');
  const spaceName = `Forecast lobby ${run}`;
  const owner = await newUser(browser, 'advertiser', `Olga Owner ${run}`);
  const buyer = await newUser(browser, 'publisher', `Fred Forecast ${run}`);
  const adminContext = await browser.newContext();
  await signInSuperUser(adminContext.request);
  const admin = await adminContext.newPage();

  // A 2 s clip, then a 5 s ad slot, all day.
  const ownerApi = owner.context().request;
  const clip = await addToLibrary(ownerApi, 'Forecast clip', SAMPLE_CLIP);
  const playlistId = await createPlaylist(ownerApi, 'Forecast loop', [
    { content: clip, kind: 'video' },
    { adSlotSeconds: 5 },
  ]);
  await createScreen(ownerApi, { name: spaceName, defaultPlaylistId: playlistId });

  await owner.goto('/advertiser/monetize');
  await owner.getByRole('button', { name: `Request monetization of ${spaceName}` }).click();
  const monetize = owner.getByRole('dialog', { name: `Monetize “${spaceName}”` });
  await monetize.getByRole('button', { name: 'Request monetization' }).click();
  await expect(monetize).toBeHidden();
  await admin.goto('/admin/monetization-approvals');
  const card = admin.getByRole('article', { name: `Monetization of ${spaceName}` });
  await card.getByRole('button', { name: 'Approve…' }).click();
  const approve = admin.getByRole('alertdialog', {
    name: `Approve monetization of “${spaceName}”?`,
  });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();

  // What the forecast should say, from the screen's ad-slot time by local hour of the week.
  const list = ZMarketplaceAdSpaceList.parse(
    await (await buyer.context().request.get('/api/v1/marketplace/ad-spaces')).json(),
  );
  const space = list.items.find((item) => item.name === spaceName)!;
  const allDay = space.slotSecondsByHour.reduce((sum, seconds) => sum + seconds, 0) / 7;
  const mornings =
    [0, 1, 2, 3, 4]
      .flatMap((day) => [7, 8, 9].map((hour) => space.slotSecondsByHour[day * 24 + hour]!))
      .reduce((sum, seconds) => sum + seconds, 0) / 7;
  expect(mornings).toBeGreaterThan(0);
  expect(mornings).toBeLessThan(allDay / 5);

  await buyer.goto('/publisher/ad-campaigns/new');
  await buyer.getByLabel('Campaign name').fill(`Breakfast ${run}`);
  const steps = buyer.getByRole('navigation', { name: 'Campaign steps' });
  await steps.getByRole('button', { name: 'Targeting' }).click();
  await buyer.getByRole('radio', { name: 'Specific screens' }).click();
  await buyer.getByRole('checkbox', { name: new RegExp(spaceName) }).check();
  const slotTime = figure(buyer, 'Ad-slot time per day');
  await expect(slotTime).toContainText(words(allDay));
  await expect(figure(buyer, 'Screens it plays on')).toContainText('1');

  await steps.getByRole('button', { name: 'Schedule' }).click();
  await buyer.getByRole('button', { name: 'Add a daypart' }).click();
  await expect(slotTime).toContainText(words(mornings));
  await expect(slotTime).toContainText('Within your dayparts');

  await steps.getByRole('button', { name: 'Budget' }).click();
  await buyer.getByLabel('Bid per second').fill('0.01');
  // Alone on the screen: every slot second of the mornings, at the bid.
  await expect(figure(buyer, 'Spend per day')).toContainText(
    `€${((mornings * 10_000) / 1_000_000).toFixed(2)}`,
  );

  // Away to the library and back: everything typed is there.
  await buyer.goto('/content');
  await buyer.goto('/publisher/ad-campaigns/new');
  await expect(buyer.getByText('Restored what you typed')).toBeVisible();
  await expect(buyer.getByLabel('Bid per second')).toHaveValue('0.01');
  await expect(figure(buyer, 'Ad-slot time per day')).toContainText(words(mornings));
});
