import { expect, test } from '@playwright/test';
import { PASSWORD, SUPER_USER_EMAIL, signIn, signInSuperUser, uniqueEmail } from './support/app';
import { enterTwoFactorCode, readSuperUserKey } from './support/two-factor';

test('a visitor writes at /contact; a super-user answers and closes it; the mailbox has the answer', async ({
  page,
  request,
}) => {
  // Three pages and two people: longer than one page's budget on a loaded machine.
  test.setTimeout(90_000);
  const visitor = uniqueEmail('visitor');
  const subject = `Screens for a café ${Date.now()}`;
  await test.step('a visitor sends a message', async () => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Grace Visitor');
    await page.getByLabel('Email').fill(visitor);
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('How much does one screen cost per month?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thanks! Your message was sent.')).toBeVisible();
  });

  await test.step('a super-user answers it, then closes it', async () => {
    await signInSuperUser(request);
    await page.context().clearCookies();
    await signIn(page, SUPER_USER_EMAIL, PASSWORD);
    await enterTwoFactorCode(page, await readSuperUserKey());
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.getByRole('link', { name: 'Contact messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
    const card = page.getByRole('article', { name: `Message from Grace Visitor: ${subject}` });
    await card.getByRole('button', { name: /Open the message/ }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByRole('region', { name: 'Message' })).toHaveText(
      'How much does one screen cost per month?',
    );
    await dialog.getByLabel('Your answer').fill('One screen costs €20 per month.');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(dialog.getByRole('region', { name: 'Answer' })).toContainText(
      'One screen costs €20 per month.',
    );
    await dialog.getByRole('button', { name: 'Close message' }).click();
    await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
  });

  await test.step('the dev mailbox shows the answer sent to the visitor', async () => {
    await page.goto('/dev/mailbox');
    // An anonymous visitor's address is not verified: the answer goes to it alone, without
    // quoting their message or subject (issue 18 item 7).
    const mail = page
      .getByRole('article')
      .filter({ hasText: visitor })
      .filter({ hasText: 'Your message to Screenline' });
    await expect(mail).toContainText('One screen costs €20 per month.');
    await expect(mail).not.toContainText(subject);
  });
});
