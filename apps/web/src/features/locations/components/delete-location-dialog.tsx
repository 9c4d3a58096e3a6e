import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import type { TLocation } from '@screenline/shared/location';
import { Button } from '@/components/ui/button';
import {
  ConfirmDeleteDialog,
  DeleteFailureAlert,
  ReferenceNameList,
} from '@/components/ui/confirm-delete-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useDeleteAttempt } from '@/hooks/use-delete-attempt';
import { paths } from '@/lib/paths';
import { useDeleteLocation } from '@/features/locations/api/delete-location';

function DeleteConfirm({ location, onDone }: { location: TLocation; onDone: () => void }) {
  const remove = useDeleteLocation();
  const { failure, attempt } = useDeleteAttempt();

  const confirm = () =>
    attempt(async () => {
      await remove.mutateAsync(location.id);
      toast.success(`“${location.name}” was deleted.`);
      onDone();
    });

  const adSpaces = (failure?.references ?? []).filter((reference) => reference.kind === 'adSpace');
  const isRefused = adSpaces.length > 0;
  return (
    <>
      {failure && (
        <DeleteFailureAlert
          message={failure.message}
          refusalTitle="These ad spaces stand at this location:"
          refusal={
            isRefused && (
              <>
                <ReferenceNameList references={adSpaces} />
                <p className="mt-2">
                  Move them to another location or delete them on the{' '}
                  <Link to={paths.advertiser.adSpaces} className="font-medium underline">
                    Ad spaces
                  </Link>{' '}
                  page first.
                </p>
              </>
            )
          }
        />
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{failure ? 'Done' : 'Cancel'}</Button>
        </DialogClose>
        {!isRefused && (
          <Button variant="danger" isPending={remove.isPending} onClick={() => void confirm()}>
            Delete location
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

export function DeleteLocationDialog({
  location,
  onClose,
  onCloseAutoFocus,
}: {
  location: TLocation | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <ConfirmDeleteDialog
      subject={location}
      description={() =>
        'The location and its audience estimate are removed for good. A location with ad spaces cannot be deleted until they are gone.'
      }
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(subject) => <DeleteConfirm location={subject} onDone={onClose} />}
    </ConfirmDeleteDialog>
  );
}
