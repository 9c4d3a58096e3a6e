import { Link } from 'react-router';
import type { TReference } from '@screenline/shared/errors';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog, DeleteFailureAlert } from '@/components/ui/confirm-delete-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useDeleteAttempt, type TDeleteFailure } from '@/hooks/use-delete-attempt';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeletePlaylist } from '@/features/playlists/api/delete-playlist';

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

function Failure({ failure }: { failure: TDeleteFailure }) {
  const references = failure.references ?? [];
  return (
    <DeleteFailureAlert
      message={failure.message}
      refusalTitle="It is still in use"
      refusal={
        references.length > 0 && (
          <>
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
          </>
        )
      }
    />
  );
}

function DeleteConfirm({ playlist, onDone }: { playlist: TPlaylistSummary; onDone: () => void }) {
  const remove = useDeletePlaylist();
  const { failure, attempt } = useDeleteAttempt();

  const confirm = () =>
    attempt(async () => {
      await remove.mutateAsync(playlist.id);
      toast.success(`“${playlist.name}” was deleted.`);
      onDone();
    });

  // Trying again cannot help while something uses it: the refusal leaves only the way out.
  const isInUse = failure !== null && failure.references !== null;
  return (
    <>
      {failure && <Failure failure={failure} />}
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
    <ConfirmDeleteDialog
      subject={playlist}
      description={() =>
        "The playlist is removed for good. Its content stays in your library. A playlist that is scheduled or an ad space's default cannot be deleted."
      }
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(subject) => <DeleteConfirm playlist={subject} onDone={onClose} />}
    </ConfirmDeleteDialog>
  );
}
