import {
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_WIDTH,
  type TPlayerScreenshot,
} from '@screenline/shared/fleet';
import { API } from '@screenline/shared/api-paths';

/**
 * "On screen now" (issue 23 item 3): draws what the TV shows into a canvas (the image or the
 * current video frame, with the QR overlay over it, or the takeover's message) and encodes a
 * small JPEG. Media come from the TV's own origin (the service worker's cache), so the canvas
 * stays untainted; where a platform refuses anyway (a video it will not draw, a tainted canvas)
 * the result says so in words the owner reads, and the web shows what should be playing instead.
 */

export type TCapture = { ok: true; jpegBase64: string } | { ok: false; problem: string };

export const SCREENSHOT_URL = API.playerScreenshot;
/** JPEG qualities tried in turn until the picture fits SCREENSHOT_MAX_BYTES. */
const QUALITIES = [0.7, 0.45, 0.25];

type TMedia = HTMLImageElement | HTMLVideoElement;

/** What a screenshot draws: the takeover's parts when one shows, else the front layer's. */
export function visibleParts(root: ParentNode): {
  media: TMedia | null;
  texts: HTMLElement[];
  overlays: HTMLElement[];
  isTakeover: boolean;
} {
  const takeover = root.querySelector<HTMLElement>('[data-takeover]');
  if (takeover) {
    return {
      media: takeover.querySelector<TMedia>('[data-capture-media]'),
      texts: Array.from(takeover.querySelectorAll<HTMLElement>('[data-capture-text]')),
      overlays: [],
      isTakeover: true,
    };
  }
  const layers = Array.from(root.querySelectorAll<HTMLElement>('[data-playback-slot]'));
  // The DOM stage brings the layer on screen to z-index 2.
  const front = layers.filter((layer) => layer.style.zIndex === '2')[0] || null;
  if (!front) return { media: null, texts: [], overlays: [], isTakeover: false };
  return {
    media: front.querySelector<TMedia>('video, img'),
    texts: [],
    overlays: Array.from(front.querySelectorAll<HTMLElement>('[data-playback-overlay]')),
    isTakeover: false,
  };
}

/** Why the media cannot be drawn now, or null when it can. */
export function mediaProblem(media: TMedia): string | null {
  if (media.tagName === 'VIDEO') {
    const video = media as HTMLVideoElement;
    // HAVE_CURRENT_DATA: a frame to draw.
    if (video.readyState < 2 || !video.videoWidth) {
      return 'The video on screen had no frame this TV could draw (still loading, or the platform plays it outside the page).';
    }
    return null;
  }
  const image = media as HTMLImageElement;
  return image.complete && image.naturalWidth > 0
    ? null
    : 'The image on screen had not loaded yet.';
}

/** `inner` (natural size) fitted inside `box` as object-fit: contain does. */
export function containedRect(
  inner: { width: number; height: number },
  box: { x: number; y: number; width: number; height: number },
) {
  const scale = Math.min(box.width / inner.width, box.height / inner.height);
  const width = inner.width * scale;
  const height = inner.height * scale;
  return {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  };
}

/** The base64 of a JPEG data URL, or null when the browser encoded something else. */
export function jpegBase64Of(dataUrl: string): string | null {
  const prefix = 'data:image/jpeg;base64,';
  return dataUrl.indexOf(prefix) === 0 ? dataUrl.slice(prefix.length) : null;
}

function loadSvg(svg: SVGElement, doc: Document): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = doc.createElement('img');
    const timer = setTimeout(() => resolve(null), 1000);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    const xml = new XMLSerializer().serializeToString(svg);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  });
}

/** Whether drawing `image` leaves a canvas readable (some browsers taint any SVG image). */
function isReadable(image: HTMLImageElement, doc: Document): boolean {
  try {
    const scratch = doc.createElement('canvas');
    scratch.width = 1;
    scratch.height = 1;
    const ctx = scratch.getContext('2d');
    if (!ctx) return false;
    ctx.drawImage(image, 0, 0);
    scratch.toDataURL();
    return true;
  } catch {
    return false;
  }
}

