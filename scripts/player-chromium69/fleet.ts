// Running many screens (issue 23): the commands journey and the power schedule journey.
import fs from 'node:fs';
import path from 'node:path';
import { API } from '@screenline/shared/api-paths';
import { addSpaceWithTv, addToLibrary, api, seedPlayback, signUpOwner } from './api';
import { newPage, type TBrowser } from './driver';
import { answered, baseUrl, check, poll, shoot, shots } from './harness';
import { installStageSampler, isImageShown, stageFrames } from './playback';

declare global {
  interface Window {
    /** Set before the reload command: a new page has none. */
    __beforeReload?: boolean;
  }
}

/**
 * Issue 23 in 69 (PLAYER69_ONLY=commands): a TV playing its space gets remote commands over its
 * event stream and a takeover from its manifest. Identify shows the name and code and is
 * acknowledged done; refresh fetches the manifest again, restart plays on, reload loads a new
 * page that plays again, each acknowledged done; a screenshot comes back as a JPEG (or, where 69 cannot draw the clip, the
 * reason) and finishes its command; a takeover message replaces playback within seconds, the TV
 * says it showed it, and ending it brings playback back.
 */
/** Runs in the page (69 has no `?.`): the text of the element `selector` finds, or null. */
export function textOfSelector(selector: string): string | null {
  const element = document.querySelector(selector);
  return element ? element.textContent : null;
}

/** Runs in the page: the stage's front layer holds an image or a video. */
export function isFrontPlaying(): boolean {
  const front = Array.from(document.querySelectorAll<HTMLElement>('[data-playback-slot]')).filter(
    (layer) => layer.style.zIndex === '2',
  )[0];
  return !!front && !!front.querySelector('img, video');
}

