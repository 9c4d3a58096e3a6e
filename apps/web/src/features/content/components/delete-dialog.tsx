import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { TContentItem } from '@screenline/shared/content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
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
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(item.id);
      toast.success(`“${item.name}” was deleted.`);
      onDeleted(item);
      onDone();
    } catch (error) {
      // A 409 names the playlists and campaigns that use the item: shown as the server says it.
      setFailure(errorMessage(error));
    }
  };

  return (
    <>
      {failure && (
        <Alert tone="error" className="mt-5">
          {failure}
        </Alert>
      )}
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
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Delete “{item.name}”?</DialogTitle>
          <DialogDescription>
            The {item.kind} and its file are removed from your library for good. Playlists and
            campaigns that use it must let go of it first.
          </DialogDescription>
          <DeleteConfirm key={item.id} item={item} onDone={onClose} onDeleted={onDeleted} />
        </DialogContent>
      )}
    </Dialog>
  );
}
