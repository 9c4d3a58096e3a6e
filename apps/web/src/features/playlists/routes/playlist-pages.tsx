import { useCallback, useState } from 'react';
import { generatePath, Link, useLocation, useNavigate, useParams } from 'react-router';
import { FolderOpen, ListVideo, Plus } from 'lucide-react';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDuplicatePlaylist } from '@/features/playlists/api/duplicate-playlist';
import { usePlaylist } from '@/features/playlists/api/get-playlist';
import { usePlaylistList } from '@/features/playlists/api/list-playlists';
import { DeletePlaylistDialog } from '@/features/playlists/components/delete-playlist-dialog';
import { PlaylistEditor } from '@/features/playlists/components/playlist-editor';
import { PlaylistList } from '@/features/playlists/components/playlist-list';
import { PlaylistPlayer } from '@/features/playlists/components/playlist-player';
import { useFocusReturn } from '@/features/playlists/hooks/use-focus-return';

/** After a deleted row's dialog closes, focus goes to the page's main region. */
const focusMain = () => document.getElementById('main');

function NewPlaylistLink({ label = 'New playlist' }: { label?: string }) {
  return (
    <Link to={paths.advertiser.newPlaylist} className={buttonClasses('primary')}>
      <Plus aria-hidden />
      {label}
    </Link>
  );
}

/** /advertiser/playlists: every playlist with its length and where it plays. */
export function PlaylistsPage() {
  usePageTitle('Playlists');
  const list = usePlaylistList();
  const duplicate = useDuplicatePlaylist();
  const [deleting, setDeleting] = useState<TPlaylistSummary | null>(null);
  const deleteFocus = useFocusReturn(focusMain);
  const playlists = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onDuplicate = (playlist: TPlaylistSummary) => {
    duplicate.mutate(playlist.id, {
      onSuccess: (copy) => toast.success(`Made a copy: “${copy.name}”.`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  let body;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your playlists" className="text-primary" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <Alert tone="error" title="Your playlists could not be loaded">
        {errorMessage(list.error)}
        <Button variant="link" onClick={() => void list.refetch()} className="ml-2">
          Try again
        </Button>
      </Alert>
    );
  } else if (playlists.length === 0) {
    body = (
      <EmptyState
        icon={ListVideo}
        title="No playlists yet"
        description="A playlist is what a screen plays: images, videos and ad slots in a loop. Upload your content first, then build a playlist from it and schedule it on an ad space."
      >
        <NewPlaylistLink label="Build your first playlist" />
        <Link to={paths.content.library} className={buttonClasses('outline')}>
          <FolderOpen aria-hidden />
          Go to your content
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <PlaylistList
          playlists={playlists}
          duplicatingId={duplicate.isPending ? (duplicate.variables ?? null) : null}
          onDuplicate={onDuplicate}
          onDelete={(playlist) => {
            deleteFocus.remember();
            setDeleting(playlist);
          }}
        />
        {list.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              isPending={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Playlists"
        description="Ordered loops of images, videos and ad slots that your screens play."
        actions={playlists.length > 0 && <NewPlaylistLink />}
      />
      {body}
      <DeletePlaylistDialog
        playlist={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={deleteFocus.onCloseAutoFocus}
      />
    </>
  );
}

/** /advertiser/playlists/new */
export function NewPlaylistPage() {
  usePageTitle('New playlist');
  return <PlaylistEditor playlist={null} />;
}

function usePlaylistId(): string {
  return useParams<'playlistId'>().playlistId ?? '';
}

/** /advertiser/playlists/edit/{playlistId} */
export function EditPlaylistPage() {
  const playlistId = usePlaylistId();
  const playlist = usePlaylist(playlistId);
  usePageTitle(playlist.data ? `Edit ${playlist.data.name}` : 'Edit playlist');

  if (playlist.data) {
    // Keyed by id: another playlist is a fresh form, a refetch of this one is not.
    return <PlaylistEditor key={playlist.data.id} playlist={playlist.data} />;
  }
  if (playlist.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the playlist" className="text-primary" />
      </div>
    );
  }
  return (
    <>
      <PageHeader title="Edit playlist" />
      <Alert tone="error" title="This playlist could not be loaded">
        {errorMessage(playlist.error)}{' '}
        <Link to={paths.advertiser.playlists} className="font-medium underline">
          Back to playlists
        </Link>
      </Alert>
    </>
  );
}

/** Where the exit control goes: the page that opened the preview (the list), else the editor. */
function returnPathOf(state: unknown, playlistId: string): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'returnTo' in state &&
    typeof state.returnTo === 'string' &&
    state.returnTo.startsWith('/')
  ) {
    return state.returnTo;
  }
  return generatePath(paths.advertiser.editPlaylist, { playlistId });
}

/** /advertiser/playlists/view/{playlistId}/player: the full-screen preview. */
export function PlaylistPlayerPage() {
  const playlistId = usePlaylistId();
  const playlist = usePlaylist(playlistId);
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  usePageTitle(playlist.data ? `Preview ${playlist.data.name}` : 'Playlist preview');
  const returnTo = returnPathOf(state, playlistId);
  const exit = useCallback(() => void navigate(returnTo), [navigate, returnTo]);

  if (playlist.data) return <PlaylistPlayer playlist={playlist.data} onExit={exit} />;
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black p-6 text-center text-white">
      {playlist.isError ? (
        <>
          <p>{errorMessage(playlist.error)}</p>
          <Link to={returnTo} className={buttonClasses('outline')}>
            Exit preview
          </Link>
        </>
      ) : (
        <Spinner label="Loading the playlist" />
      )}
    </div>
  );
}
