// The marketplace journey: a funded campaign's creative plays in the ad slot and is billed.
import {
  addSpaceWithTv,
  addToLibrary,
  api,
  playsReportOf,
  pngSample,
  signUp,
  signUpOwner,
  type TLibraryItem,
  uploadToLibrary,
  withTwoFactor,
} from './api';
import { newPage, type TBrowser } from './driver';
import { answered, baseUrl, check, poll, shoot, SUPER_USER_EMAIL } from './harness';
import {
  blanks,
  describeBlanks,
  installStageSampler,
  isImageShown,
  sequence,
  stageFrames,
  type TStageFrame,
} from './playback';

/** The marketplace journey's playlist [poster, ad slot, poster] and its money (micros). */
export const MARKET = {
  posterSeconds: 3,
  slotSeconds: 4,
  floorMicrosPerSecond: 500,
  bidMicrosPerSecond: 1_000,
  topUpMicros: 20_000_000,
  budgetMicros: 10_000_000,
  destinationUrl: 'https://example.com/harbour-offer',
};

/**
 * What the web would have made before the TV shows an ad (over HTTP): an owner's space playing
 * [poster, ad slot, poster] with its TV, monetized at a floor (requested, approved by the
 * super-user); a buyer whose top-up the super-user approved, with an image creative and a
 * campaign on that space (today ± a day, a destination URL, bid above the floor) submitted but
 * not approved yet; a house ad in the super-user's library.
 */
export async function seedMarketplace() {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { owner } = await signUpOwner('tv69-owner');
  const admin = await withTwoFactor((await signUp(SUPER_USER_EMAIL, 'advertiser')).session);
  const { session: buyer } = await signUp(`tv69-buyer-${Date.now()}@example.com`, 'publisher');

  const poster = await addToLibrary(owner, 'Harbour poster', 'image');
  const playlist = await api.createPlaylist(owner, {
    name: 'Harbour with ads',
    items: [
      {
        id: 'poster-1',
        type: 'content',
        contentId: poster.id,
        kind: 'image',
        durationSeconds: MARKET.posterSeconds,
      },
      { id: 'ads', type: 'adSlot', lengthSeconds: MARKET.slotSeconds },
      {
        id: 'poster-2',
        type: 'content',
        contentId: poster.id,
        kind: 'image',
        durationSeconds: MARKET.posterSeconds,
      },
    ],
  });
  const place = await api.createLocation(owner, {
    name: 'Pier',
    address: { line: '3 Pier', city: 'Springfield', country: 'US' },
    timeZone: 'America/New_York',
    venueType: 'retail',
  });
  const tv = await addSpaceWithTv(owner, place, playlist, 'Pier screen', 'landscape');
  const adSpaceId = tv.adSpace.id;
  const monetization = await api.requestMonetization(owner, {
    adSpaceId,
    floorMicrosPerSecond: MARKET.floorMicrosPerSecond,
  });
  await api.approveMonetization(admin, monetization.id);

  // Both carry a fresh Idempotency-Key (the client's, for requests that move money).
  const topUp = await api.createTopUp(buyer, { amountMicros: MARKET.topUpMicros });
  await api.approveTopUp(admin, topUp.id);
  const creative = await uploadToLibrary(
    buyer,
    'Harbour offer',
    pngSample('harbour-offer.png', [234, 88, 12]),
  );
  const campaign = await api.createCampaign(buyer, {
    name: 'Harbour offer',
    creativeIds: [creative.id],
    targeting: { adSpaceIds: [adSpaceId] },
    startDate: day(-1),
    endDate: day(1),
    dayparts: [],
    bidMicrosPerSecond: MARKET.bidMicrosPerSecond,
    budgetMicros: MARKET.budgetMicros,
    destinationUrl: MARKET.destinationUrl,
    category: 'travel',
  });
  await api.submitCampaign(buyer, campaign.id);
  const houseAd = await uploadToLibrary(
    admin,
    'Screenline house ad',
    pngSample('house-ad.png', [13, 148, 136]),
  );
  return { owner, admin, buyer, tv, adSpaceId, poster, creative, campaign, houseAd };
}

/**
 * The marketplace journey in 69 (issue 9), in a fresh profile: a monetized space's TV plays
 * [poster, ad slot, poster], the slot skipped while nothing fills it; the super-user approves a
 * campaign and the TV, told by the server's push, downloads the creative and plays it in the
 * slot with its QR code over it (a /q/ link that redirects to the destination), gone on the next
 * item; the heartbeat reports the creative ready, the play syncs and is billed, the ledger stays
 * balanced. Billing runs behind the upload (the settlement worker, within SETTLE_DELAY_MS = 10 s):
 * the checks wait until nothing is settling, then read the verdicts of the TV's real plays, every
 * one billed. Then, the campaign paused and a house ad set, the slot plays the house ad, no QR
 * code, unbilled; the only plays of the campaign refused are those started after the pause.
 */
