import type { TPlayerAdSpace } from '@screenline/shared/player';
import { Brand } from '../../components/brand';
import { locationLine } from '../../lib/ad-space';
import styles from './playback.module.css';

/**
 * What the TV shows when nothing plays: before the first manifest is ready, and when nothing is
 * scheduled. Branded, so a passer-by sees a screen that is set up, not a broken one.
 */
export function IdleScreen({
  adSpace,
  statusLine,
}: {
  adSpace: TPlayerAdSpace;
  statusLine: string;
}) {
  return (
    <div className={styles.idle} data-testid="idle-screen">
      <Brand />
      <h2 className={styles.idleTitle}>Waiting for content</h2>
      <p className={styles.idleSpace}>
        {adSpace.name} · {locationLine(adSpace)}
      </p>
      <p className={styles.idleStatus} role="status">
        {statusLine}
      </p>
    </div>
  );
}
