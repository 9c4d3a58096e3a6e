import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL, countMails, createAccount, uniqueEmail } from './support/app';
import {
  SAMPLE_IMAGE,
  addToLibrary,
  createPlaylist,
  createScreen,
  openSetUpTv,
  registerTv,
} from './support/tv';

/* Running many screens (issue 23 items 4 and 5): an owner chooses who hears about their screens
   and a TV running out of storage puts an alert e-mail in the outbox; a power schedule that has
   the screen off now turns the TV black, shades the schedule and shows "Scheduled off", and
   "Always on" brings playback back. The e2e server runs the alert rules every 5 s
   (playwright.config.ts). */

const ORIGIN = { origin: BASE_URL };
const LONDON = 'Europe/London';

/** HH:00 in London `hours` from now (wrapping past midnight). */
function londonHourFromNow(hours: number): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: LONDON,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(Date.now() + hours * 3_600_000),
  );
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A heartbeat of the TV with 95 % of its storage used. */
async function reportStorageLow(request: APIRequestContext, token: string): Promise<void> {
  const beat = await request.post('/api/v1/player/heartbeat', {
    headers: { ...ORIGIN, authorization: `Bearer ${token}` },
    data: {
      appVersion: 'e2e',
      manifestVersion: null,
      storage: { usedBytes: 95_000_000, quotaBytes: 100_000_000, persisted: true },
      cache: { filesReady: 0, filesNeeded: 0, bytesReady: 0, bytesNeeded: 0, problem: null },
      nowPlaying: null,
    },
  });
  expect(beat.status(), await beat.text()).toBeLessThan(300);
}

async function openPowerSchedule(page: Page, name: string) {
  await page.goto('/advertiser/ad-spaces');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Power schedule…' }).click();
  return page.getByRole('dialog', { name: `Power schedule of “${name}”` });
}

test('a TV running out of storage puts one alert e-mail in the outbox for each address', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const request = page.request;
  await createAccount(request, { role: 'advertiser' });
  const screen = await createScreen(request, { name: 'Storage screen', timeZone: LONDON });
  const device = await registerTv(request, screen);
  const address = uniqueEmail('alerts');

  await test.step('the owner adds an address under Profile → Screen alerts', async () => {
    await page.goto('/profile');
    const card = page
      .getByRole('region', { name: 'Screen alerts' })
      .or(page.locator('#screen-alerts'));
    await card.getByLabel('E-mail these addresses').fill(`${address}\nnot-an-address`);
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(card.getByText('Enter a valid email address.')).toBeVisible();
    await card.getByLabel('E-mail these addresses').fill(address);
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(page.getByText('Alert settings saved.')).toBeVisible();
    await expect(card.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  });

  await test.step('the TV reports 95 % of its storage used', async () => {
    await reportStorageLow(request, device.token);
  });

  const subject = 'Screenline: Storage screen is running out of storage';
  await test.step('one alert reaches the outbox, and the dev mailbox shows it', async () => {
    await expect.poll(() => countMails(request, address, subject), { timeout: 30_000 }).toBe(1);
    await page.goto('/dev/mailbox');
    const mail = page
      .getByRole('article')
      .filter({ hasText: address })
      .filter({ hasText: subject });
    await expect(mail).toContainText('has used 95%');
    await expect(mail).toContainText('Nothing is scheduled on it now');
  });

  await test.step('further runs of the rules send nothing more for the same incident', async () => {
    // A run is seen by the alert of another screen that fills up after the last mail: the run
    // that announces the second screen began after the first alert went out. Runs follow one
    // another (ALERTS_INTERVAL_SECONDS from the end of the previous one), so once the third
    // screen's mail is there, that run has ended, and a second mail for the first incident
    // would be in the outbox.
    for (const name of ['Second storage screen', 'Third storage screen']) {
      const other = await createScreen(request, { name, timeZone: LONDON });
      await reportStorageLow(request, (await registerTv(request, other)).token);
      const otherSubject = `Screenline: ${name} is running out of storage`;
      await expect
        .poll(() => countMails(request, address, otherSubject), { timeout: 30_000 })
        .toBe(1);
    }
    expect(await countMails(request, address, subject)).toBe(1);
  });
});

test('a power-off period: the TV goes black, the schedule shades it, and Always on plays again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const request = page.request;
  await createAccount(request, { role: 'advertiser' });
  const image = await addToLibrary(request, 'Autumn poster', SAMPLE_IMAGE);
  const playlistId = await createPlaylist(request, 'Lobby loop', [
    { content: image, kind: 'image', durationSeconds: 3 },
  ]);
  const screen = await createScreen(request, {
    name: 'Power screen',
    timeZone: LONDON,
    defaultPlaylistId: playlistId,
  });
  const device = await registerTv(request, screen);
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await tvContext.newPage();
  await openSetUpTv(tv, screen, device);
  const playingImage = tv.locator('[data-playback-slot] img');
  await expect(playingImage.first()).toBeVisible({ timeout: 30_000 });

  await test.step('the owner sets on hours that begin two hours from now', async () => {
    const dialog = await openPowerSchedule(page, 'Power screen');
    await expect(dialog.getByText('Always on.')).toBeVisible();
    await dialog.getByRole('button', { name: 'On at set hours' }).click();
    for (const day of ['Sat', 'Sun']) await dialog.getByLabel(day).check();
    await dialog.getByLabel('On from').fill(londonHourFromNow(2));
    await dialog.getByLabel('Off at').fill(londonHourFromNow(3));
    await dialog.getByRole('button', { name: 'Save power schedule' }).click();
    await expect(page.getByText('The power schedule of “Power screen” was saved.')).toBeVisible();
    // Focus goes back to the row's actions.
    await expect(page.getByRole('button', { name: 'Actions for Power screen' })).toBeFocused();
  });

  await test.step('the TV, told by the push, turns black and plays nothing', async () => {
    await expect(tv.locator('[data-power="off"]')).toBeVisible({ timeout: 20_000 });
    await tv.screenshot({ path: test.info().outputPath('tv-scheduled-off-1920x1080.png') });
  });

  await test.step('the schedule page shades the off hours', async () => {
    await page.goto(`/advertiser/schedule?adSpace=${screen.adSpaceId}`);
    await expect(page.getByText(/Shaded hours are off in the power schedule/)).toBeVisible();
    await expect(page.locator('[data-power-off]').first()).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('schedule-off-hours.png') });
  });

  await test.step('Always on brings playback back', async () => {
    const dialog = await openPowerSchedule(page, 'Power screen');
    await expect(dialog.getByText(/^Off now/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Always on' }).click();
    await dialog.getByRole('button', { name: 'Save power schedule' }).click();
    await expect(page.getByText('“Power screen” is always on.')).toBeVisible();
    await expect(tv.locator('[data-power="off"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(playingImage.first()).toBeVisible({ timeout: 20_000 });
  });
  await tvContext.close();
});
