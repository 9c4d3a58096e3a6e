import { useEffect, useRef } from 'react';
import type { TTvSession } from '../lib/session';
import { Brand } from './brand';
import styles from './app.module.css';

/**
 * After sign-in. Choosing the ad space this TV plays is the player's next step (issue 8 item 4)
 * and is not built yet: the screen says so instead of pretending.
 */
export function SignedInScreen({
  session,
  onSignOut,
}: {
  session: TTvSession;
  onSignOut: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <main className={styles.screen}>
      <Brand />
      <h2 className={styles.signedIn} data-testid="signed-in">
        Signed in as {session.email}
      </h2>
      <p className={styles.lead}>
        Next: choose the ad space this TV plays. That step arrives in the next version of the
        player.
      </p>
      <button ref={button} type="button" className={styles.action} onClick={onSignOut}>
        Sign out
      </button>
    </main>
  );
}
