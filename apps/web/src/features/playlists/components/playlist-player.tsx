import { useEffect, useMemo, useRef, useState } from 'react';
import { Eye, EyeOff, X } from 'lucide-react';
import { createDomStage } from '@screenline/playback/dom-stage';
import type { PlaybackClock } from '@screenline/playback/playback-clock';
import { createPlaybackEngine } from '@screenline/playback/playback-engine';
import { toPlaybackPlaylist } from '@screenline/playback/playback-playlist';
import type { TPlaylistDetail } from '@screenline/shared/playlist';
import { formatSeconds } from '@/features/playlists/utils/durations';

type TNowPlaying = { index: number; key: string };

const overlayButton =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-black/60 px-3 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-4';

/**
 * The preview: the playlist played full screen by the same engine and DOM stage the TV runs
 * (packages/playback), fed with the library's media URLs. An overlay names the item on screen
 * and its position; it can be hidden. Escape or the exit button leaves.
 */
export function PlaylistPlayer({
  playlist,
  onExit,
  clock,
}: {
  playlist: TPlaylistDetail;
  onExit: () => void;
  /** Tests run playback on a manual clock; the page uses the system clock. */
  clock?: PlaybackClock;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const exitRef = useRef<HTMLButtonElement>(null);
  const [nowPlaying, setNowPlaying] = useState<TNowPlaying | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isInfoShown, setInfoShown] = useState(true);

  const { playable, missing, names } = useMemo(() => {
    const contentById = new Map(playlist.content.map((content) => [content.id, content]));
    const converted = toPlaybackPlaylist(
      playlist,
      (contentId) => contentById.get(contentId)?.mediaUrl ?? null,
    );
    const itemNames = new Map<string, string>();
    for (const item of playlist.items) {
      itemNames.set(
        item.id,
        item.type === 'adSlot'
          ? `Ad slot · ${formatSeconds(item.lengthSeconds)}`
          : (contentById.get(item.contentId)?.name ?? 'Missing content'),
      );
    }
    return { playable: converted.playlist, missing: converted.missing, names: itemNames };
  }, [playlist]);

  useEffect(() => {
    const container = stageRef.current;
    if (!container) return;
    const stage = createDomStage(container);
    const engine = createPlaybackEngine({
      stage,
      clock,
      onItemStart: (report) => {
        setNowPlaying({ index: report.index, key: report.item.key });
        setFailure(null);
      },
      onItemError: (report) =>
        setFailure(`${names.get(report.item.key) ?? 'An item'} was skipped: ${report.message}`),
    });
    engine.setPlaylist(playable);
    return () => {
      engine.stop();
      stage.destroy();
    };
  }, [playable, names, clock]);

  useEffect(() => {
    exitRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onExit]);

  const count = playable.items.length;
  return (
    <div className="fixed inset-0 z-50 bg-black text-white">
      {/* The stage makes its element position: relative; the frame around it holds it full size. */}
      <div className="absolute inset-0">
        <div
          ref={stageRef}
          role="region"
          aria-label={`Preview of ${playlist.name}`}
          className="size-full"
        />
      </div>
      {count === 0 && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-lg text-zinc-300">
          {playlist.items.length === 0
            ? 'This playlist has no items yet. Add some in the editor.'
            : 'None of this playlist’s items can be played: their files are not available.'}
        </div>
      )}
      <div className="absolute inset-x-0 top-0 z-10 flex items-start justify-between gap-2 p-3 sm:p-4">
        <button ref={exitRef} type="button" onClick={onExit} className={overlayButton}>
          <X aria-hidden />
          Exit preview
          <kbd className="hidden rounded border border-white/30 px-1 text-xs text-white/70 sm:inline">
            Esc
          </kbd>
        </button>
        <button
          type="button"
          onClick={() => setInfoShown((shown) => !shown)}
          className={overlayButton}
        >
          {isInfoShown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {isInfoShown ? 'Hide details' : 'Show details'}
        </button>
      </div>
      {isInfoShown && (
        <div
          role="status"
          aria-label="Now playing"
          className="absolute bottom-3 left-3 z-10 grid max-w-[calc(100%-1.5rem)] gap-0.5 rounded-lg bg-black/60 px-3 py-2 text-sm backdrop-blur-sm sm:bottom-4 sm:left-4"
        >
          <span className="truncate font-medium">{playlist.name}</span>
          {nowPlaying && (
            <span className="truncate text-white/80 tabular-nums">
              {nowPlaying.index + 1} / {count} · {names.get(nowPlaying.key) ?? 'Item'}
            </span>
          )}
          {missing.length > 0 && (
            <span className="text-amber-300">
              {missing.length === 1
                ? '1 item is left out: its file is not available.'
                : `${missing.length} items are left out: their files are not available.`}
            </span>
          )}
          {failure && <span className="text-amber-300">{failure}</span>}
        </div>
      )}
    </div>
  );
}
