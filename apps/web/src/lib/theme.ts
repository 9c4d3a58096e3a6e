import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §4/§5: the stored preference and the order the theme button cycles through. */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type TThemeMode = (typeof THEME_MODES)[number];
export type TResolvedTheme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'themeMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseThemeMode(value: unknown): TThemeMode | null {
  return THEME_MODES.find((mode) => mode === value) ?? null;
}

/** light → dark → system → light */
export function nextThemeMode(mode: TThemeMode): TThemeMode {
  switch (mode) {
    case 'light':
      return 'dark';
    case 'dark':
      return 'system';
    case 'system':
      return 'light';
  }
}

export function themeButtonLabel(mode: TThemeMode): string {
  return `Theme: ${mode} (click to cycle)`;
}

export type TThemeSnapshot = { mode: TThemeMode; resolved: TResolvedTheme };

export type TThemeStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => TThemeSnapshot;
  setMode: (mode: TThemeMode) => void;
  cycle: () => void;
};

/** Fallback where matchMedia is missing (old browsers, jsdom): the system is light, never changes. */
function mediaQueryOf(
  win: Window,
): Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> {
  if (typeof win.matchMedia === 'function') return win.matchMedia(DARK_QUERY);
  return {
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

/**
 * The theme as an external store. The mode lives in localStorage (other tabs are followed through
 * the `storage` event); "system" follows the OS preference live; the resolved theme is applied as
 * the `dark` class on the root element.
 */
export function createThemeStore(win: Window): TThemeStore {
  const media = mediaQueryOf(win);
  const listeners = new Set<() => void>();

  const readStoredMode = (): TThemeMode => {
    try {
      return parseThemeMode(win.localStorage.getItem(THEME_STORAGE_KEY)) ?? 'system';
    } catch {
      return 'system'; // storage blocked: behave as if nothing was saved
    }
  };

  let mode = readStoredMode();
  let systemDark = media.matches;
  let snapshot = compute();
  apply();

  function compute(): TThemeSnapshot {
    const resolved: TResolvedTheme = mode === 'system' ? (systemDark ? 'dark' : 'light') : mode;
    return { mode, resolved };
  }

  function apply() {
    const root = win.document.documentElement;
    root.classList.toggle('dark', snapshot.resolved === 'dark');
    root.style.colorScheme = snapshot.resolved;
  }

  function update() {
    const next = compute();
    if (next.mode === snapshot.mode && next.resolved === snapshot.resolved) return;
    snapshot = next;
    apply();
    for (const listener of listeners) listener();
  }

  const onStorage = (event: StorageEvent) => {
    // key null: another tab called localStorage.clear().
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    if (event.newValue === null) {
      mode = 'system';
    } else {
      const parsed = parseThemeMode(event.newValue);
      if (!parsed) return; // invalid values are ignored (SPEC §5)
      mode = parsed;
    }
    update();
  };

  const onMediaChange = (event: MediaQueryListEvent) => {
    systemDark = event.matches;
    update();
  };

  function setMode(next: TThemeMode) {
    mode = next;
    try {
      win.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
    update();
  }

  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        win.addEventListener('storage', onStorage);
        media.addEventListener('change', onMediaChange);
        // Catch up with anything that changed while nobody listened.
        mode = readStoredMode();
        systemDark = media.matches;
        update();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          win.removeEventListener('storage', onStorage);
          media.removeEventListener('change', onMediaChange);
        }
      };
    },
    getSnapshot: () => snapshot,
    setMode,
    cycle: () => setMode(nextThemeMode(mode)),
  };
}

let sharedStore: TThemeStore | null = null;

/** The app's one theme store, created on first use. */
export function getThemeStore(): TThemeStore {
  sharedStore ??= createThemeStore(window);
  return sharedStore;
}

export function useTheme() {
  const store = getThemeStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const cycle = useCallback(() => store.cycle(), [store]);
  return { ...snapshot, cycle, setMode: store.setMode };
}
