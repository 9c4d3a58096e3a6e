import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, X } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import type { TCreateTopUp } from '@screenline/shared/wallet';
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
import { ReceiptPickerDialog } from '@/features/wallet/components/receipt-picker-dialog';
import { topUpFormSchema, type TTopUpFormValues } from '@/features/wallet/utils/money-forms';

function TopUpForm({ settings, onDone }: { settings: TPlatformSettings; onDone: () => void }) {
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
    defaultValues: { amount: '', reference: '', receiptContentId: null },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await createTopUp.mutateAsync(body);
      toast.success(
        `Your top-up of ${formatMicros(body.amountMicros)} was sent. It is credited once a super-user sees the transfer arrive.`,
      );
      onDone();
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
              Transfer the amount to the platform’s bank account given in your contract, with your
              own reference in the transfer’s description.
            </li>
            <li>Send this request with the same amount and reference.</li>
            <li>
              A super-user matches it with the transfer when it arrives and credits your wallet; you
              get an email either way.
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
        <FormField
          label="Bank transfer reference"
          hint="Exactly as written in the transfer’s description, so the transfer can be matched."
          error={errors.reference?.message}
        >
          {(field) => <Input {...field} autoComplete="off" {...register('reference')} />}
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

function TopUpFormLoader({ onDone }: { onDone: () => void }) {
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
  return <TopUpForm settings={settings.data} onDone={onDone} />;
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
              Money reaches your wallet by bank transfer, credited once the transfer has arrived.
            </DialogDescription>
          </DialogHeader>
          <TopUpFormLoader onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
