import { create as createQr } from 'qrcode';
import type {
  PlaybackStage,
  StageContent,
  StageEvents,
  StageOverlay,
  StageSlot,
} from './playback-engine';

/**
 * The DOM side of the playback engine: two stacked layers (the stage slots) in an element the app
 * gives. The item on screen is the front layer; the next one loads in the layer behind it and
 * comes to the front only once it has started, so the screen is never blank between items.
 *
 * Memory (1 GB TVs): at most two <video> elements exist, one per layer, reused; a released video
 * is paused, loses its src and is load()ed, which frees its decoder and buffers.
 * Styles are set through the CSSOM, which a strict CSP (no inline style attributes) allows.
 * A creative's QR overlay lives in its layer, so it is on screen exactly while the creative is.
 */

/** The QR code's side as a share of the stage's short side: scannable from a few metres. */
export const QR_OVERLAY_SHARE = 0.14;
/** Modules of white quiet zone around the code, as the QR standard asks. */
const QR_QUIET_ZONE = 4;
const SVG_NS = 'http://www.w3.org/2000/svg';

export interface DomStageOptions {
  /** Videos start muted unless told otherwise: browsers refuse unmuted autoplay. */
  muted?: boolean;
}

export interface DomStage extends PlaybackStage {
  /** Releases both layers and removes them from the container. */
  destroy(): void;
}

interface Layer {
  root: HTMLDivElement;
  video: HTMLVideoElement | null;
  /** The image or placeholder shown in the layer. */
  content: HTMLElement | null;
  /** The QR code drawn over the content. */
  overlay: HTMLElement | null;
  kind: StageContent['type'] | null;
  events: StageEvents | null;
  /** Bumped by every release: late callbacks of an older content see a different number. */
  generation: number;
  isAwaitingStart: boolean;
  detach: Array<() => void>;
}

/** Sets style properties through the CSSOM (allowed under a CSP without 'unsafe-inline'). */
function applyStyle(element: HTMLElement, style: Partial<CSSStyleDeclaration>): void {
  Object.assign(element.style, style);
}

function fill(element: HTMLElement): void {
  applyStyle(element, { position: 'absolute', top: '0', left: '0', width: '100%', height: '100%' });
}

function describeMediaError(video: HTMLVideoElement): string {
  const { error } = video;
  if (!error) return 'The video could not be played.';
  return error.message
    ? `Video error ${error.code}: ${error.message}`
    : `Video error ${error.code}.`;
}

