import { fitText, readableOn, wrapText, type TBox, type TMeasure } from './layout';

/**
 * The creative templates and where each puts its image, text, call to action and QR code, for any
 * output size. Pure: the renderer (render-creative.ts) draws what compose() returns.
 */

export const TEMPLATES = [
  {
    id: 'bold-headline',
    name: 'Bold headline',
    description: 'A big message over your image, with a call to action.',
  },
  {
    id: 'split-image',
    name: 'Split image',
    description: 'Your image on one side, the message on the other.',
  },
  {
    id: 'promo-badge',
    name: 'Promo badge',
    description: 'An offer or price in a round badge over your image.',
  },
  {
    id: 'minimal-qr',
    name: 'Minimal QR',
    description: 'Calm text and a large QR code for people to scan.',
  },
] as const;

export type TTemplateId = (typeof TEMPLATES)[number]['id'];

export function isTemplateId(value: string): value is TTemplateId {
  return TEMPLATES.some((template) => template.id === value);
}

export type TCreativeColors = { background: string; text: string; accent: string };

export type TCreative = {
  templateId: TTemplateId;
  width: number;
  height: number;
  headline: string;
  subline: string;
  cta: string;
  colors: TCreativeColors;
  hasImage: boolean;
  hasQr: boolean;
};

/** Measures text at a size for one font weight. */
export type TMeasureFor = (weight: number) => TMeasure;

export type TTextLine = {
  text: string;
  /** Left edge, or centre when align is center. */
  x: number;
  /** Vertical centre of the line (drawn with textBaseline "middle"). */
  y: number;
  size: number;
  weight: number;
  color: string;
  align: 'left' | 'center';
  /** 0–1, for the subline's softer tone. */
  opacity: number;
};

/** Where the image goes, and how much of the background colour is laid over it. */
export type TImagePlacement = {
  box: TBox;
  /** A flat veil of the background colour (0–1) so that text on the image stays readable. */
  overlay: number;
  /** The edge where the image blends into the background colour, if any. */
  fade: 'left' | 'bottom' | null;
};

export type TComposition = {
  width: number;
  height: number;
  /** Fills the image area when the template wants an image and none was chosen. */
  accentBlock: TBox | null;
  image: TImagePlacement | null;
  accentBar: TBox | null;
  pill: { box: TBox; color: string } | null;
  badge: { cx: number; cy: number; r: number; color: string } | null;
  qr: TBox | null;
  lines: TTextLine[];
};

const HEADLINE_WEIGHT = 800;
const SUBLINE_WEIGHT = 400;
const CTA_WEIGHT = 700;
const HEADLINE_LINE_HEIGHT = 1.08;
const SUBLINE_LINE_HEIGHT = 1.3;

type TStackOptions = {
  box: TBox;
  align: 'left' | 'center';
  vertical: 'top' | 'center' | 'bottom';
  headlineMax: number;
  headlineLines: number;
  sublineMax: number;
  sublineLines: number;
};

