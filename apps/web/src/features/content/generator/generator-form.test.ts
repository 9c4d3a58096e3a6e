import { describe, expect, it } from 'vitest';
import {
  checkGeneratorForm,
  creativeNameOf,
  DEFAULT_GENERATOR_FORM,
  outputSizeOf,
  type TGeneratorForm,
  ZGeneratorForm,
} from '@/features/content/generator/generator-form';

const form = (overrides: Partial<TGeneratorForm> = {}): TGeneratorForm => ({
  ...DEFAULT_GENERATOR_FORM,
  ...overrides,
});

describe('checkGeneratorForm', () => {
  it('accepts the defaults', () => {
    expect(checkGeneratorForm(form())).toEqual({});
  });

  it('bounds custom sizes', () => {
    expect(
      checkGeneratorForm(form({ sizeId: 'custom', customWidth: '100', customHeight: '8000' })),
    ).toEqual({
      customWidth: 'Enter a whole number from 320 to 7680.',
      customHeight: 'Enter a whole number from 320 to 7680.',
    });
    expect(
      checkGeneratorForm(form({ sizeId: 'custom', customWidth: '', customHeight: '720.5' })),
    ).toHaveProperty('customWidth');
    expect(
      checkGeneratorForm(form({ sizeId: 'custom', customWidth: '1280', customHeight: '720' })),
    ).toEqual({});
  });

  it('needs a web address for the QR code', () => {
    expect(checkGeneratorForm(form({ hasQr: true, qrUrl: 'https://' }))).toHaveProperty('qrUrl');
    expect(checkGeneratorForm(form({ hasQr: true, qrUrl: 'javascript:alert(1)' }))).toHaveProperty(
      'qrUrl',
    );
    expect(checkGeneratorForm(form({ hasQr: true, qrUrl: 'https://example.com/menu' }))).toEqual(
      {},
    );
    expect(checkGeneratorForm(form({ hasQr: false, qrUrl: 'nonsense' }))).toEqual({});
  });

  it('needs a headline', () => {
    expect(checkGeneratorForm(form({ headline: '  ' }))).toEqual({ headline: 'Enter a headline.' });
  });
});

describe('outputSizeOf', () => {
  it('uses the preset sizes', () => {
    expect(outputSizeOf(form({ sizeId: 'landscape' }))).toEqual({ width: 1920, height: 1080 });
    expect(outputSizeOf(form({ sizeId: 'portrait' }))).toEqual({ width: 1080, height: 1920 });
    expect(outputSizeOf(form({ sizeId: '4k' }))).toEqual({ width: 3840, height: 2160 });
  });

  it('clamps a custom size while it is being typed', () => {
    expect(
      outputSizeOf(form({ sizeId: 'custom', customWidth: '99999', customHeight: 'abc' })),
    ).toEqual({ width: 7680, height: 320 });
  });
});

describe('creativeNameOf', () => {
  it('names the item after the headline and size', () => {
    expect(creativeNameOf(form({ headline: '  Big   sale  ' }))).toBe('Big sale · 1920×1080');
    expect(creativeNameOf(form({ headline: '' }))).toBe('Bold headline · 1920×1080');
    expect(creativeNameOf(form({ headline: 'x'.repeat(300) }))).toHaveLength(200);
  });
});

describe('ZGeneratorForm (the resolver of the generator form)', () => {
  it('reports checkGeneratorForm problems under their fields', () => {
    const result = ZGeneratorForm.safeParse({
      ...DEFAULT_GENERATOR_FORM,
      headline: '  ',
      sizeId: 'custom',
      customWidth: '5',
      hasQr: true,
      qrUrl: 'ftp://example.com',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(Object.keys(byPath).sort()).toEqual(['customWidth', 'headline', 'qrUrl']);
    expect(byPath.headline).toBe('Enter a headline.');
  });

  it('accepts the defaults', () => {
    expect(ZGeneratorForm.safeParse(DEFAULT_GENERATOR_FORM).success).toBe(true);
  });
});
