import { describe, expect, it } from 'vitest';
import {
  contentObjectPath,
  displayNameOf,
  downloadNameOf,
  newUploadId,
  posterObjectPath,
  sanitiseFileName,
} from '@/features/content/utils/object-names';

describe('sanitiseFileName', () => {
  it.each([
    ['Summer promo.mp4', 'Summer-promo.mp4'],
    ['café crème (final).JPG', 'cafe-creme-final.jpg'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a/b\\c:d*e?.png', 'a-b-c-d-e.png'],
    ['  spaced   out  .webm', 'spaced-out.webm'],
    ['.hidden', 'hidden'],
    ['日本語.png', 'file.png'],
    ['', 'file'],
    ['new\u0000line\n.gif', 'new-line.gif'],
    ['two..dots.png', 'two.dots.png'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it('keeps only safe characters', () => {
    const names = ['ümlaut & co!.webp', '💥 boom 💥.gif', 'x'.repeat(500) + '.mp4', '-.-.-'];
    for (const name of names)
      expect(sanitiseFileName(name)).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
  });

  it('caps the length at 100 characters and keeps the extension', () => {
    const result = sanitiseFileName(`${'long-name-'.repeat(30)}.webm`);
    expect(result.length).toBeLessThanOrEqual(100);
    expect(result.endsWith('.webm')).toBe(true);
    expect(result).not.toMatch(/-\.webm$/);
  });
});

describe('object paths', () => {
  it('puts content under users/{uid}/content/<id>-<name>', () => {
    expect(contentObjectPath('u1', 'abc', 'My clip.MP4')).toBe('users/u1/content/abc-My-clip.mp4');
  });

  it('puts posters under users/{uid}/posters/<id>.jpg', () => {
    expect(posterObjectPath('u1', 'abc')).toBe('users/u1/posters/abc.jpg');
  });
});

describe('displayNameOf', () => {
  it('drops the extension and keeps the rest as typed', () => {
    expect(displayNameOf('Summer promo 2026.mp4')).toBe('Summer promo 2026');
    expect(displayNameOf('.env')).toBe('.env');
    expect(displayNameOf('no-extension')).toBe('no-extension');
  });

  it('stays within the 200 characters the API takes', () => {
    expect(displayNameOf(`${'a'.repeat(300)}.png`)).toHaveLength(200);
  });
});

describe('downloadNameOf', () => {
  it('adds the stored extension once', () => {
    expect(downloadNameOf({ name: 'Banner', objectPath: 'users/u/content/x-banner.png' })).toBe(
      'Banner.png',
    );
    expect(downloadNameOf({ name: 'Banner.PNG', objectPath: 'users/u/content/x-b.png' })).toBe(
      'Banner.PNG',
    );
  });
});

describe('newUploadId', () => {
  it('makes distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newUploadId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
