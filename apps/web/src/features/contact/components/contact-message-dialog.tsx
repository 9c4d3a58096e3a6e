import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZContactAnswer, type TContactMessageView } from '@screenline/shared/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { formatDateTime } from '@/components/request-status';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useContactAction, useContactMessage } from '@/features/contact/api/admin-contact-messages';
import { ContactStatusBadge } from '@/features/contact/components/contact-status-badge';

/**
 * One contact message in a dialog: who sent it and when, what they wrote, the answer when there
 * is one, and the answer form (open messages), Close and Reopen.
 */
export function ContactMessageDialog({
  id,
  onClose,
  onCloseAutoFocus,
}: {
  id: string | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const message = useContactMessage(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
        {message.data ? (
          <MessageView key={message.data.id} message={message.data} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Contact message</DialogTitle>
              <DialogDescription>What a visitor or user wrote to the team.</DialogDescription>
            </DialogHeader>
            <DialogBody>
              {message.isError ? (
                <ListLoadError
                  title="The message could not be loaded."
                  error={message.error}
                  onRetry={() => void message.refetch()}
                />
              ) : (
                <ListLoading label="Loading the message" />
              )}
            </DialogBody>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageView({ message }: { message: TContactMessageView }) {
  const action = useContactAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZContactAnswer), defaultValues: { answer: '' } });
  const isOpen = message.status === 'open';

  useEffect(() => {
    if (isOpen) setFocus('answer');
  }, [isOpen, setFocus]);

  const run = async (variables: Parameters<typeof action.mutateAsync>[0], done: string) => {
    setRefusal(null);
    try {
      await action.mutateAsync(variables);
      toast.success(done);
      return true;
    } catch (error) {
      setRefusal(errorMessage(error));
      return false;
    }
  };

  const onAnswer = handleSubmit(async ({ answer }) => {
    if (await run({ action: 'answer', id: message.id, answer }, `Answer sent to ${message.email}.`))
      reset();
  });

  return (
    <form noValidate onSubmit={onAnswer} className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2 pr-8">
          <DialogTitle className="pr-0 break-words">{message.subject}</DialogTitle>
          <ContactStatusBadge status={message.status} />
        </div>
        <DialogDescription>
          From {message.name} ·{' '}
          <a className="underline underline-offset-2" href={`mailto:${message.email}`}>
            {message.email}
          </a>
        </DialogDescription>
      </DialogHeader>
      <DialogBody>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted-foreground">Received</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
          <dt className="text-muted-foreground">Sender</dt>
          <dd>{message.userId ? 'Signed in to Screenline' : 'A visitor (not signed in)'}</dd>
          {message.closed && (
            <>
              <dt className="text-muted-foreground">Closed</dt>
              <dd>
                {formatDateTime(message.closed.closedAt)}
                {message.closed.closedBy && ` by ${message.closed.closedBy.name}`}
              </dd>
            </>
          )}
        </dl>
        <section aria-label="Message" className="rounded-lg bg-surface-muted px-4 py-3">
          <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
        </section>
        {message.answer && (
          <section aria-label="Answer" className="grid gap-1.5">
            <h3 className="text-sm font-medium">
              Answered on {formatDateTime(message.answer.answeredAt)}
              {message.answer.answeredBy && ` by ${message.answer.answeredBy.name}`}
            </h3>
            <p className="rounded-lg border border-border px-4 py-3 text-sm break-words whitespace-pre-wrap">
              {message.answer.text}
            </p>
          </section>
        )}
        {isOpen && (
          <FormField
            label="Your answer"
            hint={`Emailed to ${message.email}; the message is then marked answered.`}
            error={errors.answer?.message}
          >
            {(field) => <Textarea {...field} rows={6} {...register('answer')} />}
          </FormField>
        )}
      </DialogBody>
      <DialogActions>
        {message.status === 'closed' ? (
          <Button
            variant="outline"
            isPending={action.isPending && action.variables.action === 'reopen'}
            onClick={() =>
              void run({ action: 'reopen', id: message.id }, 'The message was reopened.')
            }
          >
            Reopen
          </Button>
        ) : (
          <Button
            variant="outline"
            isPending={action.isPending && action.variables.action === 'close'}
            onClick={() => void run({ action: 'close', id: message.id }, 'The message was closed.')}
          >
            Close message
          </Button>
        )}
        {isOpen && (
          <Button type="submit" isPending={isSubmitting}>
            Send answer
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
