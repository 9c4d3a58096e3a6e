// help:screenshots' still pictures of the web app: the screen owner's pages and the ad buyer's,
// each signed in as the demo's account, each page shot once it has settled.
import { shoot } from './assets.mjs';
import { api, newContext, signIn } from './browser.mjs';
import { BUYER, origin, OWNER } from './setup.mjs';

export async function ownerPages() {
  const context = await newContext();
  await signIn(context, OWNER);
  const page = await context.newPage();
  await page.goto(`${origin}/advertiser/dashboard`);
  await shoot(page, 'screen-owner-dashboard.webp');
  await page.goto(`${origin}/advertiser/locations`);
  await shoot(page, 'locations.webp');
  await page.goto(`${origin}/advertiser/ad-spaces`);
  await shoot(page, 'ad-spaces.webp');
  const playlists = await api(context, '/api/v1/playlists');
  const items = playlists.items ?? playlists;
  const playlist = items.find((p) => p.items?.some((i) => i.type === 'adSlot')) ?? items[0];
  if (playlist) {
    await page.goto(`${origin}/advertiser/playlists/edit/${playlist.id}`);
    await shoot(page, 'playlist-editor.webp');
  }
  await page.goto(`${origin}/advertiser/schedule`);
  await shoot(page, 'schedule.webp');
  await page.goto(`${origin}/advertiser/monetize`);
  await shoot(page, 'monetize.webp');
  await page.goto(`${origin}/advertiser/monetize/approvals`);
  await shoot(page, 'campaign-approvals.webp');
  await page.goto(`${origin}/content`);
  await shoot(page, 'content.webp');
  await page.goto(`${origin}/profile`);
  await shoot(page, 'profile.webp');
  await context.close();
}

export async function buyerPages() {
  const context = await newContext();
  await signIn(context, BUYER);
  const page = await context.newPage();
  await page.goto(`${origin}/publisher/dashboard`);
  await shoot(page, 'ad-buyer-dashboard.webp');
  await page.goto(`${origin}/publisher/ad-campaigns`);
  await shoot(page, 'ad-campaigns.webp');
  await page.goto(`${origin}/publisher/ad-campaigns/new`);
  await shoot(page, 'campaign-wizard.webp');
  const campaigns = await api(context, '/api/v1/campaigns');
  const list = campaigns.items ?? campaigns;
  const running = list.find((c) => c.status === 'active') ?? list[0];
  if (running) {
    await page.goto(`${origin}/publisher/ad-campaigns/view/${running.id}/results`);
    await page.waitForSelector('svg.recharts-surface', { timeout: 15_000 }).catch(() => undefined);
    await shoot(page, 'campaign-results.webp');
  }
  await page.goto(`${origin}/wallet`);
  await shoot(page, 'wallet.webp');
  await context.close();
}
