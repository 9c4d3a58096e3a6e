import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThemeStore, nextThemeMode, THEME_STORAGE_KEY, themeButtonLabel } from '@/lib/theme';

/** A controllable prefers-color-scheme query. */
function installMatchMedia(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme store', () => {
  beforeEach(() => document.documentElement.classList.remove('dark'));
  afterEach(() => document.documentElement.classList.remove('dark'));

  it('cycles light → dark → system → light and saves each choice', () => {
    installMatchMedia(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const store = createThemeStore(window);
    const seen = [store.getSnapshot().mode];
    for (let i = 0; i < 3; i++) {
      store.cycle();
      seen.push(store.getSnapshot().mode);
      expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe(store.getSnapshot().mode);
    }
    expect(seen).toEqual(['light', 'dark', 'system', 'light']);
    expect(nextThemeMode('system')).toBe('light');
  });

  it('applies the dark class for dark and removes it for light', () => {
    installMatchMedia(false);
    const store = createThemeStore(window);
    store.setMode('dark');
    expect(isDark()).toBe(true);
    expect(store.getSnapshot().resolved).toBe('dark');
    store.setMode('light');
    expect(isDark()).toBe(false);
  });

  it('ignores an invalid stored value and falls back to system', () => {
    installMatchMedia(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    const store = createThemeStore(window);
    expect(store.getSnapshot()).toEqual({ mode: 'system', resolved: 'dark' });
    expect(isDark()).toBe(true);
  });

  it('follows other tabs through the storage event, ignoring invalid values', () => {
    installMatchMedia(false);
    const store = createThemeStore(window);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    expect(store.getSnapshot().mode).toBe('dark');
    expect(isDark()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'neon' }));
    expect(store.getSnapshot().mode).toBe('dark');

    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse', newValue: 'light' }));
    expect(store.getSnapshot().mode).toBe('dark');

    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: null }));
    expect(store.getSnapshot().mode).toBe('system');
    expect(isDark()).toBe(false);
    unsubscribe();
  });

  it('in system mode follows the OS preference live, and stops listening when unused', () => {
    const media = installMatchMedia(false);
    const store = createThemeStore(window);
    const unsubscribe = store.subscribe(() => undefined);
    expect(store.getSnapshot()).toEqual({ mode: 'system', resolved: 'light' });

    media.setDark(true);
    expect(store.getSnapshot().resolved).toBe('dark');
    expect(isDark()).toBe(true);

    media.setDark(false);
    expect(isDark()).toBe(false);

    // An explicit mode does not follow the OS.
    store.setMode('light');
    media.setDark(true);
    expect(isDark()).toBe(false);

    unsubscribe();
    expect(media.listenerCount()).toBe(0);
  });

  it('labels the button with the mode', () => {
    expect(themeButtonLabel('dark')).toBe('Theme: dark (click to cycle)');
  });
});
