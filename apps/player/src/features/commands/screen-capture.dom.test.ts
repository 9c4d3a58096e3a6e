// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureScreen,
  containedRect,
  jpegBase64Of,
  mediaProblem,
  SCREENSHOT_URL,
  uploadScreenshot,
  visibleParts,
} from './screen-capture';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Two stage layers as the DOM stage makes them; `front` is on screen. */
function stage(front: 0 | 1) {
  document.body.innerHTML = `
    <main>
      <div data-playback-slot="0" style="z-index: ${front === 0 ? 2 : 1}"><img src="/media/a" alt=""></div>
      <div data-playback-slot="1" style="z-index: ${front === 1 ? 2 : 1}"><video src="/media/b"></video>
        <div data-playback-overlay=""><svg></svg></div></div>
    </main>`;
  return document.body;
}

describe('what a screenshot draws', () => {
  it('is the front layer’s media and its QR overlay', () => {
    expect(visibleParts(stage(0)).media?.tagName).toBe('IMG');
    const parts = visibleParts(stage(1));
    expect(parts.media?.tagName).toBe('VIDEO');
    expect(parts.overlays).toHaveLength(1);
    expect(parts.isTakeover).toBe(false);
  });

  it('is the takeover’s message when one shows', () => {
    stage(0);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div data-takeover=""><p data-capture-text="">Evacuate</p></div>',
    );
    const parts = visibleParts(document.body);
    expect(parts).toMatchObject({ media: null, isTakeover: true });
    expect(parts.texts.map((text) => text.textContent)).toEqual(['Evacuate']);
  });

  it('says why a video without a frame or an image not loaded cannot be drawn', () => {
    const video = document.createElement('video');
    expect(mediaProblem(video)).toMatch(/no frame this TV could draw/);
    const image = document.createElement('img');
    expect(mediaProblem(image)).toMatch(/had not loaded/);
  });

  it('letterboxes like object-fit: contain', () => {
    expect(
      containedRect({ width: 1000, height: 1000 }, { x: 0, y: 0, width: 480, height: 270 }),
    ).toEqual({
      x: 105,
      y: 0,
      width: 270,
      height: 270,
    });
  });

  it('reads only JPEG data URLs', () => {
    expect(jpegBase64Of('data:image/jpeg;base64,/9j/AA==')).toBe('/9j/AA==');
    // A browser that cannot encode JPEG answers PNG.
    expect(jpegBase64Of('data:image/png;base64,iVBO')).toBeNull();
  });

  it('says the TV showed its waiting screen when nothing plays', async () => {
    document.body.innerHTML = '<main><div data-testid="idle-screen"></div></main>';
    expect(await captureScreen(document.body)).toEqual({
      ok: false,
      problem: 'Nothing was playing: the TV showed its waiting screen.',
    });
  });
});

describe('the upload', () => {
  it('sends the picture or the problem with the command’s id and the device token', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch;
    await uploadScreenshot('sld_t', { ok: true, jpegBase64: '/9j/AA==' }, 'cmd-1', fetchImpl);
    await uploadScreenshot('sld_t', { ok: false, problem: 'Tainted.' }, null, fetchImpl);
    expect(calls.map((call) => call.url)).toEqual([SCREENSHOT_URL, SCREENSHOT_URL]);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      jpegBase64: '/9j/AA==',
      commandId: 'cmd-1',
    });
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ problem: 'Tainted.' });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer sld_t');
  });
});
