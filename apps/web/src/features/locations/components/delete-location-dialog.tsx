import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ZInUseDetails, type TReference } from '@screenline/shared/errors';
import type { TLocation } from '@screenline/shared/location';
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
import { paths } from '@/lib/paths';
import { useDeleteLocation } from '@/features/locations/api/delete-location';

type TFailure = { message: string; adSpaces: TReference[] };

function DeleteConfirm({ location, onDone }: { location: TLocation; onDone: () => void }) {
  const remove = useDeleteLocation();
  const [failure, setFailure] = useState<TFailure | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(location.id);
      toast.success(`“${location.name}” was deleted.`);
      onDone();
    } catch (error) {
      const details =
        error instanceof ApiError && error.code === 'in-use'
          ? ZInUseDetails.safeParse(error.details)
          : null;
      setFailure({
        message: errorMessage(error),
        adSpaces: details?.success
          ? details.data.references.filter((reference) => reference.kind === 'adSpace')
          : [],
      });
    }
  };

  const isRefused = failure !== null && failure.adSpaces.length > 0;
  return (
    <>
      {failure && (
        <Alert
          tone="error"
          className="mt-5"
          title={isRefused ? 'These ad spaces stand at this location:' : undefined}
        >
          {isRefused ? (
            <>
              <ul className="list-disc pl-5">
                {failure.adSpaces.map((adSpace) => (
                  <li key={adSpace.id} className="break-words">
                    {adSpace.name}
                  </li>
                ))}
              </ul>
              <p className="mt-2">
                Move them to another location or delete them on the{' '}
                <Link to={paths.advertiser.adSpaces} className="font-medium underline">
                  Ad spaces
                </Link>{' '}
                page first.
              </p>
            </>
          ) : (
            failure.message
          )}
        </Alert>
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
    <Dialog open={location !== null} onOpenChange={(open) => !open && onClose()}>
      {location && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Delete “{location.name}”?</DialogTitle>
          <DialogDescription>
            The location and its audience estimate are removed for good. A location with ad spaces
            cannot be deleted until they are gone.
          </DialogDescription>
          <DeleteConfirm key={location.id} location={location} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
