import { identifyCode } from '@screenline/shared/fleet';
import type { TPlayerAdSpace } from '@screenline/shared/player';
import styles from './identify.module.css';

/** The identify command: the screen's name and short code over everything, for 10 s. */
export function IdentifyOverlay({
  adSpace,
  deviceId,
}: {
  adSpace: TPlayerAdSpace;
  deviceId: string;
}) {
  return (
    <div className={styles.identify} data-testid="identify" role="status">
      <p className={styles.identifyName}>{adSpace.name}</p>
      <p className={styles.identifyCode} aria-label={`TV code ${identifyCode(deviceId)}`}>
        {identifyCode(deviceId)}
      </p>
    </div>
  );
}
