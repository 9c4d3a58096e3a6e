import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Signage slides for the demo (issue 10 item 3): real image files drawn server-side with
 * @napi-rs/canvas (its binary ships inside the npm package), so the library, thumbnails and
 * downloads show real pictures. Each slide is a gradient, a shape or two, a headline, a line
 * below it and a tag in a pill, in the slide's own colours.
 */

export type TSlideFormat = 'png' | 'jpeg' | 'webp';

export interface TSlide {
  /** Big words, one or two lines (`\n`). */
  headline: string;
  subline: string;
  /** A short label in a pill at the top ("NEW", "TODAY ONLY"). */
  tag: string;
  /** The small line at the bottom: a brand, an address, a price. */
  footer: string;
  /** Two gradient colours and the accent (pill, shapes). */
  colors: { from: string; to: string; accent: string; text: string };
  width: number;
  height: number;
  format: TSlideFormat;
}

export const MEDIA_TYPES: Record<TSlideFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';

/** The slide as encoded image bytes. */
export async function renderSlide(slide: TSlide): Promise<Buffer> {
  const { width, height, colors } = slide;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const unit = Math.min(width, height) / 100;

  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, colors.from);
  gradient.addColorStop(1, colors.to);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);

  // Two soft circles in the accent colour: the "design" of the slide.
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = colors.accent;
  circle(ctx, width * 0.86, height * 0.2, unit * 38);
  circle(ctx, width * 0.72, height * 0.95, unit * 26);
  ctx.globalAlpha = 1;

  const left = unit * 8;
  // The tag, in a pill.
  ctx.font = `bold ${Math.round(unit * 4.2)}px ${FONT}`;
  const tagWidth = ctx.measureText(slide.tag).width + unit * 6;
  ctx.fillStyle = colors.accent;
  roundRect(ctx, left, unit * 9, tagWidth, unit * 8, unit * 4);
  ctx.fillStyle = colors.from;
  ctx.textBaseline = 'middle';
  ctx.fillText(slide.tag, left + unit * 3, unit * 13.2);

  // The headline, as large as fits the width.
  ctx.fillStyle = colors.text;
  ctx.textBaseline = 'alphabetic';
  const lines = slide.headline.split('\n');
  let size = unit * 16;
  ctx.font = `bold ${Math.round(size)}px ${FONT}`;
  const widest = () => Math.max(...lines.map((line) => ctx.measureText(line).width));
  while (widest() > width - left * 2 && size > unit * 5) {
    size *= 0.92;
    ctx.font = `bold ${Math.round(size)}px ${FONT}`;
  }
  let y = height * 0.36 + size * 0.4;
  for (const line of lines) {
    ctx.fillText(line, left, y);
    y += size * 1.08;
  }

  ctx.globalAlpha = 0.9;
  ctx.font = `${Math.round(unit * 5.6)}px ${FONT}`;
  ctx.fillText(slide.subline, left, y + unit * 3);
  ctx.globalAlpha = 1;

  // The footer rule and line.
  ctx.fillStyle = colors.accent;
  ctx.fillRect(left, height - unit * 12.5, unit * 14, unit * 0.8);
  ctx.fillStyle = colors.text;
  ctx.font = `bold ${Math.round(unit * 4)}px ${FONT}`;
  ctx.fillText(slide.footer, left, height - unit * 7);

  if (slide.format === 'png') return canvas.encode('png');
  if (slide.format === 'jpeg') return canvas.encode('jpeg', 88);
  return canvas.encode('webp', 85);
}

function circle(ctx: SKRSContext2D, x: number, y: number, r: number) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}
