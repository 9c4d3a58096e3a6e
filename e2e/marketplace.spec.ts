import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { formatMicros } from '@screenline/shared/money';
import { PLATFORM_SETTINGS_DEFAULTS } from '@screenline/shared/platform-settings';
import { SETTLE_DELAY_MS } from '@screenline/shared/proof-of-play';
import { BASE_URL, createAccount, PASSWORD, signInSuperUser } from './support/app';
import { enrolTwoFactor, totpCode } from './support/two-factor';
import {
  SAMPLE_CLIP,
  SAMPLE_IMAGE,
  addToLibrary,
  createPlaylist,
  createScreen,
  openSetUpTv,
  registerTv,
} from './support/tv';

/* The marketplace end to end (issue 9): the owner asks to monetize a screen and a super-user
   approves it; a buyer tops up on /wallet and the super-user approves it; the buyer builds a
   campaign in the wizard (a creative from their library, the owner's monetized screen, a
   destination) and the super-user approves it; the owner's TV plays the creative in its ad slot
   with the QR code over it and sends the play; a scan of the code leads to the destination; the
   campaign's results show the impression, the spend and the scan; the owner sees the earning,
   asks for a payout on /wallet, and the super-user approves it and marks it paid. Plays are
   billed behind the TV's upload by the settlement worker, within SETTLE_DELAY_MS (10 s, issue
   17): the journey waits on the results until nothing is settling, never a fixed time. The owner's
   setup (library, playlist, screen, TV) and the buyer's upload go through the API: other
   journeys cover those pages. The e2e server polls and syncs every 5 s (playwright.config.ts).
   Screenshots go to each test's output folder, and to E2E_JOURNEY_SHOTS too when set. */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** How long a journey waits for the settlement worker: its delay, and room on a busy machine. */
const SETTLE_TIMEOUT_MS = SETTLE_DELAY_MS * 3;
const LANDSCAPE = { width: 1920, height: 1080 };
/** The time zone of createScreen's location. */
const LONDON = 'Europe/London';

/** Today's date (YYYY-MM-DD) in a zone. */
const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/** The media cache's URL of a file: `/tv/media/<MD5 as base64url>` (lib/tv-caches.ts). */
function mediaPath(file: string): string {
  const md5 = crypto
    .createHash('md5')
    .update(fs.readFileSync(path.join(FIXTURES, file)))
    .digest('base64');
  return `/tv/media/${md5.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`;
}
const CREATIVE_PATH = mediaPath(SAMPLE_IMAGE.file);
const OWNER_CLIP_PATH = mediaPath(SAMPLE_CLIP.file);

async function shoot(page: Page, name: string): Promise<void> {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  const extra = process.env.E2E_JOURNEY_SHOTS;
  if (extra) {
    fs.mkdirSync(extra, { recursive: true });
    fs.copyFileSync(file, path.join(extra, name));
  }
}

/** A suffix that keeps this run's names (cards, rows, screens) apart from other tests'. */
const tag = () => crypto.randomBytes(3).toString('hex');

/** A signed-in browser context for a new account with a role, and its page. */
async function newUser(
  browser: Browser,
  role: 'advertiser' | 'publisher',
  name: string,
  company?: string,
): Promise<Page> {
  const context = await browser.newContext();
  await createAccount(context.request, { role, name, ...(company ? { company } : {}) });
  return context.newPage();
}

async function newSuperUser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await signInSuperUser(context.request);
  return context.newPage();
}

/**
 * What the front layer of the TV's stage (packages/playback/dom-stage.ts: the slot with z-index
 * 2) shows, and the QR overlay in it (its accessible name and caption). Runs in the page.
 */
function readFront(): {
  src: string;
  loaded: boolean;
  qr: string | null;
  caption: string | null;
} | null {
  const layers = Array.from(document.querySelectorAll<HTMLElement>('[data-playback-slot]'));
  const front = layers.find((layer) => layer.style.zIndex === '2');
  if (!front) return null;
  const video = front.querySelector('video');
  const overlay = front.querySelector('[data-playback-overlay]');
  const qr = overlay?.querySelector('svg')?.getAttribute('aria-label') ?? null;
  const caption = overlay?.textContent ?? null;
  if (video && video.style.display !== 'none' && video.getAttribute('src')) {
    return { src: new URL(video.src).pathname, loaded: video.readyState >= 2, qr, caption };
  }
  const image = front.querySelector('img');
  if (image) {
    return {
      src: new URL(image.src).pathname,
      loaded: image.complete && image.naturalWidth > 0,
      qr,
      caption,
    };
  }
  return null;
}