/** Headline above subline, fitted into `box` and aligned in it. */
export function stackText(
  creative: Pick<TCreative, 'headline' | 'subline' | 'colors'>,
  measureFor: TMeasureFor,
  options: TStackOptions,
): TTextLine[] {
  const { box, align } = options;
  const hasSubline = creative.subline.trim() !== '';
  const headline = fitText({
    text: creative.headline,
    width: box.w,
    height: box.h * (hasSubline ? 0.7 : 1),
    maxSize: options.headlineMax,
    minSize: Math.max(8, options.headlineMax * 0.25),
    maxLines: options.headlineLines,
    lineHeight: HEADLINE_LINE_HEIGHT,
    measure: measureFor(HEADLINE_WEIGHT),
  });
  const gap = headline.lines.length > 0 && hasSubline ? headline.size * 0.45 : 0;
  const sublineMax = Math.min(
    options.sublineMax,
    headline.lines.length > 0 ? headline.size * 0.5 : options.sublineMax,
  );
  const subline = fitText({
    text: creative.subline,
    width: box.w,
    height: box.h - headline.height - gap,
    maxSize: sublineMax,
    minSize: Math.max(8, sublineMax * 0.5),
    maxLines: options.sublineLines,
    lineHeight: SUBLINE_LINE_HEIGHT,
    measure: measureFor(SUBLINE_WEIGHT),
  });
  const total = headline.height + gap + subline.height;
  const top =
    options.vertical === 'top'
      ? box.y
      : options.vertical === 'bottom'
        ? box.y + box.h - total
        : box.y + (box.h - total) / 2;
  const x = align === 'center' ? box.x + box.w / 2 : box.x;
  const lines: TTextLine[] = [];
  headline.lines.forEach((text, index) =>
    lines.push({
      text,
      x,
      y: top + headline.lineHeight * (index + 0.5),
      size: headline.size,
      weight: HEADLINE_WEIGHT,
      color: creative.colors.text,
      align,
      opacity: 1,
    }),
  );
  const sublineTop = top + headline.height + gap;
  subline.lines.forEach((text, index) =>
    lines.push({
      text,
      x,
      y: sublineTop + subline.lineHeight * (index + 0.5),
      size: subline.size,
      weight: SUBLINE_WEIGHT,
      color: creative.colors.text,
      align,
      opacity: 0.88,
    }),
  );
  return lines;
}

/** A call-to-action pill: its box and its one line of text, at most `maxWidth` wide. */
export function pillFor(
  text: string,
  size: number,
  maxWidth: number,
  measureFor: TMeasureFor,
): { w: number; h: number; text: string; size: number } | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const measure = measureFor(CTA_WEIGHT);
  const padding = size * 1.2;
  let fontSize = size;
  while (fontSize > size * 0.6 && measure(trimmed, fontSize) + padding * 2 > maxWidth) {
    fontSize *= 0.94;
  }
  const [line = ''] = wrapText(
    trimmed,
    maxWidth - padding * 2,
    (part) => measure(part, fontSize),
    1,
  );
  return {
    w: Math.min(maxWidth, measure(line, fontSize) + padding * 2),
    h: fontSize * 2.3,
    text: line,
    size: fontSize,
  };
}

function pillLine(
  pill: { w: number; h: number; text: string; size: number },
  box: TBox,
  accent: string,
): TTextLine {
  return {
    text: pill.text,
    x: box.x + box.w / 2,
    y: box.y + box.h / 2,
    size: pill.size,
    weight: CTA_WEIGHT,
    color: readableOn(accent),
    align: 'center',
    opacity: 1,
  };
}