export async function checkCommands(browser: TBrowser): Promise<void> {
  const seed = await seedPlayback();
  const tv = seed.landscape;
  const spaceId = tv.adSpace.id;
  const owner = seed.owner;
  const page = await newPage(browser);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved: string) => {
    if (!window.localStorage.getItem('screenline.tv.device')) {
      window.localStorage.setItem('screenline.tv.device', saved);
    }
  }, JSON.stringify(tv));
  await page.setViewport({ width: 1920, height: 1080 });
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
  const playing = await poll(
    () => page.evaluate(isFrontPlaying),
    (isPlaying) => isPlaying === true,
    30_000,
  );
  check('commands: the TV plays its space', playing === true, JSON.stringify(playing));

  const commandState = (id: string) =>
    api
      .listDeviceCommands(owner, spaceId)
      .then((list) => list.items.find((command) => command.id === id) ?? null);
  /** Sends a command to the space's TV: the one command made. */
  const send = async (kind: 'identify' | 'refresh' | 'restart' | 'reload' | 'screenshot') => {
    const [command] = (await api.sendDeviceCommand(owner, { kind, adSpaceIds: [spaceId] })).items;
    if (!command) throw new Error(`${kind}: no command made`);
    return command;
  };
  const identify = await send('identify');
  const shown = await poll(
    () => page.evaluate(textOfSelector, '[data-testid="identify"]'),
    (text) => typeof text === 'string' && text.includes(tv.adSpace.name),
    10_000,
  );
  const code = tv.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase();
  check(
    'commands: identify shows the name and code within seconds',
    typeof shown === 'string' && shown.includes(code),
    JSON.stringify({ shown, code }),
  );
  await shoot(page, 'commands-identify-1920x1080');
  const identified = answered(
    await poll(
      () => commandState(identify.id),
      (c) => c?.state === 'done',
      10_000,
    ),
  );
  check(
    'commands: identify acknowledged delivered, then done',
    identified?.state === 'done' && identified.deliveredAt !== null,
    JSON.stringify(identified),
  );
  const gone = await poll(
    () => page.evaluate(() => document.querySelector('[data-testid="identify"]') === null),
    (isGone) => isGone === true,
    15_000,
  );
  check('commands: identify goes after 10 s', gone === true);

  // Refresh: the TV fetches its manifest again at once and says done.
  const manifestFetches: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes(API.playerManifest)) manifestFetches.push(request.url());
  };
  page.on('request', onRequest);
  const refresh = await send('refresh');
  const refreshed = answered(
    await poll(
      () => commandState(refresh.id),
      (c) => c?.state === 'done',
      10_000,
    ),
  );
  page.off('request', onRequest);
  check(
    'commands: refresh fetches the manifest again and is acknowledged done',
    refreshed?.state === 'done' && manifestFetches.length > 0,
    JSON.stringify({ state: refreshed?.state, fetches: manifestFetches.length }),
  );

  // Restart: done, and the stage plays on.
  const restart = await send('restart');
  const restarted = answered(
    await poll(
      () => commandState(restart.id),
      (c) => c?.state === 'done',
      10_000,
    ),
  );
  const playsAfterRestart = await poll(
    () => page.evaluate(isFrontPlaying),
    (isPlaying) => isPlaying === true,
    15_000,
  );
  check(
    'commands: restart is acknowledged done and playback goes on',
    restarted?.state === 'done' && playsAfterRestart === true,
    JSON.stringify({ state: restarted?.state, playsAfterRestart }),
  );

  // Reload: done first (nothing runs after it), then a new page that plays again.
  await page.evaluate(() => {
    window.__beforeReload = true;
  });
  const reload = await send('reload');
  const reloaded = await poll(
    () => page.evaluate(() => window.__beforeReload !== true).catch(() => false),
    (isNew) => isNew === true,
    15_000,
  );
  const reloadState = answered(
    await poll(
      () => commandState(reload.id),
      (c) => c?.state === 'done',
      10_000,
    ),
  );
  const playsAfterReload = await poll(
    () => page.evaluate(isFrontPlaying).catch(() => false),
    (isPlaying) => isPlaying === true,
    30_000,
  );
  check(
    'commands: reload is acknowledged done, loads a new page and plays again',
    reloaded === true && reloadState?.state === 'done' && playsAfterReload === true,
    JSON.stringify({ reloaded, state: reloadState?.state, playsAfterReload }),
  );

  const screenshot = await send('screenshot');
  const finished = answered(
    await poll(
      () => commandState(screenshot.id),
      (c) => c?.state === 'done' || c?.state === 'failed',
      15_000,
    ),
  );
  const screenshots = await api.listScreenshots(owner, spaceId);
  const shot = screenshots.items[0];
  check(
    'commands: the screenshot finishes its command with a JPEG, or says why 69 could not capture',
    (finished?.state === 'done' && shot?.imageUrl?.startsWith('data:image/jpeg;base64,')) ||
      (finished?.state === 'failed' && typeof shot?.problem === 'string'),
    JSON.stringify({ finished, problem: shot?.problem, hasImage: !!shot?.imageUrl }),
  );
  if (shot?.imageUrl) {
    const file = path.join(shots, 'tv-chromium69-commands-capture.jpg');
    fs.writeFileSync(file, Buffer.from(shot.imageUrl.split(',')[1] ?? '', 'base64'));
    console.log(`    capture: ${file}`);
  }

  const message = 'Please leave the building by the nearest exit.';
  const startedAt = Date.now();
  const takeover = await api.startTakeover(owner, {
    kind: 'message',
    message,
    adSpaceIds: [spaceId],
    durationMinutes: 15,
  });
  const onScreen = await poll(
    () => page.evaluate(textOfSelector, '[data-testid="takeover"]'),
    (text) => text === message,
    15_000,
  );
  check(
    'commands: the takeover message replaces playback within seconds',
    onScreen === message,
    `${JSON.stringify(onScreen)} after ${Date.now() - startedAt} ms`,
  );
  await shoot(page, 'commands-takeover-1920x1080');
  const logged = answered(
    await poll(
      () => api.listTakeovers(owner),
      (list) =>
        list.items.some(
          (t) => t.id === takeover.id && t.shownOn.some((s) => s.deviceId === tv.deviceId),
        ),
      10_000,
    ),
  );
  check(
    'commands: the TV acknowledged showing the takeover (logged where it showed)',
    !!logged?.items.some((t) => t.id === takeover.id && t.shownOn.length === 1),
    JSON.stringify(logged?.items[0]?.shownOn),
  );
  await api.endTakeover(owner, takeover.id);
  const resumed = await poll(
    () =>
      page.evaluate(() => {
        const front = Array.from(
          document.querySelectorAll<HTMLElement>('[data-playback-slot]'),
        ).filter((layer) => layer.style.zIndex === '2')[0];
        return (
          document.querySelector('[data-testid="takeover"]') === null &&
          !!front &&
          !!front.querySelector('img, video')
        );
      }),
    (isBack) => isBack === true,
    20_000,
  );
  check('commands: ended, the takeover goes and playback comes back', resumed === true);
  check('commands: no page or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}

/** HH:00 in `timeZone`, `hours` from now (wrapping past midnight). */
export function hourFromNow(timeZone: string, hours: number): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
      Date.now() + hours * 3_600_000,
    ),
  );
  return `${String(hour).padStart(2, '0')}:00`;
}

/** What covers the middle of the screen, and the power-off cover's box and colour (in the page). */
export function readPowerCover():
  | { present: false }
  | { present: true; onTop: boolean; width: number; height: number; background: string } {
  const cover = document.querySelector('[data-power="off"]');
  const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  if (!cover) return { present: false };
  const box = cover.getBoundingClientRect();
  return {
    present: true,
    onTop: middle === cover,
    width: Math.round(box.width),
    height: Math.round(box.height),
    background: getComputedStyle(cover).backgroundColor,
  };
}

/** How long each of the power journey's two images plays (seconds). */
const NIGHT_IMAGE_SECONDS = 3;

