import { expect, test } from '@playwright/test';
import { createAccount } from './support/app';
import { SAMPLE_IMAGE, addToLibrary, createPlaylist, createScreen, registerTv } from './support/tv';

/*
 * Issue 23 item 1's journey: an owner with a screen in Berlin and one in New York selects both on
 * the ad spaces page, makes a group of them, schedules a playlist on the group from the schedule
 * page, and both TVs' manifests carry the entry (each with its own timeline) while the schedule
 * page of the other screen shows it as the group's.
 */

test('a group schedule: one entry made for a group plays on both of its screens', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createAccount(page.request, { role: 'advertiser' });
  const image = await addToLibrary(page.request, 'Welcome', SAMPLE_IMAGE);
  const playlistId = await createPlaylist(page.request, 'Welcome loop', [
    { content: image, kind: 'image', durationSeconds: 5 },
  ]);
  const berlin = await createScreen(page.request, {
    name: 'Berlin lobby',
    timeZone: 'Europe/Berlin',
  });
  const newYork = await createScreen(page.request, {
    name: 'New York lobby',
    timeZone: 'America/New_York',
  });
  const tvs = [await registerTv(page.request, berlin), await registerTv(page.request, newYork)];

  // Select both screens and make a group of them.
  await page.goto('/advertiser/ad-spaces');
  await page.getByRole('checkbox', { name: 'Select all ad spaces shown' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions for the selected ad spaces' });
  await expect(bar).toContainText('2 ad spaces selected');
  await bar.getByRole('button', { name: 'New group…' }).click();
  const groupForm = page.getByRole('dialog', { name: 'New group' });
  await groupForm.getByRole('textbox', { name: 'Name' }).fill('Lobbies');
  await groupForm.getByRole('button', { name: 'Make group' }).click();
  await expect(groupForm).toBeHidden();
  const groups = page.getByRole('list', { name: 'Groups' });
  await expect(groups).toContainText('2 screens: Berlin lobby, New York lobby');

  // Schedule the playlist on the group, all day every day, from the first screen's schedule.
  await groups.getByRole('link', { name: 'Schedule Lobbies' }).click();
  await expect(page.getByLabel('Ad space', { exact: true })).toHaveValue(berlin.adSpaceId);
  await page.getByRole('button', { name: 'New entry' }).click();
  const entryForm = page.getByRole('dialog', { name: 'New schedule entry' });
  await entryForm.getByLabel('Plays on').selectOption({ label: 'Group: Lobbies (2 screens)' });
  await entryForm.getByLabel('Playlist').selectOption({ label: 'Welcome loop' });
  // The first day defaults to today on the Berlin screen's clock; from 18:00 in New York that is
  // already tomorrow there, and the New York week shown below would not hold the entry. Today in
  // New York is a day both screens have reached.
  const newYorkToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  await entryForm.getByLabel('First day').fill(newYorkToday);
  await entryForm.getByLabel('Start time').fill('00:00');
  await entryForm.getByLabel('End time').fill('00:00');
  await entryForm.getByRole('button', { name: 'Add entry' }).click();
  await expect(entryForm).toBeHidden();

  // The other screen's schedule shows it as the group's entry.
  await page
    .getByLabel('Ad space', { exact: true })
    .selectOption({ label: 'New York lobby · Riverside Mall' });
  await expect(page.getByText('Group: Lobbies').first()).toBeVisible();

  // Both TVs' manifests carry the entry and play it now, each on its own clock.
  const zones = new Set<string>();
  for (const tv of tvs) {
    const response = await page.request.get('/api/v1/player/manifest', {
      headers: { authorization: `Bearer ${tv.token}` },
    });
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      timeZone: string;
      schedule: { entries: { id: string; playlistId: string }[] };
      timeline: { startMs: number; endMs: number; source: string; playlistId: string | null }[];
    };
    expect(manifest.schedule.entries.map((entry) => entry.playlistId)).toEqual([playlistId]);
    const now = Date.now();
    const current = manifest.timeline.find(
      (segment) => segment.startMs <= now && now < segment.endMs,
    );
    expect(current).toMatchObject({ source: 'schedule', playlistId });
    zones.add(manifest.timeZone);
  }
  expect(zones).toEqual(new Set(['Europe/Berlin', 'America/New_York']));
});
