import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { authErrorMessage, makeSignUpSchema } from '@screenline/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePasswordPolicy } from '@/lib/api/get-password-policy';
import { authClient } from '@/lib/auth-client';
import { EMAIL_VERIFIED_LANDING, paths } from '@/lib/paths';
import { MAX_EMAIL_LENGTH } from '@screenline/shared/auth-messages';

/** What the form says when sign-up could not sign in: the mail sent to the address says the rest. */
export const checkInboxMessage = (email: string) =>
  `Check your inbox at ${email}: we sent you an email saying what to do next.`;

function SignUpForm({ minLength, search }: { minLength: number; search: string }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(makeSignUpSchema(minLength)),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      // The real name is asked for at onboarding; until then the account goes by the email's name.
      const name = email.split('@')[0] ?? email;
      const { error } = await authClient.signUp.email({
        email,
        password,
        name,
        callbackURL: EMAIL_VERIFIED_LANDING,
      });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      // Sign-up answers the same whether or not the address has an account, and signs nobody
      // in (issue 18 item 7). Signing in with what was typed works for a new account; for an
      // address that had one, the server mailed its owner what to do instead.
      const signedIn = await authClient.signIn.email({ email, password });
      if (signedIn.error) {
        toast.success(checkInboxMessage(email));
        await navigate({ pathname: paths.signIn, search });
      }
      // Otherwise the new session arrives and SignUpPage continues to onboarding.
    } catch (error) {
      console.error(error);
      setServerError(authErrorMessage({ status: 0 }));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            maxLength={MAX_EMAIL_LENGTH}
            autoFocus
            {...register('email')}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        hint={`Use at least ${minLength} characters.`}
        error={errors.password?.message}
      >
        {(field) => (
          <Input {...field} type="password" autoComplete="new-password" {...register('password')} />
        )}
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" isPending={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={{ pathname: paths.signIn, search }}
          className="rounded font-medium text-primary hover:underline"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}

/** /signup: email, password and confirmation, validated against the server's password policy. */
export function SignUpPage() {
  usePageTitle('Create your account');
  const location = useLocation();
  const policy = usePasswordPolicy();

  return (
    <SignedOutOnly>
      <AuthHeading
        title="Create your Screenline account"
        description="Run your own screens or buy ad time on screens near your customers."
      />
      {policy.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the sign-up form" className="text-primary" />
        </div>
      ) : (
        <SignUpForm minLength={policy.minLength} search={location.search} />
      )}
    </SignedOutOnly>
  );
}
