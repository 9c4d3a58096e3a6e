import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authClient, runAuthAction } from '@/lib/auth-client';
import { useAuth } from '@/lib/auth-context';

const ZDeleteAccount = z.object({ password: z.string().min(1, 'Enter your password to confirm.') });

function DeleteAccountForm() {
  const { logout } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZDeleteAccount), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    const failure = await runAuthAction(() => authClient.deleteUser({ password }));
    if (failure) {
      setServerError(failure);
      return;
    }
    toast.success('Your account was deleted.');
    // The session is gone with the account; signing out locally sends the guard to /signin.
    await logout().catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...register('password')}
          />
        )}
      </FormField>
      <DialogFooter className="mt-0">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" isPending={isSubmitting}>
          Delete my account
        </Button>
      </DialogFooter>
    </form>
  );
}

export function DeleteAccountCard() {
  return (
    <Card aria-labelledby="danger-title" className="border-danger/40">
      <CardHeader>
        <CardTitle id="danger-title" className="text-danger">
          Danger zone
        </CardTitle>
        <CardDescription>
          Deleting your account removes your profile and your data from Screenline. This cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="danger">Delete account…</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your profile, content and settings are deleted for good. Enter your password to
              confirm.
            </DialogDescription>
            <DeleteAccountForm />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
