import { toast } from '@/lib/toast';
import type { TContentItem } from '@screenline/shared/content';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog, DeleteFailureAlert } from '@/components/ui/confirm-delete-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useDeleteAttempt } from '@/hooks/use-delete-attempt';
import { useDeleteContentItem } from '@/features/content/api/delete-content-item';

function DeleteConfirm({
  item,
  onDone,
  onDeleted,
}: {
  item: TContentItem;
  onDone: () => void;
  onDeleted: (item: TContentItem) => void;
}) {
  const remove = useDeleteContentItem();
  const { failure, attempt } = useDeleteAttempt();

  const confirm = () =>
    attempt(async () => {
      await remove.mutateAsync(item.id);
      toast.success(`“${item.name}” was deleted.`);
      onDeleted(item);
      onDone();
    });

  return (
    <>
      {/* A 409 names the playlists and campaigns that use the item: shown as the server says it. */}
      {failure && <DeleteFailureAlert message={failure.message} />}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{failure ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        <Button variant="danger" isPending={remove.isPending} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogFooter>
    </>
  );
}

export function DeleteDialog({
  item,
  onClose,
  onDeleted,
  onCloseAutoFocus,
}: {
  item: TContentItem | null;
  onClose: () => void;
  /** Called before it closes after a successful delete (focus then goes to a neighbour). */
  onDeleted: (item: TContentItem) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <ConfirmDeleteDialog
      subject={item}
      description={(subject) => (
        <>
          The {subject.kind} and its file are removed from your library for good. Playlists and
          campaigns that use it must let go of it first.
        </>
      )}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(subject) => <DeleteConfirm item={subject} onDone={onClose} onDeleted={onDeleted} />}
    </ConfirmDeleteDialog>
  );
}