/** Lays out a creative at its full size. */
export function compose(creative: TCreative, measureFor: TMeasureFor): TComposition {
  const { width: W, height: H, colors } = creative;
  const short = Math.min(W, H);
  const isLandscape = W >= H;
  const u = short / 20;
  const m = 1.6 * u;
  const base: TComposition = {
    width: W,
    height: H,
    accentBlock: null,
    image: null,
    accentBar: null,
    pill: null,
    badge: null,
    qr: null,
    lines: [],
  };

  switch (creative.templateId) {
    case 'bold-headline': {
      const q = creative.hasQr ? short * 0.24 : 0;
      const qr = creative.hasQr ? { x: W - m - q, y: H - m - q, w: q, h: q } : null;
      const pill = pillFor(
        creative.cta,
        u * 1.15,
        isLandscape ? W * 0.5 : W - 2 * m - q - u,
        measureFor,
      );
      const pillBox = pill ? { x: m, y: H - m - pill.h, w: pill.w, h: pill.h } : null;
      const textBottom = Math.min(
        pillBox ? pillBox.y - u * 1.4 : H - m,
        qr && !isLandscape ? qr.y - u : Number.POSITIVE_INFINITY,
      );
      const textWidth = W - 2 * m - (qr && isLandscape ? q + m : 0);
      const textBox = { x: m, y: m, w: Math.min(textWidth, W * 0.8), h: textBottom - m };
      return {
        ...base,
        image: creative.hasImage
          ? { box: { x: 0, y: 0, w: W, h: H }, overlay: 0.55, fade: null }
          : null,
        qr,
        pill: pillBox ? { box: pillBox, color: colors.accent } : null,
        lines: [
          ...stackText(creative, measureFor, {
            box: textBox,
            align: 'left',
            vertical: 'bottom',
            headlineMax: short * 0.17,
            headlineLines: 4,
            sublineMax: short * 0.065,
            sublineLines: 3,
          }),
          ...(pill && pillBox ? [pillLine(pill, pillBox, colors.accent)] : []),
        ],
      };
    }

    case 'split-image': {
      const imageBox = isLandscape
        ? { x: 0, y: 0, w: W / 2, h: H }
        : { x: 0, y: 0, w: W, h: H * 0.45 };
      const panel = isLandscape
        ? { x: W / 2, y: 0, w: W / 2, h: H }
        : { x: 0, y: H * 0.45, w: W, h: H * 0.55 };
      const inner = { x: panel.x + m, y: panel.y + m, w: panel.w - 2 * m, h: panel.h - 2 * m };
      const q = creative.hasQr ? Math.min(inner.w, inner.h) * 0.3 : 0;
      const qr = creative.hasQr
        ? { x: inner.x + inner.w - q, y: inner.y + inner.h - q, w: q, h: q }
        : null;
      const pill = pillFor(creative.cta, u * 1.1, inner.w - (q ? q + u : 0), measureFor);
      const pillBox = pill
        ? { x: inner.x, y: inner.y + inner.h - pill.h, w: pill.w, h: pill.h }
        : null;
      const textBottom = Math.min(
        pillBox ? pillBox.y - u * 1.4 : inner.y + inner.h,
        qr ? qr.y - u : Number.POSITIVE_INFINITY,
      );
      return {
        ...base,
        image: creative.hasImage ? { box: imageBox, overlay: 0, fade: null } : null,
        accentBlock: creative.hasImage ? null : imageBox,
        qr,
        pill: pillBox ? { box: pillBox, color: colors.accent } : null,
        lines: [
          ...stackText(creative, measureFor, {
            box: { x: inner.x, y: inner.y, w: inner.w, h: textBottom - inner.y },
            align: 'left',
            vertical: 'center',
            headlineMax: short * 0.12,
            headlineLines: 4,
            sublineMax: short * 0.05,
            sublineLines: 4,
          }),
          ...(pill && pillBox ? [pillLine(pill, pillBox, colors.accent)] : []),
        ],
      };
    }

    case 'promo-badge': {
      const imageBox = isLandscape
        ? { x: W * 0.4, y: 0, w: W * 0.6, h: H }
        : { x: 0, y: 0, w: W, h: H * 0.5 };
      const r = short * (isLandscape ? 0.22 : 0.2);
      const hasBadge = creative.cta.trim() !== '';
      const badge = hasBadge ? { cx: W - m - r, cy: m + r, r, color: colors.accent } : null;
      const q = creative.hasQr ? short * 0.2 : 0;
      const qr = creative.hasQr ? { x: W - m - q, y: H - m - q, w: q, h: q } : null;
      const textBox = isLandscape
        ? { x: m, y: m, w: W * 0.42 - m, h: H - 2 * m }
        : {
            x: m,
            y: H * 0.5 + u,
            w: W - 2 * m,
            h: H * 0.5 - u - m - (qr ? q + u : 0),
          };
      const lines = stackText(creative, measureFor, {
        box: textBox,
        align: 'left',
        vertical: 'center',
        headlineMax: short * 0.13,
        headlineLines: 4,
        sublineMax: short * 0.05,
        sublineLines: 4,
      });
      if (badge) {
        const fitted = fitText({
          text: creative.cta,
          width: r * 1.45,
          height: r * 1.2,
          maxSize: r * 0.55,
          minSize: r * 0.16,
          maxLines: 3,
          lineHeight: 1.05,
          measure: measureFor(HEADLINE_WEIGHT),
        });
        const top = badge.cy - fitted.height / 2;
        fitted.lines.forEach((text, index) =>
          lines.push({
            text,
            x: badge.cx,
            y: top + fitted.lineHeight * (index + 0.5),
            size: fitted.size,
            weight: HEADLINE_WEIGHT,
            color: readableOn(colors.accent),
            align: 'center',
            opacity: 1,
          }),
        );
      }
      return {
        ...base,
        image: creative.hasImage
          ? { box: imageBox, overlay: 0, fade: isLandscape ? 'left' : 'bottom' }
          : null,
        badge,
        qr,
        lines,
      };
    }

    case 'minimal-qr': {
      const captionSize = u * 1.05;
      let qr: TBox | null = null;
      let textBox: TBox;
      const lines: TTextLine[] = [];
      if (creative.hasQr) {
        const q = isLandscape ? Math.min(H * 0.5, W * 0.3) : W * 0.5;
        const captionH = creative.cta.trim() ? captionSize * 2.4 : 0;
        qr = isLandscape
          ? { x: W - 2 * m - q, y: (H - q - captionH) / 2, w: q, h: q }
          : { x: (W - q) / 2, y: H - 2 * m - captionH - q, w: q, h: q };
        if (captionH) {
          const [caption = ''] = wrapText(
            creative.cta.trim(),
            isLandscape ? q * 1.4 : W - 4 * m,
            (part) => measureFor(CTA_WEIGHT)(part, captionSize),
            1,
          );
          lines.push({
            text: caption,
            x: qr.x + q / 2,
            y: qr.y + q + captionH / 2 + u * 0.2,
            size: captionSize,
            weight: CTA_WEIGHT,
            color: colors.accent,
            align: 'center',
            opacity: 1,
          });
        }
        textBox = isLandscape
          ? { x: 2 * m, y: 2 * m, w: qr.x - 4 * m, h: H - 4 * m }
          : { x: 2 * m, y: 2 * m + u * 1.6, w: W - 4 * m, h: qr.y - 4 * m - u * 1.6 };
      } else {
        textBox = { x: 2 * m, y: 2 * m + u * 1.6, w: W - 4 * m, h: H - 4 * m - u * 1.6 };
      }
      const pill = creative.hasQr ? null : pillFor(creative.cta, u * 1.1, textBox.w, measureFor);
      if (pill) textBox = { ...textBox, h: textBox.h - pill.h - u * 1.4 };
      const text = stackText(creative, measureFor, {
        box: textBox,
        align: 'left',
        vertical: isLandscape ? 'center' : 'top',
        headlineMax: short * 0.11,
        headlineLines: 4,
        sublineMax: short * 0.045,
        sublineLines: 4,
      });
      const firstTop = text[0] ? text[0].y - text[0].size * 0.6 : textBox.y;
      const lastBottom = text.at(-1)
        ? (text.at(-1)?.y ?? 0) + (text.at(-1)?.size ?? 0) * 0.7
        : textBox.y;
      const pillBox = pill ? { x: textBox.x, y: lastBottom + u * 1.4, w: pill.w, h: pill.h } : null;
      return {
        ...base,
        image: creative.hasImage
          ? { box: { x: 0, y: 0, w: W, h: H }, overlay: 0.86, fade: null }
          : null,
        accentBar: { x: textBox.x, y: Math.max(m, firstTop - u * 1.6), w: u * 3, h: u * 0.4 },
        qr,
        pill: pillBox ? { box: pillBox, color: colors.accent } : null,
        lines: [
          ...lines,
          ...text,
          ...(pill && pillBox ? [pillLine(pill, pillBox, colors.accent)] : []),
        ],
      };
    }
  }
}
