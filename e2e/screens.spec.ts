import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Temporal } from '@screenline/playback/temporal';
import { createAccount, expectAnnounced } from './support/app';

/*
 * A new screen owner's whole journey (issue 7): a location, an ad space there, content in the
 * library, a playlist of it with an ad slot (reordered from the keyboard), scheduled for weekday
 * mornings, seen in the week view, "What plays here at…" 09:30 on a Monday, the preview playing
 * the items one after the other, and the dashboard's checklist ticking itself off.
 */

const IMAGE = path.join(import.meta.dirname, 'fixtures', 'sample-image.png');
const ZONE = 'America/New_York';

/** Picks an option of a searchable picker by typing part of it and pressing Enter. */
async function pick(page: Page, name: string, search: string): Promise<void> {
  await page.getByRole('combobox', { name }).click();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
}

/** This week's Monday on New York's clock, `YYYY-MM-DD`: the schedule's first day. */
function mondayInNewYork(): Temporal.PlainDate {
  const today = Temporal.Now.plainDateISO(ZONE);
  return today.subtract({ days: today.dayOfWeek - 1 });
}

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Playlist items' }).getByRole('listitem');

test('a screen owner sets up a screen, schedules weekday mornings and asks what plays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createAccount(page.request, { role: 'advertiser' });

  // A location in New York.
  await page.goto('/advertiser/locations');
  await page.getByRole('button', { name: 'Add location' }).click();
  const locationForm = page.getByRole('dialog', { name: 'Add a location' });
  await locationForm.getByLabel('Name', { exact: true }).fill('Corner Café');
  await locationForm.getByLabel('Venue type').selectOption({ label: 'Food and drink' });
  await pick(page, 'Time zone', 'new york');
  await expect(locationForm.getByRole('combobox', { name: 'Time zone' })).toHaveValue(
    'America/New York',
  );
  await locationForm.getByLabel('Street address').fill('1 Main St');
  await locationForm.getByLabel('City').fill('New York');
  await pick(page, 'Country', 'united states');
  await locationForm.getByRole('button', { name: 'Add location' }).click();
  await expect(locationForm).toBeHidden();

  // An ad space there (the only location is chosen for us).
  await page.goto('/advertiser/ad-spaces');
  await page.getByRole('button', { name: 'Add ad space' }).click();
  const spaceForm = page.getByRole('dialog', { name: 'Add an ad space' });
  await spaceForm.getByLabel('Name', { exact: true }).fill('Window screen');
  await spaceForm.getByRole('button', { name: 'Add ad space' }).click();
  await expect(spaceForm).toBeHidden();
  // A new space has nothing to play: the page says so at once, with the ways out (issue 21).
  const spaceNotice = page.getByRole('region', { name: 'Playing now' });
  await expect(spaceNotice.getByRole('status')).toHaveText(
    /^Now \(\d\d:\d\d in America\/New_York\): Window screen shows the idle screen: a TV on it says “Waiting for content”\.$/,
  );
  await expect(spaceNotice.getByRole('link', { name: 'Build a playlist to play' })).toBeVisible();
  await expect(spaceNotice.getByRole('link', { name: 'Schedule it by time of day' })).toBeVisible();

  // Content in the library.
  await page.goto('/content');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).first().click();
  await (await chooser).setFiles([IMAGE]);
  await expect(
    page
      .getByRole('list', { name: 'Content library' })
      .getByRole('listitem', { name: 'sample-image', exact: true }),
  ).toBeVisible();

  // A playlist: the image for 2 s and an ad slot of 2 s, the slot moved first by keyboard.
  await page.goto('/advertiser/playlists/new');
  await page.getByRole('textbox', { name: 'Name' }).fill('Breakfast loop');
  await page.getByRole('button', { name: 'Add from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Add from your library' });
  await picker.getByRole('button', { name: 'sample-image' }).click();
  await picker.getByRole('button', { name: 'Add 1 item' }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('spinbutton', { name: 'Duration of sample-image' }).fill('2');
  await page.getByRole('button', { name: 'Add ad slot' }).click();
  await page.getByRole('spinbutton', { name: 'Length of Ad slot 2' }).fill('2');
  await expect(rows(page)).toHaveText([/sample-image/, /Ad slot/]);
  await page.getByRole('button', { name: 'Move Ad slot, position 2' }).focus();
  // Each key waits for dnd-kit's announcement of the step before it (see expectAnnounced).
  await page.keyboard.press('Space');
  await expectAnnounced(page, 'Picked up Ad slot, position 2');
  await page.keyboard.press('ArrowUp');
  await expectAnnounced(page, 'moved to position 1');
  await page.keyboard.press('Space');
  await expect(rows(page)).toHaveText([/Ad slot/, /sample-image/]);
  await page.getByRole('button', { name: 'Save playlist' }).click();
  await expect(page.getByText('Saved: version 1.')).toBeVisible();
  const editorUrl = page.url();

  // Weekday mornings, 08:00–11:00, from this week's Monday.
  const monday = mondayInNewYork();
  await page.goto('/advertiser/schedule');
  await expect(page.getByText(ZONE, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New entry' }).click();
  const entryForm = page.getByRole('dialog', { name: 'New schedule entry' });
  await entryForm.getByLabel('Playlist').selectOption({ label: 'Breakfast loop' });
  await entryForm.getByLabel('First day').fill(monday.toString());
  await entryForm.getByRole('checkbox', { name: 'Saturday' }).uncheck();
  await entryForm.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await entryForm.getByLabel('Start time').fill('08:00');
  await entryForm.getByLabel('End time').fill('11:00');
  await entryForm.getByRole('button', { name: 'Add entry' }).click();
  await expect(entryForm).toBeHidden();
  await expect(page.getByRole('button', { name: 'New entry' })).toBeFocused();

  // The saved entry's notice says what the screen plays at this moment (issue 21): the entry's
  // playlist on a weekday morning in New York, else the idle screen, with the offer to play the
  // playlist all the time. Judged at the time the notice itself gives.
  const entryNotice = page.getByRole('region', { name: 'Playing now' });
  const said = (await entryNotice.getByRole('status').textContent()) ?? '';
  const clock = /^Now \((\d\d):(\d\d) in America\/New_York\): Window screen /.exec(said);
  expect(clock, said).not.toBeNull();
  const minutes = Number(clock![1]) * 60 + Number(clock![2]);
  const today = Temporal.Now.plainDateISO(ZONE);
  const isOn = today.dayOfWeek <= 5 && minutes >= 8 * 60 && minutes < 11 * 60;
  expect(said).toBe(
    isOn
      ? `${clock![0]}plays Breakfast loop, from its schedule. This entry plays it: Mon–Fri, 08:00–11:00.`
      : `${clock![0]}shows the idle screen: a TV on it says “Waiting for content”. Breakfast loop plays in this entry’s window: Mon–Fri, 08:00–11:00.`,
  );
  await expect(
    entryNotice.getByRole('button', { name: 'Play Breakfast loop all the time' }),
  ).toBeVisible();

  // The week view: a block on each weekday morning, none at the weekend.
  const blocks = page.getByRole('button', { name: /^Breakfast loop, .* 08:00–11:00/ });
  await expect(blocks).toHaveCount(5);
  const mondayColumn = page.getByRole('group', {
    name: monday.toLocaleString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
  });
  await expect(mondayColumn.getByRole('button', { name: /^Breakfast loop/ })).toHaveAttribute(
    'data-state',
    'plays',
  );
  await expect(
    page.getByRole('group', { name: /^Saturday/ }).getByRole('button', { name: /Breakfast/ }),
  ).toHaveCount(0);

  // What plays at 09:30 on that Monday: the server answers, with the entry and why.
  const question = page.getByRole('region', { name: 'What plays here at…' });
  await question.getByLabel('Date').fill(monday.toString());
  await question.getByLabel('Time').fill('09:30');
  await question.getByRole('button', { name: 'Ask' }).click();
  await expect(question.getByText('Breakfast loop', { exact: true })).toBeVisible();
  await expect(question.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(question).toContainText('Winning entry: Breakfast loop, Mon–Fri 08:00–11:00');
  await expect(question).toContainText('It is the only schedule entry active then.');
  // And at noon it is over: nothing else is scheduled and there is no default playlist.
  await question.getByLabel('Time').fill('12:00');
  await question.getByRole('button', { name: 'Ask' }).click();
  await expect(question.getByText('The idle screen', { exact: true })).toBeVisible();

  // The dashboard ticks off everything but the TV.
  await page.goto('/advertiser/dashboard');
  await expect(page.getByText(/5 of 6 done/)).toBeVisible();
  const screens = page.getByRole('region', { name: 'Your screens' });
  await expect(screens.getByRole('listitem', { name: 'Window screen' })).toContainText(
    'scheduled today',
  );

  // The preview plays the playlist on the TV's engine: the slot, then the image, then round.
  await page.goto(editorUrl);
  await page.getByRole('link', { name: 'Preview' }).click();
  const nowPlaying = page.getByRole('status', { name: 'Now playing' });
  await expect(nowPlaying).toContainText('1 / 2 · Ad slot · 2 s');
  await expect(nowPlaying).toContainText('2 / 2 · sample-image', { timeout: 5_000 });
  await expect(nowPlaying).toContainText('1 / 2 · Ad slot', { timeout: 5_000 });
});
