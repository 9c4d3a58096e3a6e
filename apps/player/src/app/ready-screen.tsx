import { useEffect, useRef } from 'react';
import type { TSavedDevice } from '../lib/device';
import { locationLine } from '../features/setup/setup-model';
import { Brand } from '../components/brand';
import styles from './app.module.css';

/**
 * After setup: the ad space this TV is set up for. Playback is the player's next step (issue 8
 * items 5–7) and is not built yet: the screen says so instead of pretending.
 */
export function ReadyScreen({
  device,
  onChangeAdSpace,
  onSignOut,
}: {
  device: TSavedDevice;
  onChangeAdSpace: () => void;
  onSignOut: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const { adSpace } = device;
  return (
    <main className={styles.screen}>
      <Brand />
      <h2 className={styles.signedIn} data-testid="ready">
        Ready: {adSpace.name} at {locationLine(adSpace)}
      </h2>
      <p className={styles.lead}>
        This TV is set up to play this ad space. Playing its schedule arrives in the next version of
        the player.
      </p>
      <div className={styles.actions}>
        <button ref={first} type="button" className={styles.action} onClick={onChangeAdSpace}>
          Change ad space
        </button>
        <button type="button" className={styles.secondaryAction} onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </main>
  );
}
