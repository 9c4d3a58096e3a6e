import type { TDeviceToken } from '@screenline/shared/pairing';
import { useEffect, useState } from 'react';
import { formatUserCode } from '@screenline/shared/pairing';
import type { TPairingNotice } from './device-pairing';
import { usePairing } from './use-pairing';
import { QrCode } from '../../components/qr-code';
import styles from './pairing.module.css';

const NOTICES: Record<TPairingNotice, string> = {
  expired: 'The last code expired before it was used. Scan this new one.',
  denied: 'The phone cancelled the link. Scan this new code to try again.',
  offline: 'The TV cannot reach Screenline. Check its network connection; it keeps trying.',
  error: 'Screenline could not give this TV a code. It tries again in a moment.',
};

function minutesLeft(expiresAt: number, now: number): string {
  // `now` ticks every 15 s, so it may lag the code's arrival: round, do not ceil.
  const minutes = Math.max(1, Math.round((expiresAt - now) / 60_000));
  return minutes === 1 ? 'about a minute' : `${minutes} minutes`;
}

/**
 * Sign in with a phone (SPEC §1, DESIGN §6): the QR code of /pair?code=… and the code in large
 * text, refreshed before it expires; the TV signs in by itself once a phone links it.
 */
export function PairingPanel({ onToken }: { onToken: (grant: TDeviceToken) => void }) {
  const state = usePairing(onToken);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 15_000);
    return () => {
      clearInterval(timer);
    };
  }, []);

  return (
    <section className={styles.panel} aria-labelledby="pairing-title">
      <h2 id="pairing-title" className={styles.heading}>
        Sign in with your phone
      </h2>
      {state.kind === 'showing' ? (
        // Landscape puts the code beside the QR code, so the screen fits 720p with a notice
        // above (issue 21 item 3); portrait keeps them one under the other.
        <div className={styles.body}>
          <div className={styles.qrBox}>
            <QrCode value={state.url} label="QR code to link this TV" />
          </div>
          <div className={styles.details}>
            <p className={styles.steps}>
              Scan the code with a phone signed in to Screenline, or open{' '}
              <strong>{displayAddress(state.url)}</strong> and type:
            </p>
            <p className={styles.code} data-testid="pairing-code" aria-label="Pairing code">
              {formatUserCode(state.userCode)}
            </p>
            <p className={styles.expiry}>
              A new code appears by itself in {minutesLeft(state.expiresAt, now)}.
            </p>
            {state.notice && (
              <p className={styles.notice} role="alert">
                {NOTICES[state.notice]}
              </p>
            )}
          </div>
        </div>
      ) : (
        <>
          <p className={styles.steps}>Getting a code…</p>
          {state.notice && (
            <p className={styles.notice} role="alert">
              {NOTICES[state.notice]}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** `https://screens.example.com/pair?code=X` → `screens.example.com/pair`, to type on a phone. */
function displayAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
