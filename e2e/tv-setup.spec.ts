import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL, createAccount, type TAccount } from './support/app';

/* TV setup (issue 8 item 4) by remote control alone: the account's ad spaces, Continue disabled
   until one is chosen, the TV then playing that ad space (its idle screen while nothing is
   scheduled) across a reboot, Change ad space and Sign out from the hidden menu; and "No Ad
   Spaces Found" with its QR code and Refresh. Arrow keys, Enter and Back (Escape) only: a TV
   has no mouse. */

const ORIGIN = { origin: BASE_URL };

async function addAdSpaces(request: APIRequestContext, names: string[]): Promise<void> {
  const place = await request.post('/api/v1/locations', {
    headers: ORIGIN,
    data: {
      name: 'Harbour',
      address: { line: '1 Quay', city: 'Springfield', country: 'US' },
      timeZone: 'America/New_York',
      venueType: 'retail',
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const { id: locationId } = (await place.json()) as { id: string };
  for (const name of names) {
    const space = await request.post('/api/v1/ad-spaces', {
      headers: ORIGIN,
      data: {
        name,
        locationId,
        orientation: 'landscape',
        resolutionWidth: 1920,
        resolutionHeight: 1080,
      },
    });
    expect(space.status(), await space.text()).toBe(201);
  }
}

/** Signs the TV in with the email form, by arrow keys, typing and Enter. */
async function signInByKeyboard(tv: Page, account: TAccount): Promise<void> {
  await tv.goto('/tv/');
  await expect(tv.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
  await tv.keyboard.press('ArrowDown');
  await expect(tv.getByLabel('Email', { exact: true })).toBeFocused();
  await tv.keyboard.type(account.email);
  await tv.keyboard.press('ArrowDown');
  await tv.keyboard.type(account.password);
  await tv.keyboard.press('Enter');
  await expect(tv.getByTestId('signed-in')).toHaveText(`Signed in as ${account.email}`);
}

/** Presses `key` until `target` has the focus (at most `presses` times). */
async function moveFocusTo(tv: Page, key: string, target: Locator, presses = 4): Promise<void> {
  for (let press = 0; press < presses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await tv.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('a TV lists the ad spaces, is set up by keyboard, plays it, comes back to it after a reboot, and changes it from the menu', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request, { role: 'advertiser' });
  await addAdSpaces(request, ['Window screen', 'Door screen']);
  const tv = await (
    await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  ).newPage();
  await signInByKeyboard(tv, account);

  const door = tv.getByRole('radio', { name: /Door screen/ });
  const window = tv.getByRole('radio', { name: /Window screen/ });
  const proceed = tv.getByRole('button', { name: 'Continue to Player' });
  // By name, with the linked location; the first has the focus, nothing is chosen yet.
  await expect(tv.getByRole('radio')).toHaveText([
    'Door screenHarbour, Springfield',
    'Window screenHarbour, Springfield',
  ]);
  await expect(door).toBeFocused();
  await expect(proceed).toBeDisabled();

  await tv.keyboard.press('ArrowRight');
  await expect(window).toBeFocused();
  await tv.keyboard.press('Enter');
  await expect(window).toHaveAttribute('aria-checked', 'true');
  await expect(door).toHaveAttribute('aria-checked', 'false');
  await expect(proceed).toBeEnabled();
  await tv.keyboard.press('ArrowDown');
  await moveFocusTo(tv, 'ArrowRight', proceed);
  await tv.keyboard.press('Enter');

  // The TV plays its ad space: with nothing scheduled, the idle screen names it.
  const idle = tv.getByTestId('idle-screen');
  await expect(idle).toContainText('Window screen · Harbour, Springfield');

  // A reboot goes straight back to it.
  await tv.reload();
  await expect(idle).toContainText('Window screen · Harbour, Springfield');

  // Back opens the hidden menu, its first item focused.
  const menu = tv.getByRole('dialog', { name: 'Menu' });
  await tv.keyboard.press('Escape');
  await expect(menu).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Change ad space' })).toBeFocused();

  // Change ad space: the current one is chosen in advance; pick the other.
  await tv.keyboard.press('Enter');
  await expect(window).toHaveAttribute('aria-checked', 'true');
  await expect(window).toBeFocused();
  await tv.keyboard.press('ArrowLeft');
  await expect(door).toBeFocused();
  await tv.keyboard.press('Enter');
  await tv.keyboard.press('ArrowDown');
  await moveFocusTo(tv, 'ArrowRight', proceed);
  await tv.keyboard.press('Enter');
  await expect(idle).toContainText('Door screen · Harbour, Springfield');

  // Sign out from the menu, past its confirm step (Cancel focused first).
  await tv.keyboard.press('Escape');
  await expect(menu).toBeVisible();
  await moveFocusTo(tv, 'ArrowDown', tv.getByRole('button', { name: 'Sign out…' }));
  await tv.keyboard.press('Enter');
  await expect(tv.getByRole('dialog', { name: 'Sign out of this TV?' })).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const signOut = tv.getByRole('button', { name: 'Sign out', exact: true });
  await moveFocusTo(tv, 'ArrowDown', signOut);
  await tv.keyboard.press('Enter');
  await expect(tv.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
  await tv.reload();
  await expect(tv.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
});

test('with no ad spaces the TV says so with a QR code, and Refresh lists the ones added', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request, { role: 'advertiser' });
  const tv = await (
    await browser.newContext({ viewport: { width: 1080, height: 1920 } })
  ).newPage();
  await signInByKeyboard(tv, account);

  await expect(tv.getByRole('heading', { name: 'No Ad Spaces Found' })).toBeVisible();
  await expect(tv.getByRole('img', { name: 'QR code of the ad spaces page' })).toBeInViewport();
  await expect(tv.getByText(/\/advertiser\/ad-spaces/)).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Continue to Player' })).toHaveCount(0);
  const refresh = tv.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeFocused();

  await addAdSpaces(request, ['Lobby screen']);
  await tv.keyboard.press('Enter');
  const lobby = tv.getByRole('radio', { name: /Lobby screen/ });
  await expect(lobby).toBeFocused();
  await expect(tv.getByRole('button', { name: 'Continue to Player' })).toBeDisabled();
  await tv.keyboard.press('Enter');
  await expect(tv.getByRole('button', { name: 'Continue to Player' })).toBeEnabled();
});
