import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMicros } from '@screenline/shared/money';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import type { TCreatePayout } from '@screenline/shared/wallet';
import { ZTotpCode } from '@screenline/shared/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api-client';
import { usePlatformSettings } from '@/lib/api/get-platform-settings';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { showSaveError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreatePayout } from '@/features/wallet/api/wallet';
import { payoutFormSchema, type TPayoutFormValues } from '@/features/wallet/utils/money-forms';

function PayoutForm({
  settings,
  availableMicros,
  onDone,
}: {
  settings: TPlatformSettings;
  availableMicros: number;
  onDone: () => void;
}) {
  const createPayout = useCreatePayout();
  const { user } = useAuth();
  const hasTwoFactor = user?.twoFactorEnabled === true;
  // The fresh code from the authenticator app (issue 18 item 4): a header, not part of the form's
  // action, so a retry with a newer code is the same request.
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<TPayoutFormValues, unknown, TCreatePayout>({
    resolver: zodResolver(payoutFormSchema({ ...settings, availableMicros })),
    defaultValues: { amount: '', accountHolder: '', iban: '' },
  });

  const checkCode = (): string | null => {
    const parsed = ZTotpCode.safeParse(code);
    setCodeError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };

  const onSubmit = handleSubmit(async (body) => {
    const twoFactorCode = checkCode();
    if (!twoFactorCode) {
      codeRef.current?.focus();
      return;
    }
    try {
      await createPayout.mutateAsync({ body, twoFactorCode });
      toast.success(
        `Your payout of ${formatMicros(body.amountMicros)} was requested. The amount is held until it is paid.`,
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'two-factor-code-invalid') {
        // A wrong or used code: the sentence goes under the code field, which is cleared.
        setCode('');
        setCodeError(error.message);
        codeRef.current?.focus();
        toast.error('The payout was not requested.');
        return;
      }
      // The server names the IBAN `destination.iban`: its refusal shows above the form.
      showSaveError(error, getValues(), setError);
      toast.error('The payout was not requested.');
    }
  });

  const tooLittle = availableMicros < settings.payoutMinMicros;
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {tooLittle && (
          <Alert title="Not enough to pay out yet">
            The smallest payout is {formatMicros(settings.payoutMinMicros)}; you have{' '}
            {formatMicros(availableMicros)} available.
          </Alert>
        )}
        {!hasTwoFactor && (
          <Alert title="Turn on two-factor sign-in first">
            A payout names the bank account your money goes to, so it needs a code from an
            authenticator app.{' '}
            <Link
              to={`${paths.profile}#two-factor`}
              className="rounded font-medium text-primary hover:underline"
            >
              Turn it on in your profile
            </Link>
            .
          </Alert>
        )}
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField
          label="Amount (€)"
          hint={`${formatMicros(availableMicros)} available. From ${formatMicros(settings.payoutMinMicros)} to ${formatMicros(settings.payoutMaxMicros)} per payout.`}
          error={errors.amount?.message}
        >
          {(field) => (
            <Input
              {...field}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 120.00"
              {...register('amount')}
            />
          )}
        </FormField>
        <FormField
          label="Account holder"
          hint="The name on the bank account."
          error={errors.accountHolder?.message}
        >
          {(field) => <Input {...field} autoComplete="name" {...register('accountHolder')} />}
        </FormField>
        <FormField
          label="IBAN"
          hint="Shown masked from now on: only its country and last four characters."
          error={errors.iban?.message}
        >
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. DE89 3704 0044 0532 0130 00"
              {...register('iban')}
            />
          )}
        </FormField>
        {hasTwoFactor && (
          <FormField
            label="Two-factor code"
            hint="The 6-digit code your authenticator app shows now."
            error={codeError}
            className="sm:max-w-xs"
          >
            {(field) => (
              <Input
                {...field}
                ref={codeRef}
                name="twoFactorCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </FormField>
        )}
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          type="submit"
          isPending={createPayout.isPending}
          disabled={tooLittle || !hasTwoFactor}
        >
          Request payout
        </Button>
      </DialogActions>
    </form>
  );
}

function PayoutFormLoader({
  availableMicros,
  onDone,
}: {
  availableMicros: number;
  onDone: () => void;
}) {
  const settings = usePlatformSettings();
  if (settings.isPending) return <ListLoading label="Loading the payout limits" />;
  if (settings.isError) {
    return (
      <DialogBody>
        <ListLoadError
          title="The payout limits could not be loaded."
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      </DialogBody>
    );
  }
  return <PayoutForm settings={settings.data} availableMicros={availableMicros} onDone={onDone} />;
}

/** Asks for the owner's earnings to be paid to a bank account (owners only). */
export function PayoutDialog({
  isOpen,
  availableMicros,
  onClose,
  onCloseAutoFocus,
}: {
  isOpen: boolean;
  availableMicros: number;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>Request a payout</DialogTitle>
            <DialogDescription>
              Your earnings by bank transfer. The amount leaves your available balance now and is
              sent once a super-user approves and pays it; a rejected payout comes back.
            </DialogDescription>
          </DialogHeader>
          <PayoutFormLoader availableMicros={availableMicros} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
