import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { makeChangePasswordSchema } from '@screenline/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authClient, runAuthAction } from '@/lib/auth-client';

export function ChangePasswordCard({ minLength }: { minLength: number }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(makeChangePasswordSchema(minLength)),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, password: newPassword }) => {
    setServerError(null);
    const failure = await runAuthAction(() =>
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
    );
    if (failure) {
      setServerError(failure);
      return;
    }
    reset();
    toast.success('Your password was changed. Other devices were signed out.');
  });

  return (
    <Card aria-labelledby="password-title">
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle id="password-title">Password</CardTitle>
          <CardDescription>
            Changing it signs you out everywhere else, and signs out every TV of your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {serverError && <Alert tone="error">{serverError}</Alert>}
          <FormField
            label="Current password"
            error={errors.currentPassword?.message}
            className="sm:max-w-sm"
          >
            {(field) => (
              <Input
                {...field}
                type="password"
                autoComplete="current-password"
                {...register('currentPassword')}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
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
          </div>
        </CardContent>
        <CardFooter>
          <Button type="submit" isPending={isSubmitting}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
