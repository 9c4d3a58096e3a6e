import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ZInUseDetails, type TReference } from '@screenline/shared/errors';
import type { TAdSpace } from '@screenline/shared/ad-space';
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
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteAdSpace } from '@/features/ad-spaces/api/delete-ad-space';

type TFailure = { message: string; entries: TReference[] };

function DeleteConfirm({ adSpace, onDone }: { adSpace: TAdSpace; onDone: () => void }) {
  const remove = useDeleteAdSpace();
  const [failure, setFailure] = useState<TFailure | null>(null);

  const confirm = async (removeSchedule: boolean) => {
    try {
      await remove.mutateAsync({ id: adSpace.id, removeSchedule });
      toast.success(
        removeSchedule
          ? `“${adSpace.name}” and its schedule were deleted.`
          : `“${adSpace.name}” was deleted.`,
      );
      onDone();
    } catch (error) {
      const details =
        error instanceof ApiError && error.code === 'in-use'
          ? ZInUseDetails.safeParse(error.details)
          : null;
      setFailure({
        message: errorMessage(error),
        entries: details?.success
          ? details.data.references.filter((reference) => reference.kind === 'scheduleEntry')
          : [],
      });
    }
  };

  const isScheduled = failure !== null && failure.entries.length > 0;
  return (
    <>
      {failure &&
        (isScheduled ? (
          <Alert tone="error" className="mt-5" title="It is still on the schedule:">
            <ul className="list-disc pl-5">
              {failure.entries.map((entry) => (
                <li key={entry.id} className="break-words">
                  {entry.name}
                </li>
              ))}
            </ul>
            <p className="mt-2">
              Delete it with its schedule, or keep it and change the schedule first.
            </p>
          </Alert>
        ) : (
          <Alert tone="error" className="mt-5">
            {failure.message}
          </Alert>
        ))}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{isScheduled ? 'Keep it' : 'Cancel'}</Button>
        </DialogClose>
        {isScheduled ? (
          <Button variant="danger" isPending={remove.isPending} onClick={() => void confirm(true)}>
            Delete with its schedule
          </Button>
        ) : (
          <Button variant="danger" isPending={remove.isPending} onClick={() => void confirm(false)}>
            Delete ad space
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

export function DeleteAdSpaceDialog({
  adSpace,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Delete “{adSpace.name}”?</DialogTitle>
          <DialogDescription>
            The ad space is removed for good. While it is on the schedule, you are asked again
            before its schedule entries go with it.
          </DialogDescription>
          <DeleteConfirm key={adSpace.id} adSpace={adSpace} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
