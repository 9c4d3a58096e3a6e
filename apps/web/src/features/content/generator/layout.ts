/**
 * Pure layout maths of the creative generator: text wrapping and fitting, image cropping,
 * colour contrast and output sizes. No canvas here (the renderer passes a measuring function),
 * so all of it is unit-tested.
 */

/** The system font stack, as the app uses it: no web font to load, nothing for the CSP. */
export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export function fontOf(weight: number, size: number): string {
  return `${weight} ${Math.round(size * 100) / 100}px ${FONT_STACK}`;
}

/** Width of `text` at a given font size, in pixels. */
export type TMeasure = (text: string, size: number) => number;

export type TBox = { x: number; y: number; w: number; h: number };

const ELLIPSIS = '…';

/** Breaks a word wider than `maxWidth` into pieces that fit (long URLs, German compounds). */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Shortens a line until it fits with an ellipsis at its end. */
function withEllipsis(line: string, maxWidth: number, measure: (text: string) => number): string {
  let kept = line.trimEnd();
  while (kept && measure(kept + ELLIPSIS) > maxWidth) kept = kept.slice(0, -1).trimEnd();
  return kept + ELLIPSIS;
}

/**
 * Wraps text into lines no wider than `maxWidth`, breaking between words (and inside a word
 * only when it is wider than a line on its own). Line breaks in the text are kept. With
 * `maxLines`, text that does not fit is cut and the last line ends in an ellipsis.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (measure(word) <= maxWidth) {
        line = word;
      } else {
        const pieces = breakWord(word, maxWidth, measure);
        lines.push(...pieces.slice(0, -1));
        line = pieces.at(-1) ?? '';
      }
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = kept.length - 1;
  kept[last] = withEllipsis(kept[last] ?? '', maxWidth, measure);
  return kept;
}

export type TFittedText = { size: number; lines: string[]; lineHeight: number; height: number };

/**
 * The largest font size (from `maxSize` down to `minSize`, in 4 % steps) at which the text wraps
 * into at most `maxLines` lines that fit `box`. At the smallest size, the text is cut with an
 * ellipsis to the lines that fit.
 */
export function fitText({
  text,
  width,
  height,
  maxSize,
  minSize,
  maxLines,
  lineHeight,
  measure,
}: {
  text: string;
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
  /** As a multiple of the font size. */
  lineHeight: number;
  measure: TMeasure;
}): TFittedText {
  const trimmed = text.trim();
  if (!trimmed || width <= 0 || height <= 0) {
    return { size: minSize, lines: [], lineHeight: minSize * lineHeight, height: 0 };
  }
  const floor = Math.min(minSize, maxSize);
  const sizes: number[] = [];
  for (let size = maxSize; size > floor; size *= 0.96) sizes.push(size);
  sizes.push(floor);
  for (const size of sizes) {
    const lines = wrapText(trimmed, width, (part) => measure(part, size));
    const blockHeight = lines.length * size * lineHeight;
    if (lines.length <= maxLines && blockHeight <= height) {
      return { size, lines, lineHeight: size * lineHeight, height: blockHeight };
    }
  }
  const linesThatFit = Math.max(1, Math.min(maxLines, Math.floor(height / (floor * lineHeight))));
  const lines = wrapText(trimmed, width, (part) => measure(part, floor), linesThatFit);
  return {
    size: floor,
    lines,
    lineHeight: floor * lineHeight,
    height: lines.length * floor * lineHeight,
  };
}

/**
 * The part of a source image that covers a `w`×`h` area without distortion (CSS object-fit:
 * cover, centred): the crop to draw from.
 */
export function coverCrop(
  sourceWidth: number,
  sourceHeight: number,
  w: number,
  h: number,
): { sx: number; sy: number; sw: number; sh: number } {
  if (sourceWidth <= 0 || sourceHeight <= 0 || w <= 0 || h <= 0) {
    return { sx: 0, sy: 0, sw: Math.max(0, sourceWidth), sh: Math.max(0, sourceHeight) };
  }
  const scale = Math.max(w / sourceWidth, h / sourceHeight);
  const sw = w / scale;
  const sh = h / scale;
  return { sx: (sourceWidth - sw) / 2, sy: (sourceHeight - sh) / 2, sw, sh };
}

type TRgb = { r: number; g: number; b: number };

/** #rgb or #rrggbb → its channels in 0–255; null when not a hex colour. */
export function parseHexColor(hex: string): TRgb | null {
  const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

function linearChannel(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a hex colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHexColor(hex) ?? { r: 0, g: 0, b: 0 };
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background` (for text on the accent colour). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff')
    ? '#000000'
    : '#ffffff';
}

/** `rgba(…)` of a hex colour at an opacity, for overlays. */
export function withAlpha(hex: string, alpha: number): string {
  const { r, g, b } = parseHexColor(hex) ?? { r: 0, g: 0, b: 0 };
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

// ---- output sizes ----

export const SIZE_PRESETS = [
  { id: 'landscape', label: 'Landscape · Full HD', width: 1920, height: 1080 },
  { id: 'portrait', label: 'Portrait · Full HD', width: 1080, height: 1920 },
  { id: '4k', label: 'Landscape · 4K', width: 3840, height: 2160 },
] as const;
export type TSizePresetId = (typeof SIZE_PRESETS)[number]['id'] | 'custom';

export const MIN_DIMENSION = 320;
export const MAX_DIMENSION = 7680;

/** Whether a custom width or height is a whole number within the bounds. */
export function isValidDimension(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_DIMENSION && value <= MAX_DIMENSION;
}

/** Scale that fits a `width`×`height` canvas into a preview area (never enlarging). */
export function previewScale(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(1, maxWidth / width, maxHeight / height);
}
