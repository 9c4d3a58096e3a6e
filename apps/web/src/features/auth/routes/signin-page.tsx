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

function SignInForm({ search }: { search: string }) {
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
      // On success the session changes and the page continues on its own (see SignInPage).
      setServerError(await runAuthAction(() => authClient.signIn.email({ email, password })));
    } catch (error) {
      // The schema or the auth client could not be downloaded.
      console.error(error);
      setServerError(authErrorMessage({ status: 0 }));
    } finally {
      setIsSubmitting(false);
    }
  };

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
