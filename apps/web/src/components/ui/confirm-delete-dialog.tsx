import { Fragment, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/**
 * The shell of a "Delete “name”?" alert dialog, open while `subject` is set. `children` renders
 * the failure and the footer; it is keyed by the subject's id, so a dialog opened for another
 * item starts without the last one's failure.
 */
export function ConfirmDeleteDialog<TSubject extends { id: string; name: string }>({
  subject,
  description,
  onClose,
  onCloseAutoFocus,
  children,
}: {
  subject: TSubject | null;
  description: (subject: TSubject) => ReactNode;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  children: (subject: TSubject) => ReactNode;
}) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && onClose()}>
      {subject && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Delete “{subject.name}”?</DialogTitle>
          <DialogDescription>{description(subject)}</DialogDescription>
          <Fragment key={subject.id}>{children(subject)}</Fragment>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Why a delete failed: `refusal` (a titled explanation of what still uses the item) when there
 * is one, else the error's message.
 */
export function DeleteFailureAlert({
  message,
  refusalTitle,
  refusal,
}: {
  message: string;
  refusalTitle?: string;
  refusal?: ReactNode;
}) {
  return (
    <Alert tone="error" className="mt-5" title={refusal ? refusalTitle : undefined}>
      {refusal || message}
    </Alert>
  );
}

/** The names a refusal lists, one a line. */
export function ReferenceNameList({ references }: { references: { id: string; name: string }[] }) {
  return (
    <ul className="list-disc pl-5">
      {references.map((reference) => (
        <li key={reference.id} className="break-words">
          {reference.name}
        </li>
      ))}
    </ul>
  );
}
