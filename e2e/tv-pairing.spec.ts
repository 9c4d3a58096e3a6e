import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, PASSWORD, submitSignIn } from './support/app';
import { createScreen } from './support/tv';

/* The TV signs in without a keyboard (issue 8 items 2–3): QR pairing from a phone, and the
   email form by remote control. The TV's poll interval is the server's default, 5 s. */

const TV_VIEWPORT = { width: 1920, height: 1080 };
const PHONE_VIEWPORT = { width: 390, height: 844 };
const CODE = /^[A-Z2-9]{4}-[A-Z2-9]{4}$/;

async function openTv(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: TV_VIEWPORT });
  const tv = await context.newPage();
  await tv.goto('/tv/');
  await expect(tv.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
  await expect(tv.getByRole('img', { name: 'QR code to link this TV' })).toBeVisible();
  return tv;
}

async function codeOn(tv: Page): Promise<string> {
  const code = (await tv.getByTestId('pairing-code').textContent()) ?? '';
  expect(code).toMatch(CODE);
  return code;
}

test('a phone signs in, sees which TV asks, links it; the TV sets up, changes its ad space without a sign-in, and is signed out from the web', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request, { role: 'advertiser' });
  await createScreen(request, { name: 'Window screen' });
  await createScreen(request, { name: 'Door screen' });
  const tv = await openTv(browser);
  const code = await codeOn(tv);

  // The phone scans /pair?code=…: anonymous, it signs in first and comes back to the same code.
  const phone = await (await browser.newContext({ viewport: PHONE_VIEWPORT })).newPage();
  await phone.goto(`/pair?code=${code.replace('-', '')}`);
  await expect(phone).toHaveURL(/\/signin\?redirectTo=%2Fpair%3Fcode%3D/);
  await submitSignIn(phone, account.email, account.password);
  await expect(phone).toHaveURL(/\/pair\?code=/);
  await expect(phone.getByRole('heading', { name: 'Link a TV' })).toBeVisible();
  await expect(phone.getByText(code, { exact: true })).toBeVisible();
  // What asks, from where and when, and the warning against links someone sent (issue 18).
  const asking = phone.getByLabel('The TV asking to link');
  await expect(asking).toContainText('Screenline TV player');
  await expect(asking).toContainText('127.0.0.1');
  await expect(asking).toContainText(/Chrome \d+ on /);
  await expect(asking).toContainText(/ago/);
  await expect(phone.getByText('Only link a TV that is in front of you')).toBeVisible();
  await phone.getByRole('button', { name: 'Link this TV' }).click();
  await expect(phone.getByText('TV linked')).toBeVisible();

  await expect(tv.getByTestId('signed-in')).toHaveText(`Signed in as ${account.email}`, {
    timeout: 15_000,
  });
  // The pairing is kept: a reboot (reload) during setup stays signed in.
  await tv.reload();
  await expect(tv.getByTestId('signed-in')).toBeVisible();

  // The code is spent: opening it again says so.
  await phone.goto(`/pair?code=${code}`);
  await expect(phone.getByRole('alert')).toContainText('No TV is showing this code');

  // Setup with the pairing grant: choose the first space and continue.
  const door = tv.getByRole('radio', { name: /Door screen/ });
  await expect(door).toBeFocused();
  await tv.keyboard.press('Enter');
  await tv.getByRole('button', { name: 'Continue to Player' }).click();
  const idle = tv.getByTestId('idle-screen');
  await expect(idle).toContainText('Door screen');

  // Change ad space from the menu: the list again, on the TV's own token (the pairing grant was
  // spent by setup; this showed "This TV was signed out" when the menu used the owner's session).
  await tv.keyboard.press('Escape');
  await expect(tv.getByRole('button', { name: 'Change ad space' })).toBeFocused();
  await tv.keyboard.press('Enter');
  await expect(door).toHaveAttribute('aria-checked', 'true');
  await expect(tv.getByTestId('signed-in')).toHaveText(`Signed in as ${account.email}`);
  await tv.getByRole('radio', { name: /Window screen/ }).click();
  await tv.getByRole('button', { name: 'Continue to Player' }).click();
  await expect(idle).toContainText('Window screen');

  // The owner sees the TV on the web, how it signed in, and signs it out: the TV says so.
  await phone.goto('/advertiser/tvs');
  const tvs = phone.getByRole('list', { name: 'Your TVs' });
  await expect(tvs.getByRole('listitem')).toHaveCount(1);
  await expect(tvs).toContainText('Window screen');
  await expect(tvs).toContainText('QR code from a phone');
  await tvs.getByRole('button', { name: /^Sign out / }).click();
  await phone
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(tvs).toContainText('Signed out');
  await expect(tv.getByRole('alert')).toContainText('This TV was signed out', {
    timeout: 15_000,
  });
  await expect(tv.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
});

test('Cancel on the phone tells the TV, which shows a new code', async ({ browser }) => {
  const tv = await openTv(browser);
  const code = await codeOn(tv);
  const phoneContext = await browser.newContext({ viewport: PHONE_VIEWPORT });
  await createAccount(phoneContext.request);
  const phone = await phoneContext.newPage();
  await phone.goto(`/pair?code=${code}`);
  await phone.getByRole('button', { name: 'Cancel' }).click();
  await expect(phone.getByText('The TV was not linked.')).toBeVisible();

  await expect(tv.getByRole('alert')).toHaveText(/The phone cancelled the link/, {
    timeout: 15_000,
  });
  expect(await codeOn(tv)).not.toBe(code);
});

test('the TV signs in with email and password by arrow keys and Enter alone', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const tv = await openTv(browser);
  const email = tv.getByLabel('Email', { exact: true });
  const password = tv.getByLabel('Password', { exact: true });
  const submit = tv.getByRole('button', { name: 'Sign in' });

  await tv.keyboard.press('ArrowDown');
  await expect(email).toBeFocused();
  await tv.keyboard.type(account.email);
  await tv.keyboard.press('ArrowDown');
  await expect(password).toBeFocused();
  await tv.keyboard.type('not-the-password');
  await tv.keyboard.press('ArrowDown');
  await expect(submit).toBeFocused();
  await tv.keyboard.press('Enter');
  await expect(tv.getByRole('alert')).toHaveText('The email or password is not correct.');

  await tv.keyboard.press('ArrowUp');
  await expect(password).toBeFocused();
  await tv.keyboard.press('Control+A');
  await tv.keyboard.type(PASSWORD);
  await tv.keyboard.press('Enter');
  await expect(tv.getByTestId('signed-in')).toHaveText(`Signed in as ${account.email}`);
  // Setup: this account runs no screens, so Refresh has the focus; Sign out is to its left and
  // asks first, Cancel focused (issue 21 item 4).
  await expect(tv.getByRole('button', { name: 'Refresh' })).toBeFocused();
  await tv.keyboard.press('ArrowLeft');
  await expect(tv.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await tv.keyboard.press('Enter');
  const confirm = tv.getByRole('alertdialog', { name: 'Sign out of this TV?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tv.keyboard.press('ArrowRight');
  await expect(confirm.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await tv.keyboard.press('Enter');
  await expect(tv.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
});