export function createDomStage(container: HTMLElement, options: DomStageOptions = {}): DomStage {
  const doc = container.ownerDocument;
  const isMuted = options.muted ?? true;
  if (!container.style.position) container.style.position = 'relative';
  container.style.overflow = 'hidden';
  container.style.background = '#000';

  function createLayer(slot: StageSlot): Layer {
    const root = doc.createElement('div');
    fill(root);
    root.style.background = '#000';
    root.style.zIndex = '0';
    root.setAttribute('data-playback-slot', String(slot));
    container.appendChild(root);
    return {
      root,
      video: null,
      content: null,
      overlay: null,
      kind: null,
      events: null,
      generation: 0,
      isAwaitingStart: false,
      detach: [],
    };
  }
  const layers: [Layer, Layer] = [createLayer(0), createLayer(1)];

  /** Runs `callback` later, unless the layer was released meanwhile. Promise: no queueMicrotask on Chromium 69. */
  function later(layer: Layer, callback: (events: StageEvents) => void): void {
    const generation = layer.generation;
    void Promise.resolve().then(() => {
      if (layer.generation === generation && layer.events) callback(layer.events);
    });
  }

  function listen(layer: Layer, target: EventTarget, type: string, handler: () => void): void {
    target.addEventListener(type, handler);
    layer.detach.push(() => target.removeEventListener(type, handler));
  }

  function bringToFront(slot: StageSlot): void {
    layers[slot].root.style.zIndex = '2';
    const other = layers[slot === 0 ? 1 : 0];
    if (other.root.style.zIndex === '2') other.root.style.zIndex = '1';
  }

  function prepareImage(layer: Layer, src: string): void {
    const image = doc.createElement('img');
    fill(image);
    image.style.objectFit = 'contain';
    image.alt = '';
    layer.content = image;
    layer.root.appendChild(image);
    const generation = layer.generation;
    const isCurrent = () => layer.generation === generation && layer.events !== null;
    if (typeof image.decode === 'function') {
      image.src = src;
      // decode() resolves once the bitmap is decoded: showing it then cannot flash.
      image.decode().then(
        () => {
          if (isCurrent()) layer.events?.ready();
        },
        () => {
          if (isCurrent()) layer.events?.failed('The image could not be loaded.');
        },
      );
      return;
    }
    listen(layer, image, 'load', () => layer.events?.ready());
    listen(layer, image, 'error', () => layer.events?.failed('The image could not be loaded.'));
    image.src = src;
  }

  function preparePlaceholder(layer: Layer, label: string): void {
    const box = doc.createElement('div');
    fill(box);
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', label);
    box.setAttribute('data-playback-placeholder', '');
    applyStyle(box, {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: '#d4d4d8',
      font: '600 4vmin system-ui, sans-serif',
      letterSpacing: '0.05em',
      background: 'repeating-linear-gradient(45deg, #18181b 0 2vmin, #27272a 2vmin 4vmin)',
    });
    box.textContent = label;
    layer.content = box;
    layer.root.appendChild(box);
    later(layer, (events) => events.ready());
  }

  /**
   * The QR code (one SVG path, crisp at any size) on a white card with its caption, in the
   * bottom-right corner. Sized from the stage's short side when laid out, else from the viewport.
   */
  function prepareOverlay(layer: Layer, overlay: StageOverlay): void {
    const { modules } = createQr(overlay.qrUrl, { errorCorrectionLevel: 'M' });
    const size = modules.size + QR_QUIET_ZONE * 2;
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) {
          parts.push(`M${column + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
        }
      }
    }
    const shortSide = Math.min(container.clientWidth, container.clientHeight);
    /** `share` of the stage's short side, in px (vmin before layout, e.g. a test's DOM). */
    const ofShortSide = (share: number) =>
      shortSide > 0 ? `${Math.round(shortSide * share)}px` : `${Math.round(share * 1000) / 10}vmin`;
    const side = ofShortSide(QR_OVERLAY_SHARE);
    const card = doc.createElement('div');
    card.setAttribute('data-playback-overlay', '');
    applyStyle(card, {
      position: 'absolute',
      right: '3%',
      bottom: '4%',
      zIndex: '1',
      width: side,
      background: '#fff',
      borderRadius: '4%',
      textAlign: 'center',
      boxShadow: '0 0.5vmin 2vmin rgba(0, 0, 0, 0.35)',
    });
    const svg = doc.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    svg.setAttribute('width', '100%');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `QR code: ${overlay.qrUrl}`);
    svg.setAttribute('shape-rendering', 'crispEdges');
    svg.style.display = 'block';
    const path = doc.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', parts.join(''));
    path.setAttribute('fill', '#000');
    svg.appendChild(path);
    const caption = doc.createElement('div');
    caption.textContent = overlay.caption;
    applyStyle(caption, {
      color: '#111',
      font: `700 ${ofShortSide(QR_OVERLAY_SHARE * 0.14)} system-ui, sans-serif`,
      padding: '0 0 6% 0',
      marginTop: '-4%',
    });
    card.appendChild(svg);
    card.appendChild(caption);
    layer.overlay = card;
    layer.root.appendChild(card);
  }

  function prepareVideo(layer: Layer, src: string): void {
    let video = layer.video;
    if (!video) {
      video = doc.createElement('video');
      fill(video);
      video.style.objectFit = 'contain';
      video.setAttribute('playsinline', '');
      layer.video = video;
      layer.root.appendChild(video);
    }
    const element = video;
    element.muted = isMuted;
    element.preload = 'auto';
    element.loop = false;
    element.style.display = '';
    let isReady = false;
    const onReady = () => {
      if (isReady) return;
      isReady = true;
      layer.events?.ready();
    };
    // canplay: the first frame is decoded and playback can begin without waiting.
    listen(layer, element, 'canplay', onReady);
    listen(layer, element, 'error', () => layer.events?.failed(describeMediaError(element)));
    listen(layer, element, 'timeupdate', () => layer.events?.progress());
    listen(layer, element, 'ended', () => layer.events?.ended());
    listen(layer, element, 'playing', () => {
      if (!layer.isAwaitingStart) return;
      layer.isAwaitingStart = false;
      bringToFront(layers[0] === layer ? 0 : 1);
      layer.events?.started();
    });
    element.src = src;
    element.load();
  }

  function play(layer: Layer, video: HTMLVideoElement): void {
    layer.isAwaitingStart = true;
    const generation = layer.generation;
    let attempt: Promise<void> | undefined;
    try {
      attempt = video.play();
    } catch (error) {
      layer.events?.failed(`The video refused to play: ${String(error)}`);
      return;
    }
    // Old engines return undefined from play(); newer ones reject when autoplay is refused.
    if (attempt !== undefined) {
      attempt.then(undefined, (error: unknown) => {
        if (layer.generation === generation) {
          layer.events?.failed(`The video refused to play: ${String(error)}`);
        }
      });
    }
  }

  function release(slot: StageSlot): void {
    const layer = layers[slot];
    layer.generation += 1;
    layer.events = null;
    layer.isAwaitingStart = false;
    for (const detach of layer.detach) detach();
    layer.detach = [];
    if (layer.video && layer.kind === 'video') {
      const video = layer.video;
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.style.display = 'none';
    }
    if (layer.content) {
      layer.root.removeChild(layer.content);
      layer.content = null;
    }
    if (layer.overlay) {
      layer.root.removeChild(layer.overlay);
      layer.overlay = null;
    }
    layer.kind = null;
    layer.root.style.zIndex = '0';
  }

  return {
    prepare(slot, content, events) {
      release(slot);
      const layer = layers[slot];
      layer.events = events;
      layer.kind = content.type;
      switch (content.type) {
        case 'image':
          prepareImage(layer, content.src);
          if (content.overlay) prepareOverlay(layer, content.overlay);
          return;
        case 'video':
          prepareVideo(layer, content.src);
          if (content.overlay) prepareOverlay(layer, content.overlay);
          return;
        case 'placeholder':
          preparePlaceholder(layer, content.label);
          return;
      }
    },
    present(slot) {
      const layer = layers[slot];
      if (layer.kind === 'video' && layer.video) {
        play(layer, layer.video);
        return;
      }
      bringToFront(slot);
      later(layer, (events) => events.started());
    },
    restart(slot) {
      const layer = layers[slot];
      if (layer.kind !== 'video' || !layer.video) return;
      layer.video.currentTime = 0;
      play(layer, layer.video);
    },
    release,
    destroy() {
      release(0);
      release(1);
      for (const layer of layers) {
        if (layer.video) layer.root.removeChild(layer.video);
        layer.video = null;
        container.removeChild(layer.root);
      }
    },
  };
}
