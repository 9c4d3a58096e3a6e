import { useEffect, useState } from 'react';
import styles from './menu.module.css';

const SHOWN_KEY = 'screenline.tv.menu-hint-shown';
/** Long enough to read from across a room, short enough not to sit on the content. */
export const MENU_HINT_MS = 10_000;

type TStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * "Press OK for the menu", over the screen for a few seconds the first time this TV plays
 * (issue 21 item 4: nothing on screen told a new owner how to reach the menu). Remembered in
 * localStorage, so it does not come back on every start.
 */
export function MenuHint({ storage = window.localStorage }: { storage?: TStorage }) {
  const [isShown, setShown] = useState(() => storage.getItem(SHOWN_KEY) === null);
  useEffect(() => {
    if (!isShown) return;
    storage.setItem(SHOWN_KEY, new Date().toISOString());
    const timer = window.setTimeout(() => {
      setShown(false);
    }, MENU_HINT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [isShown, storage]);
  if (!isShown) return null;
  return (
    <p className={styles.menuHint} role="status" data-testid="menu-hint">
      Press <strong>OK</strong> for the menu
    </p>
  );
}