export async function checkMarketplace(browser: TBrowser): Promise<void> {
  const seed = await seedMarketplace();
  const { owner, admin, buyer, adSpaceId, campaign } = seed;
  const urlOf = (item: TLibraryItem) => `/tv/media/${item.key}`;
  const page = await newPage(browser);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved: string) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(seed.tv));
  await page.evaluateOnNewDocument(installStageSampler);
  await page.setViewport({ width: 1920, height: 1080 });
  const stage = stageFrames(page);
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });

  const isShowing = (item: TLibraryItem) => (frame: TStageFrame) =>
    isImageShown(frame) && frame.src === urlOf(item);
  const firstPoster = await stage.waitFor(isShowing(seed.poster), { from: 0, timeoutMs: 30_000 });
  // One whole loop: with no campaign approved the monetized space's slot is skipped.
  const beforeApproval = await stage.collect(
    (MARKET.posterSeconds * 2 + MARKET.slotSeconds) * 1000,
  );
  check(
    'marketplace: a monetized space with no campaign plays its posters, the ad slot skipped, no QR code',
    firstPoster !== -1 &&
      beforeApproval.length > 0 &&
      beforeApproval.every((frame) => frame.src === urlOf(seed.poster) && frame.overlay === null) &&
      blanks(beforeApproval).length === 0,
    `${firstPoster}; ${sequence(beforeApproval)}; blank: ${describeBlanks(beforeApproval)}`,
  );

  const approvedAt = Date.now();
  await api.approveCampaign(admin, campaign.id);
  const adStart = await stage.waitFor(isShowing(seed.creative), { timeoutMs: 40_000 });
  const adFrames: TStageFrame[] = [];
  let next = -1;
  const adStartFrame = stage.frames[adStart];
  if (adStartFrame) {
    console.log(
      `    the creative on screen ${((adStartFrame.at - approvedAt) / 1000).toFixed(1)} s after the approval`,
    );
    await shoot(page, 'ad-with-qr-1920x1080');
    next = await stage.waitFor((frame) => isImageShown(frame) && !isShowing(seed.creative)(frame), {
      from: adStart,
      timeoutMs: (MARKET.slotSeconds + 3) * 1000,
    });
    adFrames.push(...stage.frames.slice(adStart, next === -1 ? undefined : next));
  }
  const overlay = adFrames[0]?.overlay ?? null;
  const qrUrl = overlay?.label?.startsWith('QR code: ') ? overlay.label.slice(9) : null;
  // 14 % of the stage's short side, in the bottom-right corner.
  const qrSide = Math.round(1080 * 0.14);
  check(
    'marketplace: once approved, the ad slot shows the creative from the cache (/tv/media/…) in front, with a QR code',
    adStart !== -1 &&
      overlay !== null &&
      adFrames.every((frame) => frame.overlay !== null && frame.overlay.label === overlay.label) &&
      qrUrl !== null &&
      Math.abs(overlay.width - qrSide) <= 1 &&
      overlay.right <= 1920 &&
      overlay.bottom <= 1080,
    JSON.stringify({ adStart, first: adFrames[0], frames: adFrames.length }),
  );
  const afterAd = next === -1 ? undefined : stage.frames[next];
  check(
    'marketplace: the QR code goes with the creative: the next item (the poster) has none',
    afterAd !== undefined && afterAd.src === urlOf(seed.poster) && afterAd.overlay === null,
    JSON.stringify(afterAd),
  );

  const scan = qrUrl
    ? await fetch(`${baseUrl}${new URL(qrUrl).pathname}`, { redirect: 'manual' })
    : null;
  check(
    "marketplace: the TV's QR code is the /q/ link that redirects (302) to the campaign's destination",
    scan !== null &&
      qrUrl !== null &&
      new URL(qrUrl).pathname.startsWith('/q/') &&
      scan.status === 302 &&
      scan.headers.get('location') === MARKET.destinationUrl,
    JSON.stringify({ qrUrl, status: scan?.status, location: scan?.headers.get('location') }),
  );

  // Billed behind the upload: wait until a play is billed and none of the TV's is settling.
  const polledResults = await poll(
    () => api.campaignResults(buyer, campaign.id),
    (seen) =>
      seen.readiness.readyScreens === 1 &&
      seen.totals.impressions >= 1 &&
      seen.totals.spentMicros > 0 &&
      seen.totals.qrScans >= 1 &&
      seen.settling.plays === 0,
    45_000,
  );
  const results = answered(polledResults);
  check(
    'marketplace: the heartbeat reports the creative in adCreativesReady (campaign results: ready on 1 of 1 screens)',
    results?.readiness.readyScreens === 1 && results.readiness.targetedScreens === 1,
    JSON.stringify(results?.readiness ?? polledResults),
  );
  // Billed per second shown at the bid (floored per play); an image creative shows for the
  // slot's length, give or take the timer's lateness on a busy machine.
  const totals = results?.totals ?? {
    impressions: 0,
    shownMs: 0,
    spentMicros: 0,
    qrScans: 0,
  };
  check(
    'marketplace: the ad play syncs and is billed (campaign results: impressions, shown ≈ the slot, spend > 0 at the bid, the QR scan)',
    totals.impressions >= 1 &&
      totals.shownMs >= totals.impressions * (MARKET.slotSeconds - 1) * 1000 &&
      totals.shownMs <= totals.impressions * (MARKET.slotSeconds + 2) * 1000 &&
      totals.spentMicros > 0 &&
      totals.spentMicros <= Math.floor((totals.shownMs * MARKET.bidMicrosPerSecond) / 1000) &&
      totals.qrScans >= 1 &&
      results?.byAdSpace[0]?.adSpaceId === adSpaceId,
    JSON.stringify(results?.totals ?? polledResults),
  );
  // The proof that a real TV's plays pass the arrival and settlement rules: of every ad play the
  // TV in Chromium 69 sent while the campaign was live, none was refused (not offered, overlap,
  // clock ahead, …) and none is left settling.
  check(
    'marketplace: every ad play the TV sent is billed (campaign results: nothing unbilled, nothing settling)',
    results !== undefined && results.unbilled.length === 0 && results.settling.plays === 0,
    JSON.stringify({ unbilled: results?.unbilled, settling: results?.settling }),
  );
  const [plays, ownerWallet] = await Promise.all([
    playsReportOf(owner, adSpaceId),
    api.getWallet(owner),
  ]);
  const creativePlays = plays.byItem.find((item) => item.contentId === seed.creative.id);
  check(
    "marketplace: the owner's plays report lists the creative's play, its ad plays billed (none unbilled); the owner's wallet earned from it",
    (creativePlays?.plays ?? 0) >= 1 &&
      plays.adPlays.billed >= 1 &&
      plays.adPlays.unbilled.length === 0 &&
      ownerWallet.lifetimeEarnedMicros > 0,
    JSON.stringify({
      byItem: plays.byItem,
      adPlays: plays.adPlays,
      earned: ownerWallet.lifetimeEarnedMicros,
    }),
  );

  // The house ad: no campaign playable, the super-user's own item fills the slot, unbilled.
  const paused = await api.pauseCampaign(buyer, campaign.id);
  await api.setAdPlaylist(admin, adSpaceId, {
    pinnedCampaignIds: [],
    excludedCampaignIds: [],
    houseAdContentIds: [seed.houseAd.id],
  });
  const houseStart = await stage.waitFor(isShowing(seed.houseAd), { timeoutMs: 40_000 });
  if (houseStart !== -1) await shoot(page, 'house-ad-1920x1080');
  const houseEnd =
    houseStart === -1
      ? -1
      : await stage.waitFor((frame) => isImageShown(frame) && !isShowing(seed.houseAd)(frame), {
          from: houseStart,
          timeoutMs: (MARKET.slotSeconds + 3) * 1000,
        });
  const houseFrames = houseStart === -1 ? [] : stage.frames.slice(houseStart, houseEnd);
  check(
    'house ad: the campaign paused and a house ad set, the slot plays the house ad with no QR code',
    houseStart !== -1 && houseEnd !== -1 && houseFrames.every((frame) => frame.overlay === null),
    JSON.stringify({ houseStart, houseEnd, first: houseFrames[0] }),
  );
  const housePlays = answered(
    await poll(
      () => playsReportOf(owner, adSpaceId),
      (seen) => seen.byItem.some((item) => item.contentId === seed.houseAd.id),
      20_000,
    ),
  );
  // Plays of the creative the TV showed before the pause may arrive and be billed after it
  // (live means billable); each is at most the slot plus its tolerance at the bid. Plays it
  // started after the pause (before the push reached it) are refused as not live, nothing else.
  const polledAfterHouse = await poll(
    () => api.campaignResults(buyer, campaign.id),
    (seen) => seen.settling.plays === 0,
    30_000,
  );
  const afterHouse = answered(polledAfterHouse);
  // A failed probe leaves NaN here, which fails the check below as the JavaScript did.
  const latePlays = (afterHouse?.totals.impressions ?? NaN) - totals.impressions;
  const lateMicros = (afterHouse?.totals.spentMicros ?? NaN) - paused.spentMicros;
  const houseItem = housePlays?.byItem.find((item) => item.contentId === seed.houseAd.id);
  check(
    "house ad: its play syncs (the owner's plays report lists it), unbilled (the campaign is charged only for plays shown before the pause; later ones are refused as not live)",
    houseItem !== undefined &&
      afterHouse?.settling.plays === 0 &&
      lateMicros >= 0 &&
      lateMicros <=
        Math.max(0, latePlays) *
          Math.ceil(((MARKET.slotSeconds * 1000 + 500) * MARKET.bidMicrosPerSecond) / 1000) &&
      afterHouse.unbilled.every((entry) => entry.reason === 'not-live'),
    JSON.stringify({
      house: houseItem,
      paused: paused.spentMicros,
      after: afterHouse?.totals ?? polledAfterHouse,
      unbilled: afterHouse?.unbilled,
      settling: afterHouse?.settling,
    }),
  );

  const audit = await api.ledgerAudit(admin);
  check(
    'marketplace: the ledger audit is balanced, nothing negative, no problems',
    audit.balanced &&
      audit.totalMicros === 0 &&
      audit.negativeWallets === 0 &&
      audit.problems.length === 0,
    JSON.stringify(audit),
  );
  check('marketplace: no page, console or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}
