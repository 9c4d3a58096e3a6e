// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDomStage } from './dom-stage';
import { createPlaybackEngine, type ItemEndReport, type ItemStartReport } from './playback-engine';
import { createManualClock } from './test/manual-clock';

/**
 * jsdom loads no media and implements no playback, so the tests play the browser's part: they
 * fire load/canplay/playing/ended where a browser would, and stub play/pause/load.
 */

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function layer(container: HTMLElement, slot: 0 | 1): HTMLElement {
  const found = container.querySelector<HTMLElement>(`[data-playback-slot="${slot}"]`);
  if (!found) throw new Error(`no layer ${slot}`);
  return found;
}

/** The layer in front, as the viewer sees it. */
function frontLayer(container: HTMLElement): HTMLElement | null {
  const fronts = [layer(container, 0), layer(container, 1)].filter(
    (element) => element.style.zIndex === '2',
  );
  return fronts.length === 1 ? fronts[0]! : null;
}

describe('DOM stage', () => {
  let container: HTMLDivElement;
  const play = vi.fn(() => Promise.resolve());
  const pause = vi.fn();
  const load = vi.fn();

  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(load);
  });

  /** The DOM stage in the container, driven by an engine on a manual clock, with its reports. */
  function mount() {
    const clock = createManualClock();
    const stage = createDomStage(container);
    const starts: ItemStartReport[] = [];
    const ends: ItemEndReport[] = [];
    const errors: string[] = [];
    const engine = createPlaybackEngine({
      stage,
      clock,
      onItemStart: (report) => starts.push(report),
      onItemEnd: (report) => ends.push(report),
      onItemError: (report) => errors.push(`${report.item.key}:${report.reason}`),
    });
    return { clock, stage, engine, starts, ends, errors };
  }

  afterEach(() => {
    container.remove();
    vi.restoreAllMocks();
    play.mockClear();
    pause.mockClear();
    load.mockClear();
  });

  it('shows an image, then a video only once it plays, then a labelled ad-slot placeholder', async () => {
    const { clock, stage, engine, starts, ends } = mount();
    engine.setPlaylist({
      key: 'p@1',
      items: [
        { key: 'a', type: 'image', src: 'https://cdn.test/a.jpg', durationMs: 5000 },
        { key: 'v', type: 'video', src: 'https://cdn.test/v.mp4' },
        { key: 'ad', type: 'adSlot', lengthMs: 15_000 },
      ],
    });

    const image = layer(container, 0).querySelector('img')!;
    expect(image.getAttribute('src')).toBe('https://cdn.test/a.jpg');
    expect(frontLayer(container)).toBeNull();
    image.dispatchEvent(new Event('load'));
    await flush();
    expect(frontLayer(container)).toBe(layer(container, 0));
    expect(starts.map((s) => s.item.key)).toEqual(['a']);

    // The video loads behind the image at once.
    const video = layer(container, 1).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://cdn.test/v.mp4');
    expect(video.muted).toBe(true);
    clock.advance(5000);
    // Not ready yet: the image stays in front.
    expect(frontLayer(container)).toBe(layer(container, 0));
    video.dispatchEvent(new Event('canplay'));
    expect(play).toHaveBeenCalledTimes(1);
    // play() was asked, but the video comes to the front only when it is playing.
    expect(frontLayer(container)).toBe(layer(container, 0));
    video.dispatchEvent(new Event('playing'));
    expect(frontLayer(container)).toBe(layer(container, 1));
    expect(layer(container, 0).querySelector('img')).toBeNull();
    expect(ends[0]).toMatchObject({ item: { key: 'a' }, shownMs: 5000 });

    // The placeholder loads behind the video; the video ends; the placeholder comes to the front.
    await flush();
    const placeholder = layer(container, 0).querySelector('[data-playback-placeholder]')!;
    expect(placeholder.getAttribute('role')).toBe('img');
    expect(placeholder.textContent).toBe('Ad slot · 15 s');
    clock.advance(3000);
    video.dispatchEvent(new Event('ended'));
    await flush();
    expect(frontLayer(container)).toBe(layer(container, 0));
    expect(ends[1]).toMatchObject({ item: { key: 'v' }, shownMs: 3000 });

    // The finished video was released: paused, src removed, load() to free its buffers.
    expect(video.hasAttribute('src')).toBe(false);
    expect(pause).toHaveBeenCalled();
    expect(container.querySelectorAll('video').length).toBeLessThanOrEqual(2);
    engine.stop();
    stage.destroy();
    expect(container.children).toHaveLength(0);
  });

  it('keeps at most two video elements however many videos play, and loops a lone one', async () => {
    const { stage, engine, starts } = mount();
    const videos = ['1', '2', '3', '4', '5'].map((key) => ({
      key,
      type: 'video' as const,
      src: `https://cdn.test/${key}.mp4`,
    }));
    engine.setPlaylist({ key: 'many@1', items: videos });
    for (let round = 0; round < 12; round += 1) {
      const loading = Array.from(container.querySelectorAll('video')).find(
        (video) => video.getAttribute('src') && video.parentElement!.style.zIndex !== '2',
      )!;
      loading.dispatchEvent(new Event('canplay'));
      const playing = Array.from(container.querySelectorAll('video')).find(
        (video) => video.parentElement!.style.zIndex === '2',
      );
      playing?.dispatchEvent(new Event('ended'));
      loading.dispatchEvent(new Event('playing'));
      expect(container.querySelectorAll('video').length).toBeLessThanOrEqual(2);
    }
    expect(starts.map((s) => s.item.key).join('')).toBe('123451234512');

    engine.setPlaylist({ key: 'lone@1', items: [videos[0]!] });
    const lone = Array.from(container.querySelectorAll('video')).find(
      (video) =>
        video.getAttribute('src') === 'https://cdn.test/1.mp4' &&
        video.parentElement!.style.zIndex !== '2',
    )!;
    lone.dispatchEvent(new Event('canplay'));
    lone.dispatchEvent(new Event('playing'));
    lone.currentTime = 12;
    lone.dispatchEvent(new Event('ended'));
    expect(lone.currentTime).toBe(0);
    lone.dispatchEvent(new Event('playing'));
    expect(starts.slice(-2).map((s) => [s.playlistKey, s.item.key])).toEqual([
      ['lone@1', '1'],
      ['lone@1', '1'],
    ]);
    engine.stop();
    stage.destroy();
  });

  it("draws a creative's QR overlay in its own layer, so it is on screen only while the creative is", async () => {
    const { clock, stage, engine } = mount();
    let plays = 0;
    const fillEngine = createPlaybackEngine({
      stage,
      clock,
      fillAdSlot: () => {
        plays += 1;
        return plays === 1
          ? {
              type: 'image',
              src: 'https://cdn.test/creative.png',
              overlay: { qrUrl: 'https://screenline.test/q/ABC123', caption: 'Scan me' },
            }
          : { type: 'image', src: 'https://cdn.test/house.png' };
      },
    });
    engine.stop();
    fillEngine.setPlaylist({
      key: 'ads@1',
      items: [
        { key: 'ad', type: 'adSlot', lengthMs: 10_000 },
        { key: 'ad2', type: 'adSlot', lengthMs: 10_000 },
      ],
    });
    const first = layer(container, 0);
    first.querySelector('img')!.dispatchEvent(new Event('load'));
    await flush();
    expect(frontLayer(container)).toBe(first);
    const overlay = first.querySelector<HTMLElement>('[data-playback-overlay]')!;
    expect(overlay.textContent).toBe('Scan me');
    expect(overlay.style.background).toBe('rgb(255, 255, 255)');
    // jsdom lays nothing out: the size falls back to the viewport's short side.
    expect(overlay.style.width).toBe('14vmin');
    const qr = overlay.querySelector('svg')!;
    expect(qr.getAttribute('aria-label')).toBe('QR code: https://screenline.test/q/ABC123');
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);

    // The next creative has no URL: no overlay, and the first one's went with its layer.
    const second = layer(container, 1);
    expect(second.querySelector('[data-playback-overlay]')).toBeNull();
    second.querySelector('img')!.dispatchEvent(new Event('load'));
    clock.advance(10_000);
    await flush();
    expect(frontLayer(container)).toBe(second);
    expect(container.querySelectorAll('[data-playback-overlay]')).toHaveLength(0);
    fillEngine.stop();
    stage.destroy();
  });

  it('V1.2.1 shows a QR caption and URL with markup in them as text, never as elements', async () => {
    const { clock, stage, engine } = mount();
    const caption = '<img src=x onerror="window.__xss=1">"><svg onload="window.__xss=1">';
    const qrUrl = 'https://screenline.test/q/"><script>window.__xss=1</script>';
    const fillEngine = createPlaybackEngine({
      stage,
      clock,
      fillAdSlot: () => ({
        type: 'image',
        src: 'https://cdn.test/creative.png',
        overlay: { qrUrl, caption },
      }),
    });
    engine.stop();
    fillEngine.setPlaylist({
      key: 'ads@1',
      items: [{ key: 'ad', type: 'adSlot', lengthMs: 10_000 }],
    });
    const first = layer(container, 0);
    first.querySelector('img')!.dispatchEvent(new Event('load'));
    await flush();
    const overlay = first.querySelector<HTMLElement>('[data-playback-overlay]')!;
    expect(overlay.textContent).toBe(caption);
    expect(overlay.querySelector('svg')!.getAttribute('aria-label')).toBe(`QR code: ${qrUrl}`);
    // Only the stage's own elements exist: the creative's images, the QR's svg and path, divs.
    const tags = [...container.querySelectorAll('*')].map((element) =>
      element.tagName.toLowerCase(),
    );
    expect(new Set(tags)).toEqual(new Set(['div', 'img', 'svg', 'path']));
    for (const image of container.querySelectorAll('img'))
      expect(image.getAttribute('src')).toBe('https://cdn.test/creative.png');
    for (const element of container.querySelectorAll('*'))
      for (const name of element.getAttributeNames()) expect(name).not.toMatch(/^on/);
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
    fillEngine.stop();
    stage.destroy();
  });

  it('reports a video that fails to load, and one whose play() is refused', async () => {
    const { stage, engine, errors } = mount();
    engine.setPlaylist({
      key: 'p@1',
      items: [
        { key: 'broken', type: 'video', src: 'https://cdn.test/broken.mp4' },
        { key: 'refused', type: 'video', src: 'https://cdn.test/refused.mp4' },
      ],
    });
    layer(container, 0).querySelector('video')!.dispatchEvent(new Event('error'));
    expect(errors).toEqual(['broken:load-failed']);
    play.mockImplementationOnce(() => Promise.reject(new Error('NotAllowedError')));
    layer(container, 0).querySelector('video')!.dispatchEvent(new Event('canplay'));
    await flush();
    expect(errors).toEqual(['broken:load-failed', 'refused:playback-failed']);
    engine.stop();
    stage.destroy();
  });
});
