import { useState } from 'react';
import { Link } from 'react-router';
import type { TReference } from '@screenline/shared/errors';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
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
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeletePlaylist } from '@/features/playlists/api/delete-playlist';
import { inUseReferences } from '@/features/playlists/utils/playlist-draft';

const REFERENCE_LABELS: Record<TReference['kind'], string> = {
  scheduleEntry: 'Schedule entry',
  adSpace: 'Default playlist of',
  playlist: 'Playlist',
  campaign: 'Campaign',
};

const REFERENCE_LINKS: Partial<Record<TReference['kind'], string>> = {
  scheduleEntry: paths.advertiser.schedule,
  adSpace: paths.advertiser.adSpaces,
};

function Failure({ error }: { error: unknown }) {
  const references = inUseReferences(error);
  if (!references || references.length === 0) {
    return (
      <Alert tone="error" className="mt-5">
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Alert tone="error" title="It is still in use" className="mt-5">
      <p>Take it off these first, then delete it:</p>
      <ul className="mt-1 list-disc pl-5">
        {references.map((reference) => {
          const to = REFERENCE_LINKS[reference.kind];
          return (
            <li key={`${reference.kind}-${reference.id}`}>
              {REFERENCE_LABELS[reference.kind]}{' '}
              {to ? (
                <Link to={to} className="font-medium underline underline-offset-2">
                  {reference.name}
                </Link>
              ) : (
                <span className="font-medium">{reference.name}</span>
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}

function DeleteConfirm({ playlist, onDone }: { playlist: TPlaylistSummary; onDone: () => void }) {
  const remove = useDeletePlaylist();
  const [failure, setFailure] = useState<unknown>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(playlist.id);
      toast.success(`“${playlist.name}” was deleted.`);
      onDone();
    } catch (error) {
      setFailure(error);
    }
  };

  // Trying again cannot help while something uses it: the refusal leaves only the way out.
  const isInUse = inUseReferences(failure) !== null;
  return (
    <>
      {failure !== null && <Failure error={failure} />}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{isInUse ? 'OK' : 'Cancel'}</Button>
        </DialogClose>
        {!isInUse && (
          <Button variant="danger" isPending={remove.isPending} onClick={() => void confirm()}>
            Delete
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

export function DeletePlaylistDialog({
  playlist,
  onClose,
  onCloseAutoFocus,
}: {
  playlist: TPlaylistSummary | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={playlist !== null} onOpenChange={(open) => !open && onClose()}>
      {playlist && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Delete “{playlist.name}”?</DialogTitle>
          <DialogDescription>
            The playlist is removed for good. Its content stays in your library. A playlist that is
            scheduled or an ad space&apos;s default cannot be deleted.
          </DialogDescription>
          <DeleteConfirm key={playlist.id} playlist={playlist} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
