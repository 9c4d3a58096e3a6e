import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { BASE_URL, createAccount, signInSuperUser } from './support/app';
import { SAMPLE_IMAGE, addToLibrary, createPlaylist, createScreen } from './support/tv';

/* Owner approval (issue 22 item 1): a screen owner sets one screen to review every campaign and
   another to approve by rules (gambling blocked) on /advertiser/monetize/approvals; a buyer's
   two campaigns (coffee, a casino) are approved by a super-user; on the reviewed screen the owner
   previews the coffee campaign inside the screen's own playlist, approves it and declines the
   casino with a reason; on the rules screen the coffee campaign is approved by itself and the
   casino blocked. The buyer's overviews show each screen's standing. The owner's screens, the
   money and the campaigns are seeded through the API: other journeys cover those pages. */

const ORIGIN = { origin: BASE_URL };
const tag = () => crypto.randomBytes(3).toString('hex');
const withKey = () => ({ ...ORIGIN, 'idempotency-key': crypto.randomUUID() });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function newUser(browser: Browser, role: 'advertiser' | 'publisher', name: string) {
  const context = await browser.newContext();
  await createAccount(context.request, { role, name });
  return context.newPage();
}

/** The owner asks to monetize a screen; the super-user approves it. */
async function monetize(owner: APIRequestContext, admin: APIRequestContext, adSpaceId: string) {
  const request = await ok<{ id: string }>(
    await owner.post('/api/v1/monetization-requests', {
      headers: ORIGIN,
      data: { adSpaceId, floorMicrosPerSecond: 100 },
    }),
  );
  await ok(
    await admin.post(`/api/v1/admin/monetization-requests/${request.id}/approve`, {
      headers: ORIGIN,
    }),
  );
}

/** A buyer's campaign on both screens, submitted and approved by the super-user. */
async function approvedCampaign(
  buyer: APIRequestContext,
  admin: APIRequestContext,
  input: { name: string; category: string; creativeId: string; adSpaceIds: string[] },
): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const campaign = await ok<{ id: string }>(
    await buyer.post('/api/v1/campaigns', {
      headers: ORIGIN,
      data: {
        name: input.name,
        category: input.category,
        creativeIds: [input.creativeId],
        targeting: { adSpaceIds: input.adSpaceIds },
        startDate: today,
        endDate: today.replace(/^(\d{4})/, (year) => String(Number(year) + 1)),
        dayparts: [],
        bidMicrosPerSecond: 1_000,
        budgetMicros: 20_000_000,
      },
    }),
  );
  await ok(await buyer.post(`/api/v1/campaigns/${campaign.id}/submit`, { headers: ORIGIN }));
  await ok(
    await admin.post(`/api/v1/admin/campaigns/${campaign.id}/approve`, { headers: withKey() }),
  );
  return campaign.id;
}

