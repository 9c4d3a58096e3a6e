import { z } from 'zod';
import {
  isValidDimension,
  MAX_DIMENSION,
  MIN_DIMENSION,
  SIZE_PRESETS,
  type TSizePresetId,
} from './layout';
import { TEMPLATES, type TCreative, type TCreativeColors, type TTemplateId } from './templates';

/** What the generator's form holds (inputs as typed; checked by checkGeneratorForm). */
export type TGeneratorForm = {
  templateId: TTemplateId;
  sizeId: TSizePresetId;
  customWidth: string;
  customHeight: string;
  headline: string;
  subline: string;
  cta: string;
  colors: TCreativeColors;
  hasQr: boolean;
  qrUrl: string;
};

export const DEFAULT_GENERATOR_FORM: TGeneratorForm = {
  templateId: 'bold-headline',
  sizeId: 'landscape',
  customWidth: '1280',
  customHeight: '720',
  headline: 'Fresh coffee, baked daily',
  subline: 'Stop by for a warm croissant and the best flat white in town.',
  cta: 'Order now',
  colors: { background: '#1e1b4b', text: '#ffffff', accent: '#facc15' },
  hasQr: false,
  qrUrl: 'https://',
};

export const MAX_HEADLINE = 120;
export const MAX_SUBLINE = 240;
export const MAX_CTA = 40;

const ZQrUrl = z
  .url({ protocol: /^https?$/, message: 'Enter a web address starting with https:// or http://.' })
  .max(1000, 'Keep the address under 1000 characters.');

export type TGeneratorErrors = Partial<
  Record<'customWidth' | 'customHeight' | 'qrUrl' | 'headline', string>
>;

function dimensionError(value: string): string | undefined {
  const number = Number(value);
  return value.trim() !== '' && isValidDimension(number)
    ? undefined
    : `Enter a whole number from ${MIN_DIMENSION} to ${MAX_DIMENSION}.`;
}

/** The form's problems, by field; empty when the creative can be saved. */
export function checkGeneratorForm(form: TGeneratorForm): TGeneratorErrors {
  const errors: TGeneratorErrors = {};
  if (form.sizeId === 'custom') {
    const width = dimensionError(form.customWidth);
    const height = dimensionError(form.customHeight);
    if (width) errors.customWidth = width;
    if (height) errors.customHeight = height;
  }
  if (form.hasQr) {
    const url = ZQrUrl.safeParse(form.qrUrl.trim());
    if (!url.success) errors.qrUrl = url.error.issues[0]?.message ?? 'Enter a web address.';
  }
  if (!form.headline.trim()) errors.headline = 'Enter a headline.';
  return errors;
}

/**
 * The form's schema for react-hook-form: the values as the controls hold them, checked by
 * checkGeneratorForm (the one place the rules live, also used for the live preview).
 */
export const ZGeneratorForm = z
  .object({
    // Set only by the form's own radio buttons and select, from the template and preset lists.
    templateId: z.custom<TTemplateId>((value) => typeof value === 'string'),
    sizeId: z.custom<TSizePresetId>((value) => typeof value === 'string'),
    customWidth: z.string(),
    customHeight: z.string(),
    headline: z.string(),
    subline: z.string(),
    cta: z.string(),
    colors: z.object({ background: z.string(), text: z.string(), accent: z.string() }),
    hasQr: z.boolean(),
    qrUrl: z.string(),
  })
  .superRefine((form, context) => {
    for (const [path, message] of Object.entries(checkGeneratorForm(form))) {
      context.addIssue({ code: 'custom', path: [path], message });
    }
  });

/** The output size the form asks for; the last valid custom size while one is being typed. */
export function outputSizeOf(form: TGeneratorForm): { width: number; height: number } {
  if (form.sizeId !== 'custom') {
    const preset = SIZE_PRESETS.find((candidate) => candidate.id === form.sizeId);
    return preset ? { width: preset.width, height: preset.height } : { width: 1920, height: 1080 };
  }
  const clamp = (value: string) =>
    Math.min(MAX_DIMENSION, Math.max(MIN_DIMENSION, Math.round(Number(value) || MIN_DIMENSION)));
  return { width: clamp(form.customWidth), height: clamp(form.customHeight) };
}

/** The creative the form describes (image and QR presence are the renderer's to decide). */
export function creativeOf(form: TGeneratorForm): TCreative {
  return {
    templateId: form.templateId,
    ...outputSizeOf(form),
    headline: form.headline,
    subline: form.subline,
    cta: form.cta,
    colors: form.colors,
    hasImage: false,
    hasQr: false,
  };
}

/** "Fresh coffee, baked daily · 1920×1080": the saved item's name in the library. */
export function creativeNameOf(form: TGeneratorForm): string {
  const { width, height } = outputSizeOf(form);
  const template = TEMPLATES.find((candidate) => candidate.id === form.templateId);
  const title = form.headline.trim().replace(/\s+/g, ' ') || template?.name || 'Creative';
  const suffix = ` · ${width}×${height}`;
  return `${title.slice(0, 200 - suffix.length)}${suffix}`;
}