/** Lines of `text` that fit `width` in the context's font. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  text.split(/\s+/).forEach((word) => {
    const tried = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(tried).width > width) {
      lines.push(line);
      line = word;
    } else line = tried;
  });
  if (line) lines.push(line);
  return lines;
}

/** Captures what `root` (the page) shows, at SCREENSHOT_WIDTH pixels wide. */
export async function captureScreen(root: HTMLElement): Promise<TCapture> {
  const doc = root.ownerDocument;
  const parts = visibleParts(root);
  if (!parts.media && parts.texts.length === 0) {
    return { ok: false, problem: 'Nothing was playing: the TV showed its waiting screen.' };
  }
  // The player fills the viewport (its layers are fixed, so the body may have no height).
  const view = doc.defaultView;
  const frame = {
    left: 0,
    top: 0,
    width: view ? view.innerWidth : 0,
    height: view ? view.innerHeight : 0,
  };
  if (!frame.width || !frame.height)
    return { ok: false, problem: 'The screen had no size to capture.' };
  const canvas = doc.createElement('canvas');
  canvas.width = SCREENSHOT_WIDTH;
  canvas.height = Math.round((SCREENSHOT_WIDTH * frame.height) / frame.width);
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return { ok: false, problem: 'This TV cannot draw into a canvas.' };
  const scale = canvas.width / frame.width;
  const boxOf = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return {
      x: (rect.left - frame.left) * scale,
      y: (rect.top - frame.top) * scale,
      width: rect.width * scale,
      height: rect.height * scale,
    };
  };
  ctx.fillStyle = parts.isTakeover ? '#7f1d1d' : '#000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  if (parts.media) {
    const problem = mediaProblem(parts.media);
    if (problem) return { ok: false, problem };
    const isVideo = parts.media.tagName === 'VIDEO';
    const natural = isVideo
      ? {
          width: (parts.media as HTMLVideoElement).videoWidth,
          height: (parts.media as HTMLVideoElement).videoHeight,
        }
      : {
          width: (parts.media as HTMLImageElement).naturalWidth,
          height: (parts.media as HTMLImageElement).naturalHeight,
        };
    const at = containedRect(natural, boxOf(parts.media));
    try {
      ctx.drawImage(parts.media, at.x, at.y, at.width, at.height);
    } catch {
      return {
        ok: false,
        problem: `This TV could not draw the ${isVideo ? 'video' : 'image'} into a canvas.`,
      };
    }
  }
  for (const text of parts.texts) {
    const box = boxOf(text);
    const fontSize = view ? parseFloat(view.getComputedStyle(text).fontSize) : 32;
    const size = Math.max(8, (fontSize || 32) * scale);
    ctx.fillStyle = '#fff';
    ctx.font = `700 ${size}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const lines = wrap(ctx, text.textContent || '', box.width);
    const context = ctx;
    lines.forEach((line, index) => {
      context.fillText(line, box.x + box.width / 2, box.y + index * size * 1.25);
    });
  }
  for (const overlay of parts.overlays) {
    const box = boxOf(overlay);
    ctx.fillStyle = '#fff';
    ctx.fillRect(box.x, box.y, box.width, box.height);
    const svg = overlay.querySelector('svg');
    const image = svg ? await loadSvg(svg, doc) : null;
    // A QR code that would taint the picture is left as its white card.
    if (svg && image && isReadable(image, doc)) {
      const inner = boxOf(svg);
      ctx.drawImage(image, inner.x, inner.y, inner.width, inner.height);
    }
  }

  for (const quality of QUALITIES) {
    let dataUrl: string;
    try {
      dataUrl = canvas.toDataURL('image/jpeg', quality);
    } catch {
      return {
        ok: false,
        problem:
          'The picture could not be read back: the canvas was tainted by media from another site.',
      };
    }
    const base64 = jpegBase64Of(dataUrl);
    if (base64 === null) return { ok: false, problem: 'This TV cannot encode JPEG images.' };
    if ((base64.length * 3) / 4 <= SCREENSHOT_MAX_BYTES) return { ok: true, jpegBase64: base64 };
  }
  return { ok: false, problem: 'The screenshot was larger than 200 KB.' };
}

/** Sends the capture (or its problem) with the command that asked for it. */
export async function uploadScreenshot(
  token: string,
  capture: TCapture,
  commandId: string | null,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const body: TPlayerScreenshot = capture.ok
    ? { jpegBase64: capture.jpegBase64 }
    : { problem: capture.problem };
  if (commandId) body.commandId = commandId;
  const response = await fetchImpl(SCREENSHOT_URL, {
    method: 'POST',
    credentials: 'omit',
    cache: 'no-store',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 204)
    throw new Error(`The screenshot upload answered ${response.status}.`);
}
