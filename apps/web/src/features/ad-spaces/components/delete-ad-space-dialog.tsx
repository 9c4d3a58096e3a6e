import { toast } from '@/lib/toast';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { Button } from '@/components/ui/button';
import {
  ConfirmDeleteDialog,
  DeleteFailureAlert,
  ReferenceNameList,
} from '@/components/ui/confirm-delete-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useDeleteAttempt } from '@/hooks/use-delete-attempt';
import { useDeleteAdSpace } from '@/features/ad-spaces/api/delete-ad-space';

function DeleteConfirm({ adSpace, onDone }: { adSpace: TAdSpace; onDone: () => void }) {
  const remove = useDeleteAdSpace();
  const { failure, attempt } = useDeleteAttempt();

  // The refusal stays on screen while "Delete with its schedule" runs (keepsFailure).
  const confirm = (removeSchedule: boolean) =>
    attempt(
      async () => {
        await remove.mutateAsync({ id: adSpace.id, removeSchedule });
        toast.success(
          removeSchedule
            ? `“${adSpace.name}” and its schedule were deleted.`
            : `“${adSpace.name}” was deleted.`,
        );
        onDone();
      },
      { keepsFailure: true },
    );

  const entries = (failure?.references ?? []).filter(
    (reference) => reference.kind === 'scheduleEntry',
  );
  const isScheduled = entries.length > 0;
  return (
    <>
      {failure && (
        <DeleteFailureAlert
          message={failure.message}
          refusalTitle="It is still on the schedule:"
          refusal={
            isScheduled && (
              <>
                <ReferenceNameList references={entries} />
                <p className="mt-2">
                  Delete it with its schedule, or keep it and change the schedule first.
                </p>
              </>
            )
          }
        />
      )}
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
    <ConfirmDeleteDialog
      subject={adSpace}
      description={() =>
        'The ad space is removed for good. While it is on the schedule, you are asked again before its schedule entries go with it.'
      }
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(subject) => <DeleteConfirm adSpace={subject} onDone={onClose} />}
    </ConfirmDeleteDialog>
  );
}
