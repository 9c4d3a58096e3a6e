import { describe, expect, it } from 'vitest';
import type { TBox } from '@/features/content/generator/layout';
import {
  compose,
  TEMPLATES,
  type TCreative,
  type TMeasureFor,
} from '@/features/content/generator/templates';

/** Roughly a sans-serif: bold glyphs are wider. */
const measureFor: TMeasureFor = (weight) => (text, size) =>
  text.length * size * (weight >= 700 ? 0.6 : 0.5);

const SIZES = [
  [1920, 1080],
  [1080, 1920],
  [3840, 2160],
  [320, 7680],
  [7680, 320],
  [500, 500],
] as const;

function creative(overrides: Partial<TCreative> = {}): TCreative {
  return {
    templateId: 'bold-headline',
    width: 1920,
    height: 1080,
    headline: 'Fresh coffee, baked daily and served with a smile',
    subline: 'Stop by for a warm croissant and the best flat white in town.',
    cta: 'Order now',
    colors: { background: '#1e1b4b', text: '#ffffff', accent: '#facc15' },
    hasImage: true,
    hasQr: true,
    ...overrides,
  };
}

function inside(box: TBox, width: number, height: number): boolean {
  const e = 0.5;
  return box.x >= -e && box.y >= -e && box.x + box.w <= width + e && box.y + box.h <= height + e;
}

function overlaps(a: TBox, b: TBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe.each(TEMPLATES.map((template) => template.id))('%s', (templateId) => {
  it.each(SIZES)('keeps everything on a %i×%i canvas', (width, height) => {
    const layout = compose(creative({ templateId, width, height }), measureFor);
    expect(layout.lines.length).toBeGreaterThan(0);
    for (const line of layout.lines) {
      const w = measureFor(line.weight)(line.text, line.size);
      const left = line.align === 'center' ? line.x - w / 2 : line.x;
      expect(left).toBeGreaterThanOrEqual(-0.5);
      expect(left + w).toBeLessThanOrEqual(width + 0.5);
      expect(line.y - line.size / 2).toBeGreaterThanOrEqual(-0.5);
      expect(line.y + line.size / 2).toBeLessThanOrEqual(height + 0.5);
    }
    for (const box of [layout.qr, layout.pill?.box, layout.image?.box, layout.accentBar]) {
      if (box) expect(inside(box, width, height)).toBe(true);
    }
  });

  it.each(SIZES)('keeps the QR code clear of the headline on %i×%i', (width, height) => {
    const layout = compose(creative({ templateId, width, height }), measureFor);
    expect(layout.qr).not.toBeNull();
    const headline = layout.lines.filter((line) => line.weight === 800 && line.align === 'left');
    for (const line of headline) {
      const w = measureFor(line.weight)(line.text, line.size);
      const box = { x: line.x, y: line.y - line.size / 2, w, h: line.size };
      expect(overlaps(box, layout.qr!)).toBe(false);
    }
  });

  it('wraps the headline and keeps all of a short one', () => {
    const layout = compose(creative({ templateId, headline: 'Hello' }), measureFor);
    expect(layout.lines.map((line) => line.text)).toContain('Hello');
  });

  it('leaves out the QR code and image when there are none', () => {
    const layout = compose(creative({ templateId, hasQr: false, hasImage: false }), measureFor);
    expect(layout.qr).toBeNull();
    expect(layout.image).toBeNull();
  });
});

describe('template specifics', () => {
  it('bold headline sets the text on the image with a readable veil', () => {
    const layout = compose(creative(), measureFor);
    expect(layout.image?.box).toEqual({ x: 0, y: 0, w: 1920, h: 1080 });
    expect(layout.image?.overlay).toBeGreaterThan(0.4);
  });

  it('split image halves a landscape canvas and stacks a portrait one', () => {
    const wide = compose(creative({ templateId: 'split-image' }), measureFor);
    expect(wide.image?.box).toEqual({ x: 0, y: 0, w: 960, h: 1080 });
    const tall = compose(
      creative({ templateId: 'split-image', width: 1080, height: 1920 }),
      measureFor,
    );
    expect(tall.image?.box.w).toBe(1080);
    expect(tall.image?.box.h).toBeCloseTo(1920 * 0.45);
  });

  it('split image fills the image side with the accent colour without an image', () => {
    const layout = compose(creative({ templateId: 'split-image', hasImage: false }), measureFor);
    expect(layout.accentBlock).toEqual({ x: 0, y: 0, w: 960, h: 1080 });
  });

  it('promo badge puts the call to action in a round badge in the accent colour', () => {
    const layout = compose(creative({ templateId: 'promo-badge', cta: '−30 %' }), measureFor);
    expect(layout.badge?.color).toBe('#facc15');
    const badgeText = layout.lines.filter((line) => line.text.includes('30'));
    expect(badgeText).toHaveLength(1);
    expect(badgeText[0]?.color).toBe('#000000');
    expect(layout.pill).toBeNull();
  });

  it('minimal QR shows the call to action under the code, or as a pill without one', () => {
    const withQr = compose(creative({ templateId: 'minimal-qr' }), measureFor);
    const caption = withQr.lines.find((line) => line.text === 'Order now');
    expect(caption?.y).toBeGreaterThan(withQr.qr!.y + withQr.qr!.h);
    const withoutQr = compose(creative({ templateId: 'minimal-qr', hasQr: false }), measureFor);
    expect(withoutQr.pill).not.toBeNull();
  });

  it('cuts an endless headline instead of overflowing', () => {
    const layout = compose(creative({ headline: 'Sale '.repeat(100) }), measureFor);
    const headline = layout.lines.filter((line) => line.weight === 800);
    expect(headline.length).toBeLessThanOrEqual(4);
    expect(headline.at(-1)?.text).toMatch(/…$/);
  });
});
