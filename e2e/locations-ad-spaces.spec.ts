import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/app';

/** Picks an option of a searchable picker by typing part of it and pressing Enter. */
async function pick(page: Page, name: string, search: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name });
  await combobox.click();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
}

test.describe('locations and ad spaces', () => {
  test('an owner adds a location and a screen there, and deletes them in order', async ({
    page,
  }) => {
    await createAccount(page.request, { role: 'advertiser' });

    await page.goto('/advertiser/locations');
    await expect(
      page.getByRole('heading', { name: 'Add your first location: where your screens are' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add location' }).click();
    const form = page.getByRole('dialog', { name: 'Add a location' });
    await form.getByLabel('Name', { exact: true }).fill('Hauptbahnhof kiosk');
    await form.getByLabel('Venue type').selectOption({ label: 'Transit' });
    await pick(page, 'Time zone', 'berlin');
    await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await form.getByLabel('Street address').fill('Europaplatz 1');
    await form.getByLabel('City').fill('Berlin');
    await pick(page, 'Country', 'germ');
    await form.getByLabel('Weekly footfall').fill('300000');
    await form.getByRole('button', { name: 'Add location' }).click();
    await expect(form).toBeHidden();

    const locations = page.getByRole('table', { name: 'Locations' });
    const kiosk = locations.getByRole('row', { name: 'Hauptbahnhof kiosk' });
    await expect(kiosk).toContainText('Berlin, Germany');
    await expect(kiosk).toContainText('Europe/Berlin');
    await expect(kiosk).toContainText('Transit');

    await page.goto('/advertiser/ad-spaces');
    await page.getByRole('button', { name: 'Add ad space' }).click();
    const spaceForm = page.getByRole('dialog', { name: 'Add an ad space' });
    await spaceForm.getByLabel('Name', { exact: true }).fill('Platform totem');
    await spaceForm.getByLabel('Resolution').selectOption('1080x1920');
    await expect(spaceForm.getByRole('radio', { name: 'Portrait' })).toBeChecked();
    await spaceForm.getByRole('button', { name: 'Add ad space' }).click();
    await expect(spaceForm).toBeHidden();
    const totem = page.getByRole('table', { name: 'Ad spaces' }).getByRole('row', {
      name: 'Platform totem',
    });
    await expect(totem).toContainText('Hauptbahnhof kiosk · Berlin');
    await expect(totem).toContainText('Never connected');
    await expect(totem).toContainText('1080 × 1920');
    await expect(page.getByRole('region', { name: 'Connect a TV' })).toContainText('/tv');

    // The location cannot go while the screen stands there; the refusal names it.
    await page.goto('/advertiser/locations');
    await expect(kiosk.getByRole('cell').nth(4)).toHaveText('1');
    await page.getByRole('button', { name: 'Actions for Hauptbahnhof kiosk' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const refusal = page.getByRole('alertdialog');
    await refusal.getByRole('button', { name: 'Delete location' }).click();
    await expect(refusal.getByRole('alert')).toContainText('Platform totem');
    await refusal.getByRole('button', { name: 'Done' }).click();
    await expect(
      page.getByRole('button', { name: 'Actions for Hauptbahnhof kiosk' }),
    ).toBeFocused();

    await page.goto('/advertiser/ad-spaces');
    await page.getByRole('button', { name: 'Actions for Platform totem' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete ad space' }).click();
    await expect(
      page.getByRole('heading', { name: 'Add your first ad space: one screen at a location' }),
    ).toBeVisible();

    await page.goto('/advertiser/locations');
    await page.getByRole('button', { name: 'Actions for Hauptbahnhof kiosk' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete location' }).click();
    await expect(
      page.getByRole('heading', { name: 'Add your first location: where your screens are' }),
    ).toBeVisible();
  });
});
