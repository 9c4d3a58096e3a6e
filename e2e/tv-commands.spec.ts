import { expect, test } from '@playwright/test';
import { createAccount } from './support/app';
import {
  SAMPLE_IMAGE,
  addToLibrary,
  createPlaylist,
  createScreen,
  openSetUpTv,
  registerTv,
} from './support/tv';

/* Running many screens from the web (issue 23 items 2, 3 and 6): on the ad spaces page the owner
   opens "On screen now" for a TV that plays, sees its screenshot arrive, sends Identify and
   watches it go to Done as the TV acknowledges it (and the TV shows its name), then starts an
   emergency takeover that the TV shows within seconds and confirms, and ends it. */

test('an owner sees what a TV shows, sends it a command and takes it over', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await createAccount(page.request, { role: 'advertiser' });
  const poster = await addToLibrary(page.request, 'Lobby poster', SAMPLE_IMAGE);
  const playlist = await createPlaylist(page.request, 'Lobby loop', [
    { content: poster, kind: 'image', durationSeconds: 30 },
  ]);
  const screen = await createScreen(page.request, {
    name: 'Lobby screen',
    defaultPlaylistId: playlist,
  });
  const device = await registerTv(page.request, screen);

  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await openSetUpTv(tv, screen, device);
  await expect(tv.locator('[data-playback-slot] img').first()).toBeVisible({ timeout: 20_000 });

  // The heartbeat is written in batches: the page opens once the TV counts as online.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/v1/ad-spaces/${screen.adSpaceId}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 20_000 },
    )
    .toBe('online');
  await page.goto('/advertiser/ad-spaces');
  await expect(page.getByRole('row', { name: /Lobby screen/ })).toContainText('Online');
  await page.getByRole('button', { name: 'Actions for Lobby screen' }).click();
  await page.getByRole('menuitem', { name: 'On screen now…' }).click();
  const dialog = page.getByRole('dialog', { name: /On screen now/ });
  // Opening asks the TV for a screenshot: it arrives as an image, or the reason it could not.
  await expect(
    dialog
      .getByRole('img', { name: /What .* showed/ })
      .or(dialog.getByText('This TV could not take a screenshot')),
  ).toBeVisible({ timeout: 20_000 });

  await dialog.getByRole('button', { name: 'Identify' }).click();
  await expect(tv.getByTestId('identify')).toContainText('Lobby screen', { timeout: 10_000 });
  const commands = dialog.getByRole('list', { name: 'Recent commands' });
  await expect(
    commands.getByRole('listitem').filter({ hasText: 'Identify' }).first(),
  ).toContainText('Done', { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Actions for Lobby screen' })).toBeFocused();

  await page.getByRole('button', { name: 'Emergency takeover' }).click();
  const takeover = page.getByRole('dialog', { name: 'Emergency takeover' });
  await takeover
    .getByRole('textbox', { name: 'Message' })
    .fill('Fire drill: please leave by the nearest exit.');
  await takeover.getByRole('button', { name: 'Start takeover' }).click();
  await expect(takeover).toBeHidden();
  await expect(tv.getByTestId('takeover')).toHaveText(
    'Fire drill: please leave by the nearest exit.',
    {
      timeout: 15_000,
    },
  );
  const banner = page.getByRole('region', { name: 'Active takeovers' });
  await expect(banner).toContainText('Emergency takeover');
  await expect(banner).toContainText('Showing on:', { timeout: 15_000 });
  await tv.screenshot({ path: test.info().outputPath('tv-takeover.png') });
  await banner.getByRole('button', { name: 'End now' }).click();
  await expect(banner).toBeHidden();
  await expect(tv.getByTestId('takeover')).toBeHidden({ timeout: 15_000 });
  await expect(tv.locator('[data-playback-slot] img').first()).toBeVisible();
  await tvContext.close();
});
