import { expect, test, type Page } from '@playwright/test';
import {
  countMails,
  createAccount,
  DASHBOARD,
  expectSentence,
  linkFromMail,
  MAIL_SUBJECTS,
  PASSWORD,
  signIn,
  signOutFromUserMenu,
  submitSignIn,
} from './support/app';

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('profile', () => {
  test('name, company and phone are saved and still there after a reload', async ({ page }) => {
    await createAccount(page.request, { role: 'advertiser' });
    await openProfile(page);
    const details = card(page, 'Your details');
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
    await expect(details.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await details.getByLabel('Name', { exact: true }).fill('Katherine Johnson');
    await details.getByLabel('Company', { exact: true }).fill('Langley Research');
    await details.getByLabel('Phone', { exact: true }).fill('+1 (757) 555-0100');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    // The top bar follows at once.
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(
      'Katherine Johnson',
    );

    await page.reload();
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue('Katherine Johnson');
    await expect(details.getByLabel('Company', { exact: true })).toHaveValue('Langley Research');
    await expect(details.getByLabel('Phone', { exact: true })).toHaveValue('+1 (757) 555-0100');
  });

  test('a phone number with letters is refused with a sentence next to the field', async ({
    page,
  }) => {
    await createAccount(page.request, { role: 'publisher' });
    await openProfile(page);
    const phone = card(page, 'Your details').getByLabel('Phone', { exact: true });
    await phone.fill('call me maybe');
    await card(page, 'Your details').getByRole('button', { name: 'Save changes' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/Use digits, spaces and \+ \( \) \. - only\./);

    await page.reload();
    await expect(phone).toHaveValue('');
  });

  test('the email is verified through a link resent from the profile', async ({ page }) => {
    const { email } = await createAccount(page.request, { role: 'advertiser' });
    await openProfile(page);
    const emailCard = card(page, 'Email');
    await expect(emailCard.getByText(email)).toBeVisible();
    await expect(emailCard.getByText('Not verified')).toBeVisible();

    const before = await countMails(page.request, email, MAIL_SUBJECTS.verify);
    await emailCard.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
    await expect(
      emailCard.getByRole('button', { name: 'Send another verification email' }),
    ).toBeVisible();
    const link = await linkFromMail(page.request, email, MAIL_SUBJECTS.verify, before);

    await page.goto(link);
    // It lands on the profile, which says so.
    await expect(page).toHaveURL('/profile?verified=1');
    await expect(page.getByText('Your email is verified')).toBeVisible();
    await expect(emailCard.getByText('Verified', { exact: true })).toBeVisible();
    await expect(emailCard.getByText('Not verified')).toHaveCount(0);
    await expect(emailCard.getByRole('button', { name: /verification email/ })).toHaveCount(0);

    // The dashboard no longer asks for it either.
    await page.goto(DASHBOARD.advertiser);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
    await expect(page.getByText('Verify your email')).toHaveCount(0);
  });

  test('the password is changed; the new one signs in and the old one no longer does', async ({
    page,
  }) => {
    const { email } = await createAccount(page.request, { role: 'publisher' });
    const newPassword = 'another-long-passphrase';
    await openProfile(page);
    const passwordCard = card(page, 'Password');

    // A wrong current password is refused with a sentence.
    await passwordCard.getByLabel('Current password').fill('not-my-password');
    await passwordCard.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordCard.getByLabel('Confirm new password').fill(newPassword);
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    const alert = passwordCard.getByRole('alert');
    await expect(alert).toBeVisible();
    expectSentence(await alert.textContent());

    await passwordCard.getByLabel('Current password').fill(PASSWORD);
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your password was changed. Other devices were signed out.'),
    ).toBeVisible();
    await expect(passwordCard.getByLabel('Current password')).toHaveValue('');

    await signOutFromUserMenu(page);
    await expect(page).toHaveURL('/signin');
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(DASHBOARD.publisher);
  });

  test('deleting the account needs the password, ends at /signin and the account is gone', async ({
    page,
  }) => {
    const { email } = await createAccount(page.request, { role: 'advertiser' });
    await openProfile(page);

    await card(page, 'Danger zone').getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();

    // The wrong password deletes nothing.
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toBeVisible();
    expectSentence(await refusal.textContent());
    await expect(page).toHaveURL('/profile');

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByText('Your account was deleted.')).toBeVisible();

    await signIn(page, email, PASSWORD);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The email or password is not correct.');
    expectSentence(await alert.textContent());
    await expect(page).toHaveURL('/signin');
  });
});