test('an owner previews and approves one campaign, declines another, and rules approve by themselves', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = tag();
  const reviewed = `Review café ${run}`;
  const ruled = `Rules window ${run}`;
  const coffee = `Coffee ${run}`;
  const casino = `Casino ${run}`;

  const adminContext = await browser.newContext();
  await signInSuperUser(adminContext.request);
  const admin = adminContext.request;
  const owner = await newUser(browser, 'advertiser', `Olga Owner ${run}`);
  const buyerPage = await newUser(browser, 'publisher', `Bruno Buyer ${run}`);
  const ownerApi = owner.context().request;
  const buyer = buyerPage.context().request;

  // The owner's two screens play a poster then a 5 s ad slot, and are monetized.
  const poster = await addToLibrary(ownerApi, `Menu ${run}`, SAMPLE_IMAGE);
  const playlistId = await createPlaylist(ownerApi, `Café loop ${run}`, [
    { content: poster, kind: 'image', durationSeconds: 3 },
    { adSlotSeconds: 5 },
  ]);
  const first = await createScreen(ownerApi, { name: reviewed, defaultPlaylistId: playlistId });
  const second = await createScreen(ownerApi, { name: ruled, defaultPlaylistId: playlistId });
  await monetize(ownerApi, admin, first.adSpaceId);
  await monetize(ownerApi, admin, second.adSpaceId);

  // On /advertiser/monetize/approvals: the café reviews every campaign, the window blocks gambling.
  await owner.goto('/advertiser/monetize');
  await owner.getByRole('link', { name: 'Campaign approvals' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Campaign approvals' })).toBeVisible();
  const cafePolicy = owner.getByRole('region', { name: reviewed });
  await cafePolicy.getByRole('radio', { name: /I review every campaign/ }).check();
  await cafePolicy.getByRole('button', { name: `Save approval for ${reviewed}` }).click();
  await expect(owner.getByText(`Approval for ${reviewed} saved.`)).toBeVisible();
  const windowPolicy = owner.getByRole('region', { name: ruled });
  await windowPolicy.getByRole('radio', { name: /Approve automatically unless my rules/ }).check();
  await windowPolicy.getByRole('checkbox', { name: 'Gambling' }).check();
  await windowPolicy.getByRole('button', { name: `Save approval for ${ruled}` }).click();
  await expect(owner.getByText(`Approval for ${ruled} saved.`)).toBeVisible();

  // The buyer's two campaigns reach both screens once a super-user approves them.
  const topUp = await ok<{ id: string }>(
    await buyer.post('/api/v1/wallet/top-ups', {
      headers: withKey(),
      data: { amountMicros: 100_000_000 },
    }),
  );
  await ok(await admin.post(`/api/v1/admin/top-ups/${topUp.id}/approve`, { headers: withKey() }));
  const creative = await addToLibrary(buyer, `Ad ${run}`, SAMPLE_IMAGE);
  const adSpaceIds = [first.adSpaceId, second.adSpaceId];
  const coffeeId = await approvedCampaign(buyer, admin, {
    name: coffee,
    category: 'food-drink',
    creativeId: creative.id,
    adSpaceIds,
  });
  const casinoId = await approvedCampaign(buyer, admin, {
    name: casino,
    category: 'gambling',
    creativeId: creative.id,
    adSpaceIds,
  });

  // Both wait on the café; the owner previews the coffee one inside the café's own playlist.
  await owner.reload();
  const waiting = owner.getByRole('region', { name: /Waiting for you/ });
  const coffeeHere = waiting.getByRole('listitem', { name: `${coffee} on ${reviewed}` });
  const casinoHere = waiting.getByRole('listitem', { name: `${casino} on ${reviewed}` });
  await expect(coffeeHere).toContainText('Food and drink');
  await expect(casinoHere).toContainText('Gambling');
  await coffeeHere.getByRole('button', { name: `Preview on ${reviewed}` }).click();
  const preview = owner.getByRole('dialog', { name: `Preview of ${coffee} on ${reviewed}` });
  await expect(preview.getByRole('status', { name: 'Now playing' })).toContainText(
    `${coffee} inside “Café loop ${run}”`,
  );
  await expect(preview.getByRole('status', { name: 'Now playing' })).toContainText(
    `${coffee} (ad slot)`,
    { timeout: 15_000 },
  );
  await owner.keyboard.press('Escape');
  await expect(coffeeHere.getByRole('button', { name: `Preview on ${reviewed}` })).toBeFocused();

  await coffeeHere.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText(`“${coffee}” plays on ${reviewed}.`)).toBeVisible();
  await casinoHere.getByRole('button', { name: 'Decline' }).click();
  const decline = owner.getByRole('dialog', { name: `Decline “${casino}” on ${reviewed}?` });
  await decline.getByLabel('Reason').fill('No betting ads next to the school.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toBeHidden();
  await expect(waiting).toContainText('Waiting for you (0)');

  // Everything on the owner's screens, with who decided: the rules approved the coffee campaign
  // on the window and blocked the casino there.
  const onScreens = owner.getByRole('region', { name: /Campaigns on your screens/ });
  await expect(onScreens.getByRole('listitem', { name: `${coffee} on ${ruled}` })).toContainText(
    'Approved',
  );
  await expect(onScreens.getByRole('listitem', { name: `${casino} on ${ruled}` })).toContainText(
    'does not take ads about gambling',
  );
  await expect(onScreens.getByRole('listitem', { name: `${casino} on ${reviewed}` })).toContainText(
    'No betting ads next to the school.',
  );

  // Looked at: the page at desktop and phone widths (in the test's output folder).
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.screenshot({ path: test.info().outputPath('approvals-1440.png'), fullPage: true });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: test.info().outputPath('approvals-390.png'), fullPage: true });

  // The buyer sees each screen's standing on the campaigns' overviews.
  await buyerPage.goto(`/publisher/ad-campaigns/view/${coffeeId}/overview`);
  await expect(buyerPage.getByText('Approved on 2 of 2 screens.')).toBeVisible();
  await buyerPage.goto(`/publisher/ad-campaigns/view/${casinoId}/overview`);
  await expect(buyerPage.getByText('Approved on 0 of 2 screens.')).toBeVisible();
  const perScreen = buyerPage.getByRole('list', { name: 'Approval per screen' });
  await expect(perScreen).toContainText('No betting ads next to the school.');
  await expect(perScreen).toContainText('Declined');
  await buyerPage.setViewportSize({ width: 1440, height: 900 });
  await buyerPage.screenshot({ path: test.info().outputPath('overview-1440.png'), fullPage: true });
});
