import styles from './app.module.css';

/**
 * The TV player's shell. Sign-in (password and QR pairing), ad-space setup and offline playback
 * are built in the player issue; until then the TV says so plainly instead of pretending.
 */
export function App() {
  return (
    <main className={styles.screen}>
      <div className={styles.brand}>
        <svg aria-hidden="true" viewBox="0 0 32 32" className={styles.logo} data-testid="logo">
          <rect x="3" y="6" width="26" height="17" rx="3" fill="#4f46e5" />
          <rect x="12" y="25" width="8" height="2" rx="1" fill="#4f46e5" />
          <path d="M13 11.5v6l5-3z" fill="#fff" />
        </svg>
        <h1 className={styles.title}>Screenline TV</h1>
      </div>
      <p className={styles.lead}>
        The TV player is not available yet. Sign-in, ad-space setup and playback arrive in a coming
        release.
      </p>
      <a href="/help/tv/player" className={styles.action}>
        Read the TV guide
      </a>
    </main>
  );
}
