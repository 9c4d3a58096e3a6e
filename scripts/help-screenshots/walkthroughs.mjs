// help:screenshots' videos and the TV's pictures: the introduction walkthrough (the screen owner's
// pages, then the ad buyer's, moved around through the sidebar) and the TV at /tv (its sign-in
// screen, the phone's side of pairing, and the sign-in demo: password sign-in, setup, playback).
/* global document -- evaluate() runs in the browser. */
import { settle, shoot, webp } from './assets.mjs';
import { newContext, signIn } from './browser.mjs';
import { startRecording } from './recorder.mjs';
import { BUYER, origin, OWNER, sleep } from './setup.mjs';

/** Clicks a link of the dashboard's sidebar (the way a person moves around). */
async function openFromSidebar(page, name) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await settle(page);
}

export async function introWalkthrough() {
  const owner = await newContext();
  await signIn(owner, OWNER);
  const buyer = await newContext();
  await signIn(buyer, BUYER);
  const page = await owner.newPage();
  await page.goto(`${origin}/advertiser/dashboard`);
  await settle(page);
  const video = await startRecording(page, { width: 960, height: 600 });
  video.step(
    'A screen owner’s dashboard: the set-up steps, earnings and every screen at a glance.',
  );
  await sleep(2200);
  await openFromSidebar(page, 'Locations');
  video.step('Locations: each venue with its address, time zone and audience estimate.');
  await sleep(2000);
  await openFromSidebar(page, 'Ad spaces');
  video.step('Ad spaces: one row per screen, with its TV’s status and what it plays now.');
  await sleep(2200);
  await openFromSidebar(page, 'Playlists');
  video.step('Playlists: loops of images, videos and ad slots for paid campaigns.');
  await sleep(2000);
  await openFromSidebar(page, 'Schedule');
  video.step('Schedule: which playlist plays on which screen, by date, weekday and time.');
  await sleep(2200);
  await openFromSidebar(page, 'Monetize');
  video.step('Monetize: open a screen’s ad slots to paid campaigns at a floor price.');
  await sleep(2200);

  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`${origin}/publisher/dashboard`);
  await settle(buyerPage);
  await video.attach(buyerPage);
  video.step('An ad buyer’s dashboard: active campaigns, balance, spend and impressions.');
  await sleep(2200);
  await openFromSidebar(buyerPage, 'Ad campaigns');
  video.step('Ad campaigns: every campaign with its status, budget and spend.');
  await sleep(2000);
  // A campaign's name opens its overview; its Results tab the figures.
  const campaign = buyerPage.getByRole('main').getByRole('table').getByRole('link').first();
  if (await campaign.count()) {
    await campaign.click();
    await buyerPage.getByRole('link', { name: 'Results', exact: true }).click();
    await buyerPage
      .waitForSelector('svg.recharts-surface', { timeout: 15_000 })
      .catch(() => undefined);
    await settle(buyerPage);
    video.step('Results: impressions, spend and QR scans by day and by screen.');
    await sleep(3000);
  }
  await openFromSidebar(buyerPage, 'Wallet');
  video.step('Wallet: top-ups, money held for campaigns, and every movement.');
  await sleep(2200);
  await video.stop('intro-walkthrough');
  await owner.close();
  await buyer.close();
}

export async function tvPages() {
  // The TV: 1920×1080, as a TV's browser shows it.
  const tv = await newContext({ width: 1920, height: 1080 });
  const screen = await tv.newPage();
  await screen.goto(`${origin}/tv`);
  await screen.waitForFunction(() => /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/.test(document.body.innerText));
  await screen.waitForSelector('svg path');
  await sleep(500);
  await webp('tv-sign-in.webp', await screen.screenshot({ type: 'png' }), { maxWidth: 1280 });

  // The phone side of pairing: /pair with the TV's code, as the QR code opens it.
  const code = await screen.evaluate(
    () => /\b([A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(document.body.innerText)?.[1] ?? '',
  );
  const phone = await newContext({ width: 390, height: 844 });
  await signIn(phone, OWNER);
  const pair = await phone.newPage();
  await pair.goto(`${origin}/pair?code=${encodeURIComponent(code)}`);
  await pair.getByRole('button', { name: 'Link this TV' }).waitFor({ timeout: 15_000 });
  await shoot(pair, 'tv-pair-phone.webp', { selector: 'body', maxHeight: 844, maxWidth: 390 });
  await phone.close();

  // The demo video: password sign-in, setup, playback.
  const video = await startRecording(screen, { width: 960, height: 540 });
  video.step('The TV player at /tv: sign in with email, or scan the QR code with a phone.');
  await sleep(3000);
  video.step('Type the account’s email and password with the remote, then choose Sign in.');
  await screen.locator('#tv-email').pressSequentially(OWNER.email, { delay: 45 });
  await screen.locator('#tv-password').pressSequentially(OWNER.password, { delay: 45 });
  await sleep(600);
  await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
  const list = screen.getByRole('radiogroup');
  const none = screen.getByText('No Ad Spaces Found');
  await list.or(none).first().waitFor({ timeout: 20_000 });
  if (await none.isVisible()) {
    // Only without the demo: the account has no ad space to choose.
    video.step('With no ad spaces, the TV says No Ad Spaces Found and shows a QR code.');
    await sleep(3000);
    await shoot(screen, 'tv-setup.webp', { selector: 'body', maxHeight: 1080, maxWidth: 1280 });
    await video.stop('tv-sign-in-demo');
    await tv.close();
    return;
  }
  video.step('Setup lists the account’s ad spaces, each with its location.');
  await sleep(3000);
  await shoot(screen, 'tv-setup.webp', { selector: 'body', maxHeight: 1080, maxWidth: 1280 });
  video.step('Choose the ad space this screen belongs to; Continue to Player is enabled.');
  await screen.getByRole('radio').first().click();
  await sleep(2000);
  video.step('Continue to Player saves the choice; the TV downloads its content and plays.');
  await screen.getByRole('button', { name: 'Continue to Player' }).click();
  await sleep(9000);
  await webp('tv-player.webp', await screen.screenshot({ type: 'png' }), { maxWidth: 1280 });
  await video.stop('tv-sign-in-demo');
  await tv.close();
}