/**
 * The power schedule (issue 23 item 5) in 69: a TV playing an image is given on hours that begin
 * two hours from now; told by the push, it turns black (a cover over the whole 1920×1080 screen,
 * on top, black) and the stage stops; with the schedule removed it plays again. No page, console
 * or HTTP error.
 */
export async function checkPowerOff(browser: TBrowser): Promise<void> {
  const { owner } = await signUpOwner('tv69-power');
  // Two images of NIGHT_IMAGE_SECONDS: a loop that went on playing would start the next soon.
  const image = await addToLibrary(owner, 'Night poster', 'image');
  const second = await addToLibrary(owner, 'Night poster 2', 'image');
  const playlist = await api.createPlaylist(owner, {
    name: 'Night loop',
    items: [
      {
        id: 'poster',
        type: 'content',
        contentId: image.id,
        kind: 'image',
        durationSeconds: NIGHT_IMAGE_SECONDS,
      },
      {
        id: 'poster-2',
        type: 'content',
        contentId: second.id,
        kind: 'image',
        durationSeconds: NIGHT_IMAGE_SECONDS,
      },
    ],
  });
  const timeZone = 'America/New_York';
  const place = await api.createLocation(owner, {
    name: 'Pier',
    address: { line: '3 Pier', city: 'Springfield', country: 'US' },
    timeZone,
    venueType: 'retail',
  });
  const tv = await addSpaceWithTv(owner, place, playlist, 'Pier screen', 'landscape');
  const page = await newPage(browser);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.evaluateOnNewDocument((saved: string) => {
    window.localStorage.setItem('screenline.tv.device', saved);
  }, JSON.stringify(tv));
  await page.evaluateOnNewDocument(installStageSampler);
  await page.setViewport({ width: 1920, height: 1080 });
  const stage = stageFrames(page);
  await page.goto(`${baseUrl}/tv`, { waitUntil: 'load' });
  const shown = await stage.waitFor(isImageShown, { from: 0, timeoutMs: 30_000 });
  check(
    'power: the image plays before the schedule',
    shown !== -1,
    JSON.stringify(stage.frames.slice(-2)),
  );

  /** Saves the space's power schedule: null when saved, else why not. */
  const savePower = (powerSchedule: Parameters<typeof api.savePowerSchedule>[2]['powerSchedule']) =>
    api.savePowerSchedule(owner, tv.adSpace.id, { powerSchedule }).then(
      () => null,
      (error: unknown) => String(error),
    );
  const saved = await savePower({
    ranges: [
      {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: hourFromNow(timeZone, 2),
        endTime: hourFromNow(timeZone, 3),
      },
    ],
  });
  check('power: the owner saves on hours that leave now off', saved === null, saved);
  const savedAt = Date.now();
  const polledOff = await poll(
    () => page.evaluate(readPowerCover),
    (cover) => cover.present,
    20_000,
  );
  const off = answered(polledOff);
  console.log(`    black ${Date.now() - savedAt} ms after the save`);
  check(
    'power: the TV turns black: a black cover over the whole screen, on top',
    off?.present === true &&
      off.onTop &&
      off.width === 1920 &&
      off.height === 1080 &&
      off.background === 'rgb(0, 0, 0)',
    JSON.stringify(polledOff),
  );
  await shoot(page, 'power-off-1920x1080');
  // Nothing new starts while off: no image element the stage had not shown before the cover
  // came, until well past when the loop of two 3 s images would have started the next (3 s after
  // the last one started, with 1.5 s for a loaded machine's timers). What the front layer held
  // may stay under the cover, black on top of it.
  const before = stage.frames.length;
  const seen = new Set(stage.frames.map((frame) => frame.element));
  const lastImage = stage.frames.filter(isImageShown).at(-1);
  const lastStart = stage.frames.find(
    (frame) => isImageShown(frame) && frame.element === lastImage?.element,
  );
  const nextDue = (lastStart?.at ?? Date.now()) + NIGHT_IMAGE_SECONDS * 1000;
  const after = await stage.waitFor((frame) => isImageShown(frame) && !seen.has(frame.element), {
    from: before,
    timeoutMs: Math.max(nextDue + 1500 - Date.now(), 500),
  });
  check('power: no item starts while the screen is scheduled off', after === -1, '');

  const removed = await savePower(null);
  const polledBack = await poll(
    () => page.evaluate(readPowerCover),
    (cover) => !cover.present,
    20_000,
  );
  const back = answered(polledBack);
  const playing = await stage.waitFor(isImageShown, { timeoutMs: 15_000 });
  check(
    'power: always on again, the cover goes and the image plays',
    removed === null && back?.present === false && playing !== -1,
    JSON.stringify({ removed, back: polledBack }),
  );
  check('power: no page, console or HTTP error', problems.length === 0, problems.join('; '));
  await page.close();
}
