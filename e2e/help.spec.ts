import { expect, test } from '@playwright/test';

const REDIRECTS = [
  { from: '/help/advertiser/content', to: '/help/content', heading: 'Content library' },
  {
    from: '/help/advertiser/playlists/anything',
    to: '/help/advertiser/playlists',
    heading: 'Playlists',
  },
  {
    from: '/help/advertiser/playlists/a/b/c',
    to: '/help/advertiser/playlists',
    heading: 'Playlists',
  },
  {
    from: '/help/publisher/ad-campaigns/x/y',
    to: '/help/publisher/ad-campaigns',
    heading: 'Ad campaigns',
  },
  { from: '/help/tv', to: '/help/tv/player', heading: 'TV player guide' },
  { from: '/help/tv/unknown', to: '/help/publisher/ad-campaigns', heading: 'Ad campaigns' },
  { from: '/help/tv/setup/extra', to: '/help/publisher/ad-campaigns', heading: 'Ad campaigns' },
  { from: '/help/not-a-page', to: '/help', heading: 'How can we help?' },
  { from: '/help/advertiser/nothing-here', to: '/help', heading: 'How can we help?' },
];

test('help sub-paths and unknown help paths redirect to their page', async ({ page }) => {
  for (const { from, to, heading } of REDIRECTS) {
    await test.step(`${from} → ${to}`, async () => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});

test('the TV guide shows its sections and links back to Help home', async ({ page }) => {
  await page.goto('/help/tv/player');
  await expect(page).toHaveURL('/help/tv/player');
  await expect(page.getByRole('heading', { level: 1, name: 'TV player guide' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'What is the TV Player',
    'How Does Playback Work',
    'Downloading & Caching Content',
    'Ad Impressions Tracking',
    'Remote Commands and Takeovers',
    'Power Schedule: Screen Off After Hours',
    'Best Practices',
  ]);
  for (const name of ['What is the TV Player', 'Best Practices']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }

  await page.getByRole('main').getByRole('link', { name: 'Back to Help home' }).click();
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
});

test('help is open to anonymous visitors and offers to sign in', async ({ page }) => {
  await page.goto('/help/advertiser/locations');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/signin');
});
