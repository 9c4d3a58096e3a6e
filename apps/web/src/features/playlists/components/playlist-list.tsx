import { generatePath, Link } from 'react-router';
import { Copy, Pencil, Play, Trash2 } from 'lucide-react';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { PlaylistUsage } from '@/features/playlists/components/playlist-usage';
import { playlistLength } from '@/features/playlists/utils/durations';

/**
 * The owner's playlists, one row each: name, item count, total length, where it plays, and the
 * actions. A grid of rows rather than a table so a phone gets the same facts stacked.
 */
export function PlaylistList({
  playlists,
  duplicatingId,
  onDuplicate,
  onDelete,
}: {
  playlists: readonly TPlaylistSummary[];
  duplicatingId: string | null;
  onDuplicate: (playlist: TPlaylistSummary) => void;
  onDelete: (playlist: TPlaylistSummary) => void;
}) {
  const head = 'text-xs font-medium text-muted-foreground';
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-xs">
      <div
        aria-hidden
        className="hidden grid-cols-[minmax(0,2fr)_5rem_9rem_minmax(0,2fr)_9.5rem] gap-4 border-b border-border bg-surface-muted/60 px-4 py-2.5 md:grid"
      >
        <span className={head}>Name</span>
        <span className={head}>Items</span>
        <span className={head}>Duration</span>
        <span className={head}>Used on</span>
        <span className={head}>
          <span className="sr-only">Actions</span>
        </span>
      </div>
      <ul aria-label="Playlists">
        {playlists.map((playlist) => {
          const editPath = generatePath(paths.advertiser.editPlaylist, {
            playlistId: playlist.id,
          });
          const previewPath = generatePath(paths.advertiser.playlistPlayer, {
            playlistId: playlist.id,
          });
          const length = playlistLength(playlist.durationSeconds, playlist.adSlotSeconds);
          return (
            <li
              key={playlist.id}
              aria-label={playlist.name}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 border-b border-border px-4 py-3 last:border-b-0 hover:bg-surface-muted/40 md:grid-cols-[minmax(0,2fr)_5rem_9rem_minmax(0,2fr)_9.5rem]"
            >
              <div className="min-w-0">
                <Link
                  to={editPath}
                  className="block truncate text-sm font-medium hover:underline"
                  title={playlist.name}
                >
                  {playlist.name}
                </Link>
                <span className="block text-xs text-muted-foreground tabular-nums md:hidden">
                  {playlist.itemCount === 1 ? '1 item' : `${playlist.itemCount} items`} ·{' '}
                  {length.total}
                  {length.adSlots && (
                    <>
                      {' '}
                      <span className="block">{length.adSlots}</span>
                    </>
                  )}
                </span>
              </div>
              <span className="hidden text-sm text-muted-foreground tabular-nums md:block">
                <span className="sr-only">Items: </span>
                {playlist.itemCount}
              </span>
              <span className="hidden text-sm text-muted-foreground tabular-nums md:block">
                <span className="sr-only">Duration: </span>
                {length.total}
                {length.adSlots && (
                  <>
                    {' '}
                    <span className="block text-xs">{length.adSlots}</span>
                  </>
                )}
              </span>
              <span className="order-2 min-w-0 text-xs md:order-none md:text-sm">
                <span className="sr-only">Used on: </span>
                <PlaylistUsage usage={playlist.usage} />
              </span>
              <div className="order-1 flex items-center gap-0.5 md:order-none">
                <Link
                  to={editPath}
                  aria-label={`Edit ${playlist.name}`}
                  title="Edit"
                  className={buttonClasses('ghost', 'icon')}
                >
                  <Pencil aria-hidden />
                </Link>
                <Link
                  to={previewPath}
                  state={{ returnTo: paths.advertiser.playlists }}
                  aria-label={`Preview ${playlist.name}`}
                  title="Preview"
                  className={buttonClasses('ghost', 'icon')}
                >
                  <Play aria-hidden />
                </Link>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Duplicate ${playlist.name}`}
                  title="Duplicate"
                  isPending={duplicatingId === playlist.id}
                  onClick={() => onDuplicate(playlist)}
                >
                  {duplicatingId !== playlist.id && <Copy aria-hidden />}
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${playlist.name}`}
                  title="Delete"
                  onClick={() => onDelete(playlist)}
                  className="hover:text-danger"
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
