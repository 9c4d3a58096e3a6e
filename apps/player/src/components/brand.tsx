import styles from './brand.module.css';

export function Brand() {
  return (
    <div className={styles.brand}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className={styles.logo} data-testid="logo">
        <rect x="3" y="6" width="26" height="17" rx="3" fill="#4f46e5" />
        <rect x="12" y="25" width="8" height="2" rx="1" fill="#4f46e5" />
        <path d="M13 11.5v6l5-3z" fill="#fff" />
      </svg>
      <h1 className={styles.title}>Screenline TV</h1>
    </div>
  );
}
