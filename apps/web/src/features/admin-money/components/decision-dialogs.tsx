import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZDecisionReason, type TDecisionReason } from '@screenline/shared/money';
import { Alert } from '@/components/ui/alert';
import { Button, type TButtonVariant } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { showSaveError } from '@/lib/form-errors';

/** What a decision dialog asks: its words, and the action that runs on confirm. */
export type TDecisionPrompt = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: TButtonVariant;
  /** Resolves when the decision is made; a failure stays in the dialog. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
};

function ReasonForm({ prompt, onDone }: { prompt: TDecisionPrompt; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TDecisionReason>({
    resolver: zodResolver(ZDecisionReason),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await prompt.onConfirm(reason);
      onDone();
    } catch (error) {
      showSaveError(error, getValues(), setError);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField
          label="Reason"
          hint="Shown to the requester and emailed to them: say what to change."
          error={errors.reason?.message}
        >
          {(field) => <Textarea {...field} rows={4} {...register('reason')} />}
        </FormField>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant={prompt.tone ?? 'danger'} isPending={isSubmitting}>
          {prompt.confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** A refusal (reject, suspend): the reason is required and shown to the requester. */
export function ReasonDialog({
  prompt,
  onClose,
  onCloseAutoFocus,
}: {
  prompt: TDecisionPrompt | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && onClose()}>
      {prompt && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">{prompt.title}</DialogTitle>
            <DialogDescription>{prompt.description}</DialogDescription>
          </DialogHeader>
          <ReasonForm key={prompt.title} prompt={prompt} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ConfirmActions({ prompt, onDone }: { prompt: TDecisionPrompt; onDone: () => void }) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  return (
    <>
      {state.error !== null && (
        <Alert tone="error" className="mt-5">
          {errorMessage(state.error)}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          variant={prompt.tone ?? 'primary'}
          isPending={state.isPending}
          onClick={() => {
            setState({ isPending: true, error: null });
            prompt.onConfirm(undefined).then(
              () => onDone(),
              (error: unknown) => setState({ isPending: false, error }),
            );
          }}
        >
          {prompt.confirmLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

/** A decision that needs no reason (approve, mark paid), confirmed once more. */
export function ConfirmDecisionDialog({
  prompt,
  onClose,
  onCloseAutoFocus,
}: {
  prompt: TDecisionPrompt | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && onClose()}>
      {prompt && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">{prompt.title}</DialogTitle>
          <DialogDescription>{prompt.description}</DialogDescription>
          <ConfirmActions key={prompt.title} prompt={prompt} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
