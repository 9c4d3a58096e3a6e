// The pairing journey: a phone approves the code, the TV signs in by polling and is set up.
import { API } from '@screenline/shared/api-paths';
import { ZPlayerAdSpaceList } from '@screenline/shared/player';
import { addAdSpaces, api, approveFromPhone } from './api';
import { newPage, type TBrowser } from './driver';
import { baseUrl, check, focused, openDialog, shoot } from './harness';
import { EXPECTED } from './expected';

/**
 * The QR journey in 69, then setup by keyboard: a phone approves, the TV signs in by polling and
 * says "No Ad Spaces Found" with a QR code; the owner adds ad spaces, Refresh (focused) lists
 * them; Enter chooses the first, the arrows reach Continue, Enter saves; a reload goes straight
 * back to the playing screen (idle: the space has no playlist).
 */
export async function checkPairingAndSetup(browser: TBrowser): Promise<void> {
  const page = await newPage(browser);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="pairing-code"]', { timeout: 10_000 });
  const code = await page.evaluate(
    () => document.querySelector('[data-testid="pairing-code"]')!.textContent,
  );
  const { email, owner } = await approveFromPhone(code.replace('-', ''));
  const signedIn = await page
    .waitForSelector('[data-testid="signed-in"]', { timeout: 15_000 })
    .then(() =>
      page.evaluate(() => document.querySelector('[data-testid="signed-in"]')!.textContent),
    )
    .catch(() => null);
  check(
    'pairing: after a phone approves, the TV signs in by polling and comes to setup',
    signedIn === `Signed in as ${email}`,
    JSON.stringify(signedIn),
  );

  // No ad spaces yet: the heading, a QR code of the web's ad spaces page, Refresh focused.
  const empty = await page
    .waitForSelector('#empty-title', { timeout: 10_000 })
    .then(() =>
      page.evaluate(() => {
        const qr = document.querySelector('[data-testid="ad-spaces-qr"]');
        const rect = qr ? qr.getBoundingClientRect() : null;
        return {
          heading: document.querySelector('#empty-title')!.textContent,
          qrLabel: qr ? qr.getAttribute('aria-label') : null,
          qrWidth: rect ? rect.width : 0,
          qrBottom: rect ? rect.bottom : Infinity,
          focused: document.activeElement ? document.activeElement.textContent : null,
        };
      }),
    )
    .catch(() => null);
  check(
    `setup: "${EXPECTED.setup.empty}" with a QR code of the ad spaces page and Refresh focused`,
    empty !== null &&
      empty.heading === EXPECTED.setup.empty &&
      empty.qrWidth >= EXPECTED.setup.minQrSize &&
      empty.qrBottom <= 1080 &&
      empty.focused === 'Refresh',
    JSON.stringify(empty),
  );
  await shoot(page, 'setup-empty-1920x1080');

  await addAdSpaces(owner);
  // Another TV of the owner's already plays one of them (issue 21 item 4).
  const { items: spaces } = await api.request('GET', API.playerAdSpaces, {
    schema: ZPlayerAdSpaceList,
    session: owner,
  });
  await api.registerDevice(owner, {
    deviceKey: `other-tv-${Date.now()}`,
    adSpaceId: spaces.find((space) => space.name === EXPECTED.setup.hasTv)!.id,
    userAgent: 'Mozilla/5.0 (SMART-TV; Tizen 5.5) Chrome/69.0.3497.106',
    appVersion: '0.1.0',
  });
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="radio"]', { timeout: 10_000 }).catch(() => undefined);
  const listed = await page.evaluate(() =>
    [...document.querySelectorAll('[role="radio"]')].map((option) =>
      option.textContent.replace(/Has a TV · last seen .*$/, ''),
    ),
  );
  const continueDisabled = () =>
    page.evaluate(
      (label: string) =>
        [...document.querySelectorAll('button')].find((b) => b.textContent === label)!.disabled,
      EXPECTED.setup.continue,
    );
  const disabledBefore = await continueDisabled().catch(() => null);
  check(
    'setup: Refresh lists the ad spaces with their location; Continue is disabled until one is chosen',
    listed.join('|') ===
      EXPECTED.setup.spaces.map((name) => `${name}${EXPECTED.setup.location}`).join('|') &&
      disabledBefore === true,
    `${JSON.stringify(listed)}, Continue disabled: ${String(disabledBefore)}`,
  );
  const first = await focused(page);
  await page.keyboard.press('ArrowRight');
  const second = await focused(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const disabledAfter = await continueDisabled().catch(() => null);
  const card = (index: number) => `${EXPECTED.setup.spaces[index]}${EXPECTED.setup.location}`;
  check(
    'setup: the first ad space has the focus, arrows move between them with a ring, Enter chooses',
    first.name === card(0) &&
      second.name!.startsWith(card(1)) &&
      first.outline === 'solid 4px' &&
      second.outline === 'solid 4px' &&
      disabledAfter === false,
    JSON.stringify({ first, second, disabledAfter }),
  );

  // Issue 21 item 4: the fourth card is alone on the second row. Right from it goes nowhere
  // (it jumped diagonally to a card of the first row), Up goes to the card above it.
  const chosenName = () =>
    page.evaluate(() => {
      const chosen = document.querySelector('[role="radio"][aria-checked="true"]');
      // Without the tick the chosen card shows.
      return chosen ? chosen.textContent.replace(/^✓/, '') : null;
    });
  await page.keyboard.press('ArrowDown');
  const fourth = await focused(page);
  await page.keyboard.press('ArrowRight');
  const stillFourth = await focused(page);
  await page.keyboard.press('ArrowUp');
  const backUp = await focused(page);
  check(
    'setup: Down to the lone card of the second row; Right stays on it (no diagonal jump); Up returns',
    fourth.name === card(3) &&
      stillFourth.name === card(3) &&
      backUp.name!.replace(/^✓/, '') === card(0),
    JSON.stringify({ fourth, stillFourth, backUp }),
  );

  // The space with a TV says so, and choosing it asks first: Back keeps the choice as it was,
  // "Play it here too" takes it.
  const hasTvLine = await page.evaluate(() => {
    const line = document.querySelector('[data-testid="has-tv"]');
    return line
      ? { text: line.textContent, card: line.closest('[role="radio"]')!.textContent }
      : null;
  });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const asked = await openDialog(page);
  await shoot(page, 'setup-has-tv-1920x1080');
  await page.keyboard.press('Escape');
  const afterBack = { dialog: await page.$('[role="alertdialog"]'), chosen: await chosenName() };
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const afterConfirm = { dialog: await page.$('[role="alertdialog"]'), chosen: await chosenName() };
  check(
    `setup: "${EXPECTED.setup.hasTv}" says it has a TV; OK asks (Cancel focused), Back keeps the choice, "Play it here too" takes it`,
    hasTvLine !== null &&
      /^Has a TV · last seen (just now|1 minute ago)$/.test(hasTvLine.text) &&
      hasTvLine.card.startsWith(EXPECTED.setup.hasTv) &&
      asked !== null &&
      asked.title === `${EXPECTED.setup.hasTv} already has a TV` &&
      asked.focused === 'Cancel' &&
      afterBack.dialog === null &&
      afterBack.chosen === card(0) &&
      afterConfirm.dialog === null &&
      afterConfirm.chosen !== null &&
      afterConfirm.chosen.startsWith(card(1)),
    JSON.stringify({
      hasTvLine,
      asked,
      afterBack: afterBack.chosen,
      afterConfirm: afterConfirm.chosen,
    }),
  );
  // Back to the first space: it has no TV, so OK takes it at once.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const rechosen = await chosenName();
  check(
    'setup: a space without a TV is chosen by OK at once',
    rechosen === card(0) && (await page.$('[role="alertdialog"]')) === null,
    JSON.stringify(rechosen),
  );
  await shoot(page, 'setup-list-1920x1080');
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'setup-list-1080x1920');
  await page.setViewport({ width: 1920, height: 1080 });

  // Issue 21 item 4: Down from the cards lands on Continue, whatever card (the first row's
  // first card is over Sign out's side); Sign out is two Lefts away and asks first.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const onContinue = await focused(page);
  check(
    'setup: ArrowDown from the cards lands on Continue to Player, with a ring',
    onContinue.name === EXPECTED.setup.continue && onContinue.outline === 'solid 4px',
    JSON.stringify(onContinue),
  );
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const onSignOut = await focused(page);
  await page.keyboard.press('Enter');
  const signOutAsked = await openDialog(page);
  await shoot(page, 'setup-sign-out-1920x1080');
  // Arrows stay in the dialog; Back cancels, and the TV is still signed in and set up.
  await page.keyboard.press('ArrowUp');
  const stillInDialog = await focused(page);
  await page.keyboard.press('Escape');
  const afterCancel = await page.evaluate(() => ({
    dialog: document.querySelector('[role="alertdialog"]') !== null,
    signedIn: document.querySelector('[data-testid="signed-in"]') !== null,
    focused: document.activeElement ? document.activeElement.textContent : null,
  }));
  check(
    'setup: Sign out asks first (Cancel focused, arrows stay inside); Back cancels and keeps the TV signed in',
    onSignOut.name === 'Sign out' &&
      signOutAsked !== null &&
      signOutAsked.title === 'Sign out of this TV?' &&
      signOutAsked.focused === 'Cancel' &&
      stillInDialog.name === 'Cancel' &&
      !afterCancel.dialog &&
      afterCancel.signedIn &&
      afterCancel.focused === 'Sign out',
    JSON.stringify({ onSignOut, signOutAsked, stillInDialog, afterCancel }),
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  // Read at once: the hint stays 10 s, and the playing screen may take longer to settle.
  const hint = await page
    .waitForSelector('[data-testid="menu-hint"]', { timeout: 10_000 })
    .then(() =>
      page.evaluate(() => document.querySelector('[data-testid="menu-hint"]')!.textContent),
    )
    .catch(() => null);
  // The playing screen; a space with nothing to play shows the idle screen over the stage.
  // The starting screen (idle, "Content appears here…") comes first; once the media cache is
  // open the stage is up under the idle screen, whose status line follows the first manifest.
  const playingScreen = () =>
    page
      .waitForFunction(
        (status: string) => {
          const line = document.querySelector('[data-testid="idle-screen"] [role="status"]');
          return (
            document.querySelector('[data-testid="stage"]') !== null &&
            line !== null &&
            line.textContent.trim() === status
          );
        },
        { timeout: 15_000 },
        EXPECTED.setup.idle.status,
      )
      .catch(() => undefined)
      .then(() =>
        page.evaluate(() => ({
          hasStage: document.querySelector('[data-testid="stage"]') !== null,
          lines: [
            ...document.querySelectorAll(
              '[data-testid="idle-screen"] h2, [data-testid="idle-screen"] p',
            ),
          ].map((element) => element.textContent.trim()),
        })),
      )
      .catch(() => null);
  const expectedIdle = [
    EXPECTED.setup.idle.title,
    `${EXPECTED.setup.spaces[0]} · ${EXPECTED.setup.location}`,
    EXPECTED.setup.idle.status,
  ];
  const isIdleScreen = (seen: { hasStage: boolean; lines: string[] } | null) =>
    seen !== null && seen.hasStage && seen.lines.join('|') === expectedIdle.join('|');
  const playing = await playingScreen();
  check(
    `setup: Continue shows the playing screen, idle: "${EXPECTED.setup.idle.title}" (nothing to play)`,
    isIdleScreen(playing),
    JSON.stringify(playing),
  );
  await shoot(page, 'idle-1920x1080');
  // Issue 21 item 4: the first time, the TV says how to reach the menu; OK opens it.
  await page.keyboard.press('Enter');
  const menu = await page
    .waitForSelector('[role="dialog"][aria-label="Menu"]', { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  await shoot(page, 'menu-by-ok-1920x1080');
  await page.keyboard.press('Escape');
  const menuClosed = (await page.$('[role="dialog"][aria-label="Menu"]')) === null;
  check(
    'playing: "Press OK for the menu" shows the first time; OK opens the menu, Back closes it',
    hint === 'Press OK for the menu' && menu && menuClosed,
    JSON.stringify({ hint, menu, menuClosed }),
  );

  // Not networkidle0: the playing screen keeps the change stream (/api/v1/player/events) open.
  await page.reload({ waitUntil: 'load' });
  const afterReload = await playingScreen();
  const hintAgain = (await page.$('[data-testid="menu-hint"]')) !== null;
  check(
    'setup: a reload goes straight back to the playing screen (device kept in localStorage), without the menu hint',
    isIdleScreen(afterReload) && !hintAgain,
    JSON.stringify({ afterReload, hintAgain }),
  );
  await page.setViewport({ width: 1080, height: 1920 });
  await shoot(page, 'idle-1080x1920');
  check('pairing and setup: no page or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}
