import { useState, type FormEvent } from 'react';
import { ZEmail } from '@screenline/shared/auth';
import type { TTvSession } from '../../lib/session';
import { SignInError, signInWithPassword } from './sign-in-with-password';
import styles from './sign-in.module.css';

type TErrors = { email?: string; password?: string; form?: string };

/** Sign in with email and password, by remote control: arrows move between fields, Enter signs in. */
export function PasswordForm({ onSignedIn }: { onSignedIn: (session: TTvSession) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const parsedEmail = ZEmail.safeParse(email);
    const found: TErrors = {};
    if (!parsedEmail.success) found.email = 'Enter the email address of your Screenline account.';
    if (password.length === 0) found.password = 'Enter your password.';
    setErrors(found);
    if (!parsedEmail.success || found.password) return;
    setIsSubmitting(true);
    try {
      onSignedIn(await signInWithPassword(parsedEmail.data, password));
    } catch (error) {
      setErrors({
        form: error instanceof SignInError ? error.message : 'Something went wrong. Try again.',
      });
      setIsSubmitting(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.heading}>
        Sign in with email
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor="tv-email">Email</label>
          <input
            id="tv-email"
            type="email"
            autoComplete="username"
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'tv-email-error' : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
          {errors.email && (
            <p id="tv-email-error" className={styles.fieldError}>
              {errors.email}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="tv-password">Password</label>
          <input
            id="tv-password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'tv-password-error' : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          {errors.password && (
            <p id="tv-password-error" className={styles.fieldError}>
              {errors.password}
            </p>
          )}
        </div>
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        {/* aria-disabled, not disabled: a disabled button drops the focus, and a remote control
            would have to find its way back from nowhere after a failed attempt. */}
        <button type="submit" className={styles.submit} aria-disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
