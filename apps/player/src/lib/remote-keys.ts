import { useEffect, useRef } from 'react';

/**
 * The remote's Back and Menu keys, as TV browsers report them. A remote has no Escape key, and
 * each platform names its Back key differently, so both `key` and the legacy `keyCode` count:
 *
 * | Key                     | key                       | keyCode | Where                                   |
 * | ----------------------- | ------------------------- | ------- | --------------------------------------- |
 * | Escape                  | `Escape` (`Esc` pre-2017) | 27      | keyboards; many Android TV boxes' Back  |
 * | Backspace               | `Backspace`               | 8       | some remotes and air mice map Back here |
 * | Back (UI Events)        | `GoBack`, `BrowserBack`   | 166     | Android key mapping, browser Back keys  |
 * | LG webOS Back           | (`GoBack` on newer)       | 461     | delivered without registration          |
 * | Samsung Tizen Return    | `XF86Back`                | 10009   | delivered without registration          |
 * | Menu / context menu     | `ContextMenu`             | 93      | keyboards; Android's KEYCODE_MENU       |
 * | Samsung Tizen Menu      | `Menu`                    | 10133   | only once `tizen.tvinputdevice.registerKey('Menu')` ran (a packaged Tizen app) |
 *
 * Not handled: keyCode 18 is Alt (Windows calls it VK_MENU, but it is not a menu key: handling
 * it would open the menu on every Alt press), and webOS's Settings/Home keys never reach a page.
 * Back pressed where a page does not handle it leaves the app (Tizen) or goes back in history
 * (webOS), so the player always takes these keys: on the playing screen they open the menu.
 */
export type TRemoteKey = 'back' | 'menu';

const BACK_KEYS = new Set(['Escape', 'Esc', 'Backspace', 'GoBack', 'BrowserBack', 'XF86Back']);
const BACK_CODES = new Set([27, 8, 166, 461, 10009]);
const MENU_KEYS = new Set(['ContextMenu', 'Menu']);
const MENU_CODES = new Set([93, 10133]);

type TKeyEvent = Pick<KeyboardEvent, 'key' | 'keyCode' | 'altKey' | 'ctrlKey' | 'metaKey'> & {
  target: EventTarget | null;
};

function isTextField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
}

/** Controls that answer OK themselves: an OK pressed on one is theirs, not the menu's. */
function isControl(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'A'].includes(target.tagName);
}

/**
 * Whether this is the remote's OK (Enter, keyCode 13 on every TV browser) pressed where no
 * control has the focus: during playback it opens the menu too (issue 21 item 4).
 */
export function isOkOnNothing(event: TKeyEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return (event.key === 'Enter' || event.keyCode === 13) && !isControl(event.target);
}

/** Which remote key this is, or null. Backspace in a text field is editing, not Back. */
export function remoteKeyOf(event: TKeyEvent): TRemoteKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  // keyCode: the TV browsers' own keys have no standard `key` value (deprecated, still the only way).
  const code = event.keyCode;
  if (MENU_KEYS.has(event.key) || MENU_CODES.has(code)) return 'menu';
  if (BACK_KEYS.has(event.key) || BACK_CODES.has(code)) {
    if ((event.key === 'Backspace' || code === 8) && isTextField(event.target)) return null;
    return 'back';
  }
  return null;
}

interface TTizenHost {
  tizen?: { tvinputdevice?: { registerKey?: (keyName: string) => void } };
}

/** Samsung Tizen delivers Menu only to a packaged app that registered it (Back needs nothing). */
function registerTizenMenuKey(): void {
  const host = window as unknown as TTizenHost;
  try {
    if (host.tizen && host.tizen.tvinputdevice && host.tizen.tvinputdevice.registerKey) {
      host.tizen.tvinputdevice.registerKey('Menu');
    }
  } catch (error) {
    // Not allowed (no tv.inputdevice privilege): Back still opens the menu.
    console.warn('The Menu key could not be registered:', error);
  }
}

/**
 * Calls `onMenu` when Back, Menu or OK is pressed, unless something in front (the open menu,
 * which listens in the capture phase) took the key first. OK counts only with nothing focused
 * (playback): on a button it presses the button.
 */
export function useMenuKey(onMenu: () => void): void {
  const latest = useRef(onMenu);
  useEffect(() => {
    latest.current = onMenu;
  });
  useEffect(() => {
    registerTizenMenuKey();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (remoteKeyOf(event) === null && !isOkOnNothing(event)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
