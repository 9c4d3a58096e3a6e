import { useCallback } from 'react';
import { generatePath, Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListVideo } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useAdPlaylist, useAdPlaylistList } from '@/features/admin-ad-playlists/api/ad-playlists';
import { AdPlaylistEditor } from '@/features/admin-ad-playlists/components/ad-playlist-editor';
import { AdPlaylistPlayer } from '@/features/admin-ad-playlists/components/ad-playlist-player';
import { AdPlaylistsTable } from '@/features/admin-ad-playlists/components/ad-playlists-table';

/** /admin/ad-playlists: every monetized ad space and what its rotation holds. */
export function AdPlaylistsPage() {
  usePageTitle('Ad playlists');
  const list = useAdPlaylistList();

  let body;
  if (list.isPending) body = <ListLoading label="Loading the ad playlists" />;
  else if (list.isError) {
    body = (
      <ListLoadError
        title="The ad playlists could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <EmptyState
        icon={ListVideo}
        title="No monetized ad spaces yet"
        description="An ad space gets an ad playlist once its monetization request is approved. Its ad slots then play the campaigns that target it."
      >
        <Link to={paths.admin.monetizationApprovals} className={buttonClasses('outline')}>
          Monetization approvals
        </Link>
      </EmptyState>
    );
  } else {
    body = <AdPlaylistsTable items={list.data.items} />;
  }

  return (
    <>
      <PageHeader
        title="Ad playlists"
        description="The rotation of campaign creatives each monetized ad space plays in its ad slots: pin, exclude and add house ads."
      />
      {body}
    </>
  );
}

function useAdSpaceId(): string {
  return useParams<'playlistId'>().playlistId ?? '';
}

/** /admin/ad-playlists/edit/{playlistId} (the ad space's id) */
export function EditAdPlaylistPage() {
  const adSpaceId = useAdSpaceId();
  const playlist = useAdPlaylist(adSpaceId);
  usePageTitle(playlist.data ? `Ad playlist of ${playlist.data.adSpace.name}` : 'Edit ad playlist');

  if (playlist.data) {
    // Keyed by what was saved: a save or another space starts a fresh form.
    return (
      <AdPlaylistEditor
        key={`${playlist.data.adSpace.id}@${playlist.data.updatedAt ?? ''}`}
        playlist={playlist.data}
      />
    );
  }
  if (playlist.isPending) return <ListLoading label="Loading the ad playlist" />;
  return (
    <>
      <PageHeader title="Edit ad playlist" />
      <Alert tone="error" title="This ad playlist could not be loaded">
        {errorMessage(playlist.error)}{' '}
        <Link to={paths.admin.adPlaylists} className="font-medium underline">
          Back to ad playlists
        </Link>
      </Alert>
    </>
  );
}

/** Where the exit control goes: the page that opened the preview, else the editor. */
function returnPathOf(state: unknown, adSpaceId: string): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'returnTo' in state &&
    typeof state.returnTo === 'string' &&
    state.returnTo.startsWith('/')
  ) {
    return state.returnTo;
  }
  return generatePath(paths.admin.editAdPlaylist, { playlistId: adSpaceId });
}

/** /admin/ad-playlists/view/{playlistId}/player: the rotation previewed full screen. */
export function AdPlaylistPlayerPage() {
  const adSpaceId = useAdSpaceId();
  const playlist = useAdPlaylist(adSpaceId);
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  usePageTitle(
    playlist.data ? `Ad preview of ${playlist.data.adSpace.name}` : 'Ad playlist preview',
  );
  const returnTo = returnPathOf(state, adSpaceId);
  const exit = useCallback(() => void navigate(returnTo), [navigate, returnTo]);

  if (playlist.data) return <AdPlaylistPlayer playlist={playlist.data} onExit={exit} />;
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
        <Spinner label="Loading the ad playlist" />
      )}
    </div>
  );
}
