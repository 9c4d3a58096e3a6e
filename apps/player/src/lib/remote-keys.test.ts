import { describe, expect, it } from 'vitest';
import { remoteKeyOf } from './remote-keys';

const key = (key: string, keyCode = 0, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  keyCode,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target: null,
  ...extra,
});

describe('remoteKeyOf', () => {
  it('knows each platform’s Back key', () => {
    expect(remoteKeyOf(key('Escape', 27))).toBe('back');
    expect(remoteKeyOf(key('Backspace', 8))).toBe('back');
    expect(remoteKeyOf(key('GoBack'))).toBe('back');
    expect(remoteKeyOf(key('BrowserBack', 166))).toBe('back');
    // LG webOS: keyCode 461 whatever `key` says; Samsung Tizen: 10009, key XF86Back.
    expect(remoteKeyOf(key('Unidentified', 461))).toBe('back');
    expect(remoteKeyOf(key('XF86Back', 10009))).toBe('back');
  });

  it('knows the Menu keys', () => {
    expect(remoteKeyOf(key('ContextMenu', 93))).toBe('menu');
    expect(remoteKeyOf(key('Menu', 10133))).toBe('menu');
    expect(remoteKeyOf(key('', 10133))).toBe('menu');
  });

  it('leaves every other key alone, Alt (keyCode 18) and shortcuts included', () => {
    expect(remoteKeyOf(key('Alt', 18, { altKey: true }))).toBeNull();
    expect(remoteKeyOf(key('ArrowUp', 38))).toBeNull();
    expect(remoteKeyOf(key('Enter', 13))).toBeNull();
    expect(remoteKeyOf(key('Escape', 27, { ctrlKey: true }))).toBeNull();
  });
});
