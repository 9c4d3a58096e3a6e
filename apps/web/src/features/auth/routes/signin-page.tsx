import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { authErrorMessage, MAX_EMAIL_LENGTH } from '@screenline/shared/auth-messages';
import type { TSignIn, ZSignIn } from '@screenline/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

// The first page most visitors see carries no form library, schema or auth client (issue 6 item
// 7): the schema (with zod) and the Better Auth client load with the first submit. Other forms use
// react-hook-form; this one is two fields.
let signInSchema: Promise<typeof ZSignIn> | null = null;
function loadSignInSchema(): Promise<typeof ZSignIn> {
  signInSchema ??= import('@screenline/shared/auth').then(
    (module) => module.ZSignIn,
    (error: unknown) => {
      // A failed download (offline) must not stick: the next submit tries again.
      signInSchema = null;
      throw error;
    },
  );
  return signInSchema;
}

type TSignInErrors = Partial<Record<keyof TSignIn, string>>;
const FIELDS = ['email', 'password'] as const;

function readValues(form: HTMLFormElement): Record<keyof TSignIn, string> {
  const data = new FormData(form);
  const read = (name: keyof TSignIn) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: read('email'), password: read('password') };
}

/** The parsed values, or the first error of each field. */
function validate(
  schema: typeof ZSignIn,
  form: HTMLFormElement,
): { values: TSignIn; errors: null } | { values: null; errors: TSignInErrors } {
  const parsed = schema.safeParse(readValues(form));
  if (parsed.success) return { values: parsed.data, errors: null };
  const errors: TSignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

/** Better Auth's answer to a right password when the account has two-factor sign-in on. */
function asksSecondStep(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    'twoFactorRedirect' in data &&
    data.twoFactorRedirect === true
  );
}

/**
 * The second step (issue 18 item 4): no session exists until a code from the authenticator app,
 * or one of the recovery codes, is accepted. On success the session changes and the page
 * continues (see SignInPage); a challenge that expired or had too many wrong codes goes back to
 * the password.
 */
function SecondStepForm({ onRestart }: { onRestart: (message: string | null) => void }) {
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    try {
      const [{ ZRecoveryCode, ZTotpCode }, { authClient, runAuthAction }] = await Promise.all([
        import('@screenline/shared/two-factor'),
        import('@/lib/auth-client'),
      ]);
      const parsed = (isRecovery ? ZRecoveryCode : ZTotpCode).safeParse(code);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message);
        codeRef.current?.focus();
        return;
      }
      let errorCode: string | undefined;
      const failure = await runAuthAction(async () => {
        const result = isRecovery
          ? await authClient.twoFactor.verifyBackupCode({ code: parsed.data })
          : await authClient.twoFactor.verifyTotp({ code: parsed.data });
        errorCode = result.error?.code;
        return result;
      });
      if (!failure) return;
      if (
        errorCode === 'INVALID_TWO_FACTOR_COOKIE' ||
        errorCode === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' ||
        errorCode === 'ACCOUNT_TEMPORARILY_LOCKED'
      ) {
        onRestart(failure);
        return;
      }
      setError(failure);
      setCode('');
      codeRef.current?.focus();
    } catch (caught) {
      console.error(caught);
      setError(authErrorMessage({ status: 0 }));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {isRecovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each code works once.'
          : 'Your account uses two-factor sign-in. Enter the 6-digit code your authenticator app shows for Screenline.'}
      </p>
      <FormField label={isRecovery ? 'Recovery code' : 'Authentication code'} error={error}>
        {(field) => (
          <Input
            {...field}
            ref={codeRef}
            name="code"
            autoFocus
            inputMode={isRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={isRecovery ? 11 : 7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" isPending={isSubmitting} className="w-full">
        {isSubmitting ? 'Checking…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <Button
          variant="link"
          onClick={() => {
            setIsRecovery((value) => !value);
            setCode('');
            setError(undefined);
            codeRef.current?.focus();
          }}
        >
          {isRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" onClick={() => onRestart(null)}>
          Back to sign-in
        </Button>
      </div>
    </form>
  );
}

function SignInForm({ search }: { search: string }) {
  const [isSecondStep, setIsSecondStep] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [errors, setErrors] = useState<TSignInErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // After the first submit the fields are checked again as the user types (as react-hook-form's
  // forms do), with the schema that submit loaded.
  const loadedSchema = useRef<typeof ZSignIn | null>(null);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (loadedSchema.current)
      setErrors(validate(loadedSchema.current, event.currentTarget).errors ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setServerError(null);
    setIsSubmitting(true);
    try {
      const [schema, { authClient, runAuthAction }] = await Promise.all([
        loadSignInSchema(),
        import('@/lib/auth-client'),
      ]);
      loadedSchema.current = schema;
      const result = validate(schema, form);
      setErrors(result.errors ?? {});
      if (!result.values) {
        const invalid = FIELDS.find((name) => result.errors[name]);
        const control = invalid ? form.elements.namedItem(invalid) : null;
        if (control instanceof HTMLElement) control.focus();
        return;
      }
      const { email, password } = result.values;
      // On success the session changes and the page continues on its own (see SignInPage),
      // unless the account asks for a code first.
      let needsCode = false;
      const failure = await runAuthAction(async () => {
        const answer = await authClient.signIn.email({ email, password });
        needsCode = asksSecondStep(answer.data);
        return answer;
      });
      setServerError(failure);
      if (!failure && needsCode) setIsSecondStep(true);
    } catch (error) {
      // The schema or the auth client could not be downloaded.
      console.error(error);
      setServerError(authErrorMessage({ status: 0 }));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (isSecondStep) {
    return (
      <SecondStepForm
        onRestart={(message) => {
          setServerError(message);
          setIsSecondStep(false);
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onChange={onChange}
      className="grid gap-5"
    >
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField label="Email" error={errors.email}>
        {(field) => (
          <Input
            {...field}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={MAX_EMAIL_LENGTH}
            autoFocus
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        labelAside={
          <Link
            to={paths.forgotPassword}
            className="rounded text-sm font-medium text-primary hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        {(field) => (
          <Input {...field} type="password" name="password" autoComplete="current-password" />
        )}
      </FormField>
      <Button type="submit" size="lg" isPending={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Screenline?{' '}
        <Link
          to={{ pathname: paths.signUp, search }}
          className="rounded font-medium text-primary hover:underline"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}

/**
 * /signin. A signed-in user (already, or just now) continues to redirectTo, else the origin in the
 * navigation state, else the role's dashboard, else onboarding (SPEC §2).
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const location = useLocation();
  return (
    <SignedOutOnly>
      <AuthHeading
        title="Sign in to Screenline"
        description="Welcome back. Sign in to manage your screens and campaigns."
      />
      <SignInForm search={location.search} />
    </SignedOutOnly>
  );
}