/** Opens a dialog's form field by label inside `scope` and types into it. */
async function fill(scope: Page | Locator, label: string, value: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

test('a campaign is funded, approved, played on a TV with its QR code, billed and paid out', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const run = tag();
  const buyerName = `Bea Buyer ${run}`;
  const buyerCompany = `Bea's Bakery ${run}`;
  const ownerName = `Otto Owner ${run}`;
  const spaceName = `Journey lobby ${run}`;
  const campaignName = `Journey sale ${run}`;

  const admin = await newSuperUser(browser);
  const buyer = await newUser(browser, 'publisher', buyerName, buyerCompany);
  const owner = await newUser(browser, 'advertiser', ownerName);

  // The owner's screen: a 2 s clip, then a 5 s ad slot; a TV set up for it.
  const ownerApi = owner.context().request;
  const clip = await addToLibrary(ownerApi, 'Lobby clip', SAMPLE_CLIP);
  const playlistId = await createPlaylist(ownerApi, 'Lobby loop', [
    { content: clip, kind: 'video' },
    { adSlotSeconds: 5 },
  ]);
  const screen = await createScreen(ownerApi, { name: spaceName, defaultPlaylistId: playlistId });
  const device = await registerTv(ownerApi, screen);

  // The owner asks to monetize the screen on /advertiser/monetize; the super-user approves it on
  // /admin/monetization-approvals.
  await owner.goto('/advertiser/monetize');
  await owner.getByRole('button', { name: `Request monetization of ${spaceName}` }).click();
  const monetize = owner.getByRole('dialog', { name: `Monetize “${spaceName}”` });
  await expect(monetize.getByLabel('Floor price per second (€)')).toHaveValue('0.0001');
  await monetize.getByRole('button', { name: 'Request monetization' }).click();
  await expect(monetize).toBeHidden();
  const monetizeRow = owner.getByRole('row', { name: spaceName });
  await expect(monetizeRow).toContainText('Pending');
  await admin.goto('/admin/monetization-approvals');
  const monetizationCard = admin.getByRole('article', { name: `Monetization of ${spaceName}` });
  await expect(monetizationCard).toContainText(ownerName);
  await monetizationCard.getByRole('button', { name: 'Approve…' }).click();
  const approveMonetization = admin.getByRole('alertdialog', {
    name: `Approve monetization of “${spaceName}”?`,
  });
  await approveMonetization.getByRole('button', { name: 'Approve' }).click();
  await expect(approveMonetization).toBeHidden();
  await expect(monetizationCard).toBeHidden();
  await owner.reload();
  await expect(monetizeRow).toContainText('Approved');

  // The buyer asks for a top-up on /wallet.
  await buyer.goto('/wallet');
  await buyer.getByRole('button', { name: 'Top up' }).click();
  const topUp = buyer.getByRole('dialog', { name: 'Top up your wallet' });
  await fill(topUp, 'Amount (€)', '500');
  await topUp.getByRole('button', { name: 'Send top-up request' }).click();
  // The platform's bank details and the request's own reference (issue 22).
  const reference = (await topUp.getByLabel('Reference').textContent()) ?? '';
  expect(reference).toMatch(/^SL-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await topUp.getByRole('button', { name: 'Done' }).click();
  await expect(topUp).toBeHidden();
  await expect(buyer.getByRole('listitem', { name: 'Top-up of €500.00, pending' })).toBeVisible();

  // The super-user approves it on /admin/wallet-approvals.
  await admin.goto('/admin/wallet-approvals');
  const topUpCard = admin.getByRole('article', { name: `Top-up of €500.00 by ${buyerName}` });
  await topUpCard.getByRole('button', { name: 'Approve…' }).click();
  const approveTopUp = admin.getByRole('alertdialog', { name: 'Approve the top-up of €500.00?' });
  await expect(approveTopUp).toContainText(reference);
  await approveTopUp.getByRole('button', { name: 'Approve and credit' }).click();
  await expect(approveTopUp).toBeHidden();

  await buyer.reload();
  await expect(buyer.getByRole('listitem', { name: 'Top-up of €500.00, approved' })).toBeVisible();

  // The buyer's creative is in their library (uploaded as the content page does).
  const creative = await addToLibrary(buyer.context().request, `Sale poster ${run}`, SAMPLE_IMAGE);

  // The wizard: name and creative, the owner's screen, the default schedule, a bid and budget,
  // a destination for the QR code, then submit.
  await buyer.goto('/publisher/ad-campaigns/new');
  await fill(buyer, 'Campaign name', campaignName);
  await buyer.getByLabel('What it advertises').selectOption('retail-shopping');
  await buyer.getByRole('button', { name: 'Add from your library' }).click();
  const picker = buyer.getByRole('dialog', { name: 'Add creatives' });
  await picker.getByRole('button', { name: creative.name }).click();
  await picker.getByRole('button', { name: 'Add 1 creative' }).click();
  await expect(buyer.getByRole('list', { name: 'Chosen creatives' })).toContainText(creative.name);
  await buyer.getByRole('button', { name: 'Next' }).click();

  await expect(buyer.getByRole('heading', { level: 2, name: 'Targeting' })).toBeVisible();
  await buyer.getByRole('radio', { name: 'Specific screens' }).check();
  await buyer.getByRole('checkbox', { name: new RegExp(spaceName) }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();

  // The wizard starts a campaign tomorrow; this one starts today, in the screen's zone.
  await expect(buyer.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
  await fill(buyer, 'Start date', todayIn(LONDON));
  await buyer.getByRole('button', { name: 'Next' }).click();

  // €10 a second: one 5 s play earns the owner more than the smallest payout (€10).
  await expect(buyer.getByRole('heading', { level: 2, name: 'Budget' })).toBeVisible();
  await fill(buyer, 'Bid per second', '10');
  await fill(buyer, 'Total budget', '400');
  await buyer.getByRole('button', { name: 'Next' }).click();

  await expect(buyer.getByRole('heading', { level: 2, name: 'QR code' })).toBeVisible();
  await fill(buyer, 'Destination address (optional)', 'https://example.com/journey-sale');
  await buyer.getByRole('button', { name: 'Next' }).click();

  await expect(buyer.getByRole('heading', { level: 2, name: 'Review' })).toBeVisible();
  await expect(buyer.getByText('https://example.com/journey-sale')).toBeVisible();
  await buyer.getByRole('button', { name: 'Submit for review' }).click();
  await expect(buyer).toHaveURL(/\/publisher\/ad-campaigns\/view\/[^/]+\/overview$/);
  const campaignId = /view\/([^/]+)\/overview/.exec(buyer.url())![1];

  // The super-user approves the campaign on /admin/ad-campaign-approvals: the budget is held.
  await admin.goto('/admin/ad-campaign-approvals');
  const campaignCard = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: campaignName }) });
  await expect(campaignCard.getByRole('img', { name: creative.name })).toBeVisible();
  // Approving asks first, saying how much will be held (issue 22 item 5).
  await campaignCard.getByRole('button', { name: 'Approve…' }).click();
  const approveCampaign = admin.getByRole('alertdialog', { name: `Approve “${campaignName}”?` });
  await expect(approveCampaign).toContainText('€400.00 will be held from');
  await approveCampaign.getByRole('button', { name: 'Approve and hold €400.00' }).click();
  await expect(admin.getByRole('heading', { name: campaignName })).toBeHidden();

  // The super-users' list of every campaign finds it by name, with its budget and pacing; the
  // status filter leaves it out of the pending ones.
  await admin.goto('/admin/ad-campaigns');
  await admin.getByLabel('Campaign or advertiser').fill(campaignName);
  await admin.getByRole('button', { name: 'Search' }).click();
  const listed = admin.getByRole('row', { name: campaignName });
  await expect(listed).toContainText('€400.00');
  await expect(listed).toContainText(/On track|Behind|Ahead/);
  await admin.getByLabel('Status').selectOption('Pending review');
  await expect(admin.getByText('No campaign matches')).toBeVisible();
  await expect(listed).toBeHidden();

  // The TV plays the owner's clip, then the creative in the ad slot with the campaign's QR code.
  const tvContext = await browser.newContext({ viewport: LANDSCAPE });
  const tv = await tvContext.newPage();
  await openSetUpTv(tv, screen, device);
  await expect
    .poll(
      async () => {
        const front = await tv.evaluate(readFront);
        return front?.loaded ? front.src : 'nothing shown';
      },
      { timeout: 30_000 },
    )
    .toBe(CREATIVE_PATH);
  const front = await tv.evaluate(readFront);
  expect(front?.qr).toMatch(new RegExp(`^QR code: ${BASE_URL}/q/[A-Za-z0-9_-]{12}$`));
  expect(front?.caption).toBe('Scan me');
  await shoot(tv, 'tv-ad-with-qr-1920x1080.png');
  // The ad was still on screen when the screenshot was taken (the slot lasts 5 s).
  expect((await tv.evaluate(readFront))?.src).toBe(CREATIVE_PATH);
  // A phone scanning the code is counted and sent on to the destination.
  const scan = await tv
    .context()
    .request.get(front!.qr!.replace('QR code: ', ''), { maxRedirects: 0 });
  expect(scan.status()).toBe(302);
  expect(scan.headers().location).toBe('https://example.com/journey-sale');
  // Then the owner's own loop goes on.
  await expect
    .poll(async () => (await tv.evaluate(readFront))?.src, { timeout: 15_000 })
    .toBe(OWNER_CLIP_PATH);

  // The TV sends its plays; the results show the impression, the spend and the scan. Once one
  // play is billed, the TV is switched off; once every play it sent is settled (billed behind
  // the upload), the results match what the campaign was charged.
  await buyer.goto(`/publisher/ad-campaigns/view/${campaignId}/results`);
  const totals = buyer.getByLabel('Totals');
  // Each reload loads the page, the account, the campaign and then its results, one after the
  // other: about 2 s on a busy machine, so each look waits up to 5 s before reloading again.
  await expect(async () => {
    await buyer.reload();
    await expect(totals).toContainText(/Impressions[1-9]/, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await tvContext.close();
  // Every play the TV in this browser sent passes the arrival and settlement rules (offered by
  // the manifest it was sent, within its 5 s slot, one at a time): all billed, none refused.
  const resultsOf = async () => {
    const res = await buyer.context().request.get(`/api/v1/campaigns/${campaignId}/results`);
    expect(res.status()).toBe(200);
    return (await res.json()) as {
      totals: { impressions: number };
      unbilled: { reason: string; plays: number }[];
      settling: { plays: number };
    };
  };
  await expect
    .poll(async () => (await resultsOf()).settling.plays, { timeout: SETTLE_TIMEOUT_MS })
    .toBe(0);
  const settled = await resultsOf();
  expect(settled.unbilled).toEqual([]);
  expect(settled.totals.impressions).toBeGreaterThan(0);
  let spentMicros = 0;
  await expect(async () => {
    const campaign = await buyer.context().request.get(`/api/v1/campaigns/${campaignId}`);
    spentMicros = ((await campaign.json()) as { spentMicros: number }).spentMicros;
    await buyer.reload();
    await expect(totals).toContainText(`Spend${formatMicros(spentMicros)}`, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  expect(spentMicros).toBeGreaterThan(0);
  await expect(totals).toContainText('QR scans1');
  await expect(buyer.getByText(/Creative ready on/)).toHaveText(/Creative ready on 1 of 1 screen/);
  await expect(buyer.getByRole('row', { name: new RegExp(spaceName) })).toBeVisible();
  // One 5 s play at €10 a second is days of a 29-day €400 flight: ahead of the even line, and
  // held back from the screen until the line catches up (issue 22 item 2).
  const pacing = buyer.getByRole('figure', { name: /Pacing: spent against the even line/ });
  await expect(pacing).toContainText('Ahead');
  await expect(pacing).toContainText(`${formatMicros(spentMicros)} spent of €400.00`);
  await shoot(buyer, 'campaign-results-1440x900.png');

  // The owner's proof of play names the ad their screen showed by campaign and advertiser (the
  // buyer's company), never "Deleted item" (issue 21 item 2).
  await owner.goto('/advertiser/ad-spaces');
  await owner.getByRole('button', { name: `Actions for ${spaceName}` }).click();
  await owner.getByRole('menuitem', { name: 'Proof of play' }).click();
  const proof = owner.getByRole('dialog', { name: `Proof of play: “${spaceName}”` });
  const byItem = proof.getByRole('table', { name: 'Plays by item' });
  await expect(
    byItem.getByRole('row', { name: `${campaignName} – ad by ${buyerCompany}` }),
  ).toBeVisible();
  await expect(byItem.getByRole('row', { name: 'Lobby clip' })).toBeVisible();
  await expect(byItem).not.toContainText('Deleted item');
  await shoot(owner, 'owner-proof-of-play-1440x900.png');

  // The owner has earned what the campaign spent less the platform's 20 % commission, and asks
  // for €10 of it on /wallet. (At €10 a second every charge is a multiple of 10,000 micros, so
  // the owner's share of each is exact.)
  const earnedMicros =
    (spentMicros * (10_000 - PLATFORM_SETTINGS_DEFAULTS.commissionBasisPoints)) / 10_000;
  expect(earnedMicros).toBeGreaterThanOrEqual(PLATFORM_SETTINGS_DEFAULTS.payoutMinMicros);
  // A payout needs two-factor sign-in on and a fresh code (issue 18 item 4).
  const ownerKey = await enrolTwoFactor(owner.context().request, PASSWORD);
  await owner.goto('/wallet');
  await expect(
    owner
      .getByRole('term')
      .filter({ hasText: 'Earned, all time' })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(formatMicros(earnedMicros));
  await expect(
    owner
      .getByRole('term')
      .filter({ hasText: /^Available$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(formatMicros(earnedMicros));
  await owner.getByRole('button', { name: 'Request payout' }).click();
  const payout = owner.getByRole('dialog', { name: 'Request a payout' });
  await fill(payout, 'Amount (€)', '10');
  await fill(payout, 'Account holder', ownerName);
  await fill(payout, 'IBAN', 'DE89 3704 0044 0532 0130 00');
  await fill(payout, 'Two-factor code', await totpCode(ownerKey));
  await payout.getByRole('button', { name: 'Request payout' }).click();
  await expect(payout).toBeHidden();
  await expect(owner.getByRole('listitem', { name: 'Payout of €10.00, pending' })).toBeVisible();

  // The super-user approves it, then marks it paid, on /admin/payout-approvals.
  await admin.goto('/admin/payout-approvals');
  const payoutCard = admin.getByRole('article', { name: `Payout of €10.00 to ${ownerName}` });
  await payoutCard.getByRole('button', { name: 'Approve…' }).click();
  await admin.getByRole('button', { name: 'Approve payout' }).click();
  await expect(payoutCard).toBeHidden();
  await admin.getByRole('button', { name: 'To pay' }).click();
  await payoutCard.getByRole('button', { name: 'Mark paid…' }).click();
  await admin.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(payoutCard).toBeHidden();
  await admin.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(payoutCard).toBeVisible();

  await owner.reload();
  await expect(owner.getByRole('listitem', { name: 'Payout of €10.00, paid' })).toBeVisible();
  await expect(
    owner
      .getByRole('term')
      .filter({ hasText: /^Available$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(formatMicros(earnedMicros - 10_000_000));
});

test('a refused top-up shows the buyer the reason', async ({ browser }) => {
  const run = tag();
  const buyerName = `Rita Refused ${run}`;
  const reason = `The transfer ${run} has not arrived.`;
  const admin = await newSuperUser(browser);
  const buyer = await newUser(browser, 'publisher', buyerName);

  await buyer.goto('/wallet');
  await buyer.getByRole('button', { name: 'Top up' }).click();
  const topUp = buyer.getByRole('dialog', { name: 'Top up your wallet' });
  await fill(topUp, 'Amount (€)', '50');
  await topUp.getByRole('button', { name: 'Send top-up request' }).click();
  await topUp.getByRole('button', { name: 'Done' }).click();
  await expect(topUp).toBeHidden();

  await admin.goto('/admin/wallet-approvals');
  const card = admin.getByRole('article', { name: `Top-up of €50.00 by ${buyerName}` });
  await card.getByRole('button', { name: 'Reject…' }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject the top-up of €50.00?' });
  await fill(reject, 'Reason', reason);
  await reject.getByRole('button', { name: 'Reject top-up' }).click();
  await expect(reject).toBeHidden();

  await buyer.reload();
  const refused = buyer.getByRole('listitem', { name: 'Top-up of €50.00, rejected' });
  await expect(refused).toContainText(reason);
});
