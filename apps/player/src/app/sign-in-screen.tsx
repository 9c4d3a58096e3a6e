import type { TDeviceToken } from '@screenline/shared/pairing';
import { PairingPanel } from '../features/pairing/pairing-panel';
import { PasswordForm } from '../features/sign-in/password-form';
import type { TTvSession } from '../lib/session';
import { Brand } from '../components/brand';
import styles from './app.module.css';

/** SPEC §1: email and password, and beside them the QR code a signed-in phone scans. */
export function SignInScreen({
  notice,
  onSignedIn,
  onToken,
}: {
  notice: string | null;
  onSignedIn: (session: TTvSession) => void;
  onToken: (grant: TDeviceToken) => void;
}) {
  return (
    <main className={styles.signIn}>
      <header className={styles.header}>
        <Brand />
        <p className={styles.lead}>Sign in to play your screens on this TV.</p>
      </header>
      {notice && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
      <div className={styles.methods}>
        <PasswordForm onSignedIn={onSignedIn} />
        <div className={styles.divider} aria-hidden="true">
          <span>or</span>
        </div>
        <PairingPanel onToken={onToken} />
      </div>
      <p className={styles.help}>
        Help: <strong>{window.location.host}/help/tv/sign-in</strong>
      </p>
    </main>
  );
}
