import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  coverCrop,
  fitText,
  isValidDimension,
  parseHexColor,
  previewScale,
  readableOn,
  wrapText,
} from '@/features/content/generator/layout';

/** Every character is 10 px wide: easy arithmetic. */
const mono = (text: string) => text.length * 10;

describe('wrapText', () => {
  it('breaks between words so that no line is wider than the limit', () => {
    const lines = wrapText('the quick brown fox jumps over the lazy dog', 100, mono);
    expect(lines).toEqual(['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(100);
  });

  it('keeps the text’s own line breaks and drops extra spaces', () => {
    expect(wrapText('one  two\nthree', 200, mono)).toEqual(['one two', 'three']);
  });

  it('breaks a word that is wider than a line on its own', () => {
    expect(wrapText('go https://example.com/abc', 80, mono)).toEqual([
      'go',
      'https://',
      'example.',
      'com/abc',
    ]);
  });

  it('cuts to maxLines with an ellipsis that still fits', () => {
    const lines = wrapText('aaa bbb ccc ddd eee fff', 70, mono, 2);
    expect(lines).toEqual(['aaa bbb', 'ccc dd…']);
    expect(mono(lines[1]!)).toBeLessThanOrEqual(70);
  });

  it('gives nothing for blank text', () => {
    expect(wrapText('   ', 100, mono)).toEqual([]);
  });
});

describe('fitText', () => {
  const measure = (text: string, size: number) => text.length * size * 0.5;

  it('keeps the largest size when the text fits', () => {
    const fitted = fitText({
      text: 'Hi',
      width: 1000,
      height: 1000,
      maxSize: 100,
      minSize: 10,
      maxLines: 3,
      lineHeight: 1.2,
      measure,
    });
    expect(fitted.size).toBe(100);
    expect(fitted.lines).toEqual(['Hi']);
    expect(fitted.height).toBeCloseTo(120);
  });

  it('shrinks a long headline until it fits the box and the line limit', () => {
    const fitted = fitText({
      text: 'A rather long headline that needs several lines to fit',
      width: 600,
      height: 300,
      maxSize: 200,
      minSize: 10,
      maxLines: 3,
      lineHeight: 1.1,
      measure,
    });
    expect(fitted.size).toBeLessThan(200);
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.height).toBeLessThanOrEqual(300);
    for (const line of fitted.lines) expect(measure(line, fitted.size)).toBeLessThanOrEqual(600);
  });

  it('cuts with an ellipsis at the smallest size when nothing else fits', () => {
    const fitted = fitText({
      text: 'word '.repeat(200),
      width: 100,
      height: 50,
      maxSize: 40,
      minSize: 20,
      maxLines: 10,
      lineHeight: 1,
      measure,
    });
    expect(fitted.size).toBe(20);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines.at(-1)).toMatch(/…$/);
  });
});

describe('coverCrop', () => {
  it('crops the sides of a wide image for a square area', () => {
    expect(coverCrop(2000, 1000, 500, 500)).toEqual({ sx: 500, sy: 0, sw: 1000, sh: 1000 });
  });

  it('crops top and bottom of a tall image for a landscape area', () => {
    expect(coverCrop(1080, 1920, 1920, 1080)).toEqual({
      sx: 0,
      sy: (1920 - 607.5) / 2,
      sw: 1080,
      sh: 607.5,
    });
  });

  it('keeps the aspect ratio of the target', () => {
    const crop = coverCrop(640, 360, 960, 1080);
    expect(crop.sw / crop.sh).toBeCloseTo(960 / 1080);
  });
});

describe('colours', () => {
  it('parses #rgb and #rrggbb', () => {
    expect(parseHexColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHexColor('#1E1B4B')).toEqual({ r: 30, g: 27, b: 75 });
    expect(parseHexColor('red')).toBeNull();
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1);
  });

  it('picks readable text for an accent colour', () => {
    expect(readableOn('#facc15')).toBe('#000000');
    expect(readableOn('#1e1b4b')).toBe('#ffffff');
  });
});

describe('sizes', () => {
  it('bounds custom dimensions to 320–7680 whole pixels', () => {
    expect(isValidDimension(320)).toBe(true);
    expect(isValidDimension(7680)).toBe(true);
    expect(isValidDimension(319)).toBe(false);
    expect(isValidDimension(7681)).toBe(false);
    expect(isValidDimension(1000.5)).toBe(false);
  });

  it('scales a preview down to fit, never up', () => {
    expect(previewScale(3840, 2160, 960, 1000)).toBe(0.25);
    expect(previewScale(1080, 1920, 960, 480)).toBe(0.25);
    expect(previewScale(320, 320, 960, 960)).toBe(1);
  });
});
