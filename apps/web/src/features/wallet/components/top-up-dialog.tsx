import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, X } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import type { TCreateTopUp, TTopUp } from '@screenline/shared/wallet';
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
import { usePlatformSettings } from '@/lib/api/get-platform-settings';
import { showSaveError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateTopUp } from '@/features/wallet/api/wallet';
import { PaymentInstructions } from '@/features/wallet/components/payment-instructions';
import { ReceiptPickerDialog } from '@/features/wallet/components/receipt-picker-dialog';
import { topUpFormSchema, type TTopUpFormValues } from '@/features/wallet/utils/money-forms';

function TopUpForm({
  settings,
  onSent,
}: {
  settings: TPlatformSettings;
  onSent: (topUp: TTopUp) => void;
}) {
  const createTopUp = useCreateTopUp();
  const [receipt, setReceipt] = useState<{ id: string; name: string } | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setValue,
    formState: { errors },
  } = useForm<TTopUpFormValues, unknown, TCreateTopUp>({
    resolver: zodResolver(topUpFormSchema(settings)),
    defaultValues: { amount: '', receiptContentId: null },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const topUp = await createTopUp.mutateAsync(body);
      toast.success(
        `Your top-up request of ${formatMicros(body.amountMicros)} has the reference ${topUp.reference}.`,
      );
      onSent(topUp);
    } catch (error) {
      showSaveError(error, getValues(), setError);
      toast.error('The top-up request was not sent.');
    }
  });

  const limits = `From ${formatMicros(settings.topUpMinMicros)} to ${formatMicros(settings.topUpMaxMicros)}.`;
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <Alert title="How to top up">
          <ol className="list-decimal space-y-1 pl-4">
            <li>
              Send this request with the amount: you get the platform’s bank details and a
              reference.
            </li>
            <li>Transfer the amount from your bank with that reference.</li>
            <li>
              A super-user matches the transfer by its reference when it arrives and credits your
              wallet; you get an email and a PDF receipt.
            </li>
          </ol>
        </Alert>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField label="Amount (€)" hint={limits} error={errors.amount?.message}>
          {(field) => (
            <Input
              {...field}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 250.00"
              {...register('amount')}
            />
          )}
        </FormField>
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">Receipt (optional)</p>
          <p className="text-xs text-muted-foreground">
            A picture of the transfer’s confirmation from your content library helps find it sooner.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {receipt ? (
              <>
                <span className="inline-flex max-w-full items-center gap-2 truncate rounded-md border border-border px-2.5 py-1.5 text-sm">
                  <ImageIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">{receipt.name}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setReceipt(null);
                    setValue('receiptContentId', null);
                  }}
                >
                  <X aria-hidden />
                  Remove receipt
                </Button>
              </>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setIsPickerOpen(true)}>
                <ImageIcon aria-hidden />
                Choose a receipt…
              </Button>
            )}
          </div>
        </div>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={createTopUp.isPending}>
          Send top-up request
        </Button>
      </DialogActions>
      <ReceiptPickerDialog
        open={isPickerOpen}
        onOpenChange={setIsPickerOpen}
        selectedId={receipt?.id ?? null}
        onSelect={(item) => {
          setReceipt({ id: item.id, name: item.name });
          setValue('receiptContentId', item.id);
        }}
      />
    </form>
  );
}

/** After the request: how to pay it, until the buyer closes the dialog. */
function HowToPay({ topUp, onDone }: { topUp: TTopUp; onDone: () => void }) {
  // The form's button went with the form: focus stays in the dialog, on its one action.
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => doneRef.current?.focus(), []);
  return (
    <>
      <DialogBody>
        <Alert tone="success" title="Request sent">
          Now transfer {formatMicros(topUp.amountMicros)} to this account with this reference. It
          stays under “Your top-up requests” too.
        </Alert>
        <PaymentInstructions payment={topUp.payment} />
      </DialogBody>
      <DialogActions>
        <Button ref={doneRef} onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

function TopUpFormLoader({ onDone }: { onDone: () => void }) {
  const [sent, setSent] = useState<TTopUp | null>(null);
  const settings = usePlatformSettings();
  if (settings.isPending) return <ListLoading label="Loading the top-up limits" />;
  if (settings.isError) {
    return (
      <DialogBody>
        <ListLoadError
          title="The top-up limits could not be loaded."
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      </DialogBody>
    );
  }
  if (sent) return <HowToPay topUp={sent} onDone={onDone} />;
  return <TopUpForm settings={settings.data} onSent={setSent} />;
}

/** Asks a super-user to credit a bank transfer to the wallet. */
export function TopUpDialog({
  isOpen,
  onClose,
  onCloseAutoFocus,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>Top up your wallet</DialogTitle>
            <DialogDescription>
              Money reaches your wallet by bank transfer to the platform’s account, credited once
              the transfer has arrived.
            </DialogDescription>
          </DialogHeader>
          <TopUpFormLoader onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
