import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { BASE_URL, createAccount, PASSWORD, signIn, signInSuperUser } from './support/app';
import { enrolThroughProfile, enterTwoFactorCode, totpCode } from './support/two-factor';

/** A page of its own, signed in as the run's super-user. */
async function superUserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signInSuperUser(context.request);
  return context.newPage();
}

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe('wallet', () => {
  test('a buyer asks for two top-ups; a super-user rejects one with a reason and credits the other', async ({
    page,
    browser,
  }) => {
    await createAccount(page.request, { role: 'publisher' });

    await page.goto('/wallet');
    const references: string[] = [];
    for (const amount of ['120', '250.50']) {
      await page.getByRole('button', { name: 'Top up' }).click();
      const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
      await dialog.getByLabel('Amount (€)').fill(amount);
      await dialog.getByRole('button', { name: 'Send top-up request' }).click();
      // How to pay: the platform's account and this request's own reference.
      const reference = dialog.getByLabel('Reference');
      await expect(reference).toHaveText(/^SL-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      references.push((await reference.textContent()) ?? '');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
    }
    const [rejectRef = '', creditRef = ''] = references;
    const figures = page.locator('dl').first();
    await expect(figures).toContainText('Pending top-ups€370.50');

    const admin = await superUserPage(browser);
    await admin.goto('/admin/wallet-approvals');
    const rejectCard = admin.getByRole('article').filter({ hasText: rejectRef });
    await rejectCard.getByRole('button', { name: 'Reject…' }).click();
    const reject = admin.getByRole('dialog', { name: 'Reject the top-up of €120.00?' });
    await reject.getByLabel('Reason').fill('No transfer with this reference has arrived.');
    await reject.getByRole('button', { name: 'Reject top-up' }).click();
    await expect(reject).toBeHidden();
    await expect(rejectCard).toBeHidden();

    const creditCard = admin.getByRole('article').filter({ hasText: creditRef });
    await creditCard.getByRole('button', { name: 'Approve…' }).click();
    const approve = admin.getByRole('alertdialog', { name: 'Approve the top-up of €250.50?' });
    await approve.getByRole('button', { name: 'Approve and credit' }).click();
    await expect(approve).toBeHidden();
    await expect(creditCard).toBeHidden();
    await admin.context().close();

    await page.reload();
    await expect(figures).toContainText('Available€250.50');
    await expect(figures).toContainText('Pending top-ups€0.00');
    const requests = page.getByRole('list', { name: 'Your top-up requests' });
    await expect(
      requests.getByRole('listitem', { name: 'Top-up of €120.00, rejected' }),
    ).toContainText('No transfer with this reference has arrived.');
    const history = page.getByRole('table', { name: 'Wallet history' });
    await expect(history.getByRole('row').nth(1)).toContainText('+€250.50');

    // The approval issued a numbered receipt (issue 22): downloaded, it opens as a PDF that
    // names the amount, its number and the reference.
    const receipts = page.getByRole('list', { name: 'Your receipts' });
    const receipt = receipts.getByRole('listitem', { name: /^Receipt \d{4}-\d{6}: Top-up$/ });
    await expect(receipt).toContainText('€250.50');
    const number = /\d{4}-\d{6}/.exec((await receipt.getAttribute('aria-label')) ?? '')?.[0] ?? '';
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('link', { name: `Download receipt ${number} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`screenline-receipt-${number}.pdf`);
    const pdf = await readFile(await download.path());
    const text = pdfText(pdf);
    expect(text).toContain('€250.50');
    expect(text).toContain(`Receipt number: ${number}`);
    expect(text).toContain(`reference ${creditRef}`);
  });

  test('an owner requests a payout; a super-user sees the bank details, approves and pays it', async ({
    page,
    browser,
  }) => {
    const ownerName = `Alan ${unique()}`;
    const { email: ownerEmail } = await createAccount(page.request, {
      role: 'advertiser',
      name: ownerName,
    });
    // Money in through an approved top-up (earnings need plays, which the journey covers).
    const topUp = await page.request.post('/api/v1/wallet/top-ups', {
      headers: { origin: BASE_URL, 'idempotency-key': crypto.randomUUID() },
      data: { amountMicros: 100_000_000, receiptContentId: null },
    });
    expect(topUp.status(), await topUp.text()).toBe(201);
    const { id } = (await topUp.json()) as { id: string };
    const admin = await superUserPage(browser);
    const approved = await admin.request.post(`/api/v1/admin/top-ups/${id}/approve`, {
      headers: { origin: BASE_URL, 'idempotency-key': crypto.randomUUID() },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    // A payout needs two-factor sign-in (issue 18 item 4): the owner turns it on in the profile,
    // then confirms the payout with a fresh code; signing in again asks for a code too.
    const key = await enrolThroughProfile(page, PASSWORD);
    await page.context().clearCookies();
    await signIn(page, ownerEmail, PASSWORD);
    await expect(page.getByLabel('Authentication code')).toBeFocused();
    await enterTwoFactorCode(page, key);
    await page.waitForURL((url) => url.pathname !== '/signin');

    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Request payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a payout' });
    await dialog.getByLabel('Amount (€)').fill('60');
    await dialog.getByLabel('Account holder').fill('Alan Turing');
    await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await dialog.getByLabel('Two-factor code').fill('000000');
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await expect(dialog.getByLabel('Two-factor code')).toHaveAccessibleDescription(
      /That code is not right/,
    );
    await dialog.getByLabel('Two-factor code').fill(await totpCode(key, 1));
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await expect(dialog).toBeHidden();
    const figures = page.locator('dl').first();
    await expect(figures).toContainText('Available€40.00');
    await expect(figures).toContainText('Held€60.00');
    const payouts = page.getByRole('list', { name: 'Your payouts' });
    await expect(
      payouts.getByRole('listitem', { name: 'Payout of €60.00, pending' }),
    ).toContainText('DE•• •••• 3000');

    await admin.goto('/admin/payout-approvals');
    const card = admin.getByRole('article', { name: `Payout of €60.00 to ${ownerName}` });
    await card.getByRole('button', { name: 'Approve…' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve payout' }).click();
    await admin.getByRole('button', { name: 'To pay' }).click();
    const toPay = admin.getByRole('article', { name: `Payout of €60.00 to ${ownerName}` });
    await toPay.getByRole('button', { name: 'Show bank details' }).click();
    await expect(toPay).toContainText('DE89 3704 0044 0532 0130 00');
    await toPay.getByRole('button', { name: 'Mark paid…' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Mark as paid' }).click();
    await expect(admin.getByRole('alertdialog')).toBeHidden();
    await admin.context().close();

    await page.reload();
    await expect(payouts.getByRole('listitem', { name: 'Payout of €60.00, paid' })).toBeVisible();
    await expect(figures).toContainText('Held€0.00');
  });
});
