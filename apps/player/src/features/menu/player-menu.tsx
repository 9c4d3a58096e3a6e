import { useEffect, useRef, useState } from 'react';
import { deviceInfoRows, type TDeviceInfo } from './device-info';
import { remoteKeyOf } from '../../lib/remote-keys';
import styles from './menu.module.css';

type TView = 'main' | 'info' | 'sign-out';
type TItem = 'change' | 'info' | 'sign-out' | 'close';

/** No key pressed for this long: the menu closes by itself, so a TV never stays on it. */
export const MENU_AUTO_CLOSE_MS = 60_000;

/**
 * The hidden menu (Back or Menu on the remote): over playback, which keeps running behind it.
 * Back in a sub-view returns to the list, Back on the list closes the menu; the arrow keys move
 * between its buttons (lib/spatial-navigation) and Enter presses one.
 */
export function PlayerMenu({
  readInfo,
  onChangeAdSpace,
  onSignOut,
  onClose,
  autoCloseMs = MENU_AUTO_CLOSE_MS,
  now = Date.now,
}: {
  readInfo: () => Promise<TDeviceInfo>;
  onChangeAdSpace: () => void;
  onSignOut: () => void;
  onClose: () => void;
  autoCloseMs?: number;
  now?: () => number;
}) {
  const [view, setView] = useState<TView>('main');
  /** The list's button to focus when it shows: the first, or the one the viewer came back from. */
  const [returnTo, setReturnTo] = useState<TItem>('change');
  const [info, setInfo] = useState<TDeviceInfo | null>(null);
  const [infoError, setInfoError] = useState(false);
  const focusTarget = useRef<HTMLButtonElement>(null);
  const latest = useRef({ view, onClose });
  useEffect(() => {
    latest.current = { view, onClose };
  });

  // Each view focuses its first control (or where the viewer was), so a remote always has a focus.
  useEffect(() => {
    focusTarget.current?.focus();
  }, [view]);

  // Back and Menu, and the auto-close. Capture phase: the menu is in front, so it takes these
  // keys before playback's own listener (which would open the menu again).
  useEffect(() => {
    let timer = window.setTimeout(() => latest.current.onClose(), autoCloseMs);
    const onKeyDown = (event: KeyboardEvent) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current.onClose(), autoCloseMs);
      const key = remoteKeyOf(event);
      if (key === null) return;
      event.preventDefault();
      event.stopPropagation();
      if (key === 'back' && latest.current.view !== 'main') {
        setView('main');
        return;
      }
      latest.current.onClose();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [autoCloseMs]);

  useEffect(() => {
    if (view !== 'info') return;
    let isCurrent = true;
    setInfoError(false);
    readInfo().then(
      (read) => {
        if (isCurrent) setInfo(read);
      },
      (error: unknown) => {
        console.warn(error);
        if (isCurrent) setInfoError(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [view, readInfo]);

  const open = (next: TView, from: TItem) => {
    setReturnTo(from);
    setView(next);
  };
  const refFor = (item: TItem) => (item === returnTo ? focusTarget : undefined);

  if (view === 'info') {
    return (
      <MenuFrame title="Device info">
        {info ? (
          <dl className={styles.info} data-testid="device-info">
            {deviceInfoRows(info, now()).map(([label, value]) => (
              <div key={label} className={styles.infoRow}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className={styles.text} role="status">
            {infoError ? 'The device info could not be read.' : 'Reading the device info…'}
          </p>
        )}
        <div className={styles.items}>
          <button
            ref={focusTarget}
            type="button"
            className={styles.item}
            onClick={() => setView('main')}
          >
            Back to the menu
          </button>
        </div>
      </MenuFrame>
    );
  }

  if (view === 'sign-out') {
    return (
      <MenuFrame title="Sign out of this TV?">
        <p className={styles.text}>
          The TV stops playing and forgets its ad space. To play again, sign in and choose the ad
          space.
        </p>
        <div className={styles.items}>
          <button
            ref={focusTarget}
            type="button"
            className={styles.item}
            onClick={() => setView('main')}
          >
            Cancel
          </button>
          <button type="button" className={styles.dangerItem} onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </MenuFrame>
    );
  }

  return (
    <MenuFrame title="Menu">
      <div className={styles.items}>
        <button
          ref={refFor('change')}
          type="button"
          className={styles.item}
          onClick={onChangeAdSpace}
        >
          Change ad space
        </button>
        <button
          ref={refFor('info')}
          type="button"
          className={styles.item}
          onClick={() => open('info', 'info')}
        >
          Device info
        </button>
        <button
          ref={refFor('sign-out')}
          type="button"
          className={styles.item}
          onClick={() => open('sign-out', 'sign-out')}
        >
          Sign out…
        </button>
        <button ref={refFor('close')} type="button" className={styles.item} onClick={onClose}>
          Close menu
        </button>
      </div>
      <p className={styles.hint}>Back closes the menu. It also closes by itself after a minute.</p>
    </MenuFrame>
  );
}

function MenuFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className={styles.overlay}>
      <section className={styles.panel} role="dialog" aria-modal="true" aria-label={title}>
        <h2 className={styles.title}>{title}</h2>
        {children}
      </section>
    </div>
  );
}
