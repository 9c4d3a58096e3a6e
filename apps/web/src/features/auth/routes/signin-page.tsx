import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import type { TSignIn } from '@screenline/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { usePageTitle } from '@/hooks/use-page-title';
import { lazyResolver } from '@/lib/lazy-resolver';
import { paths } from '@/lib/paths';

// The first page a visitor sees: its schema loads when the form is sent (see lazyResolver).
const signInResolver = lazyResolver<TSignIn>(async () => {
  const [{ zodResolver }, { ZSignIn }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@screenline/shared/auth'),
  ]);
  return zodResolver(ZSignIn);
});

function SignInForm({ search }: { search: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSignIn>({ resolver: signInResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    // On success the session changes and the page continues on its own (see SignInPage).
    // The Better Auth client loads with the first submit, not with the page (issue 6 item 7).
    const { authClient, runAuthAction } = await import('@/lib/auth-client');
    const failure = await runAuthAction(() => authClient.signIn.email({ email, password }));
    setServerError(failure);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" autoFocus {...register('email')} />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
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
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
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
