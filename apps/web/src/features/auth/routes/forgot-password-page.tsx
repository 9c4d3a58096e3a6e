import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { authErrorMessage, makeNewPasswordSchema, ZEmail } from '@screenline/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePasswordPolicy } from '@/lib/api/get-password-policy';
import { authClient, runAuthAction } from '@/lib/auth-client';
import { paths } from '@/lib/paths';
import { MAX_EMAIL_LENGTH } from '@screenline/shared/auth-messages';

const ZResetRequest = z.object({ email: ZEmail });

function RequestResetForm({ linkError }: { linkError: string | null }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZResetRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    const failure = await runAuthAction(() =>
      authClient.requestPasswordReset({ email, redirectTo: paths.forgotPassword }),
    );
    if (failure) setServerError(failure);
    else setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="grid gap-5">
        <Alert tone="success" title="Check your email">
          If there is an account for <strong>{sentTo}</strong>, a link to choose a new password is
          on its way. It works once and expires soon.
        </Alert>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Use another email
        </Button>
        <BackToSignIn />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {linkError && <Alert tone="error">{linkError}</Alert>}
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
      <Button type="submit" size="lg" isPending={isSubmitting} className="w-full">
        Send reset link
      </Button>
      <BackToSignIn />
    </form>
  );
}

function NewPasswordForm({ token, minLength }: { token: string; minLength: number }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(makeNewPasswordSchema(minLength)),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    const failure = await runAuthAction(() =>
      authClient.resetPassword({ newPassword: password, token }),
    );
    if (failure) {
      setServerError(failure);
      return;
    }
    toast.success('Your password was changed. Sign in with the new one.');
    await navigate(paths.signIn, { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField
        label="New password"
        hint={`Use at least ${minLength} characters.`}
        error={errors.password?.message}
      >
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            autoFocus
            {...register('password')}
          />
        )}
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
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
        Set new password
      </Button>
      <BackToSignIn />
    </form>
  );
}

function BackToSignIn() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Remembered it?{' '}
      <Link to={paths.signIn} className="rounded font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}

/**
 * /forgot-password asks for the email; the emailed link comes back here with ?token= (choose a new
 * password) or ?error=INVALID_TOKEN (the link was bad or expired).
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkErrorCode = params.get('error');
  const policy = usePasswordPolicy();
  usePageTitle(token ? 'Choose a new password' : 'Reset your password');

  if (token) {
    return (
      <>
        <AuthHeading
          title="Choose a new password"
          description="Pick a password you do not use anywhere else."
        />
        {policy.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading" className="text-primary" />
          </div>
        ) : (
          <NewPasswordForm token={token} minLength={policy.minLength} />
        )}
      </>
    );
  }
  return (
    <>
      <AuthHeading
        title="Reset your password"
        description="Enter the email you signed up with and we will send you a link to choose a new password."
      />
      <RequestResetForm
        linkError={linkErrorCode ? authErrorMessage({ code: linkErrorCode }) : null}
      />
    </>
  );
}
