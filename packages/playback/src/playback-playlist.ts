import type { TPlaylist } from '@screenline/shared/playlist';
import type { PlaybackItem, PlaybackPlaylist } from './playback-engine';

/**
 * A stored playlist (packages/shared) → what the engine plays. `mediaUrlOf` gives a content
 * item's playable URL (the web app: its mediaUrl; the TV: the cached file); an item it has no
 * URL for is left out and named in `missing`, so the caller can report it.
 */
export function toPlaybackPlaylist(
  playlist: TPlaylist,
  mediaUrlOf: (contentId: string) => string | null,
): { playlist: PlaybackPlaylist; missing: string[] } {
  const items: PlaybackItem[] = [];
  const missing: string[] = [];
  for (const item of playlist.items) {
    if (item.type === 'adSlot') {
      items.push({ key: item.id, type: 'adSlot', lengthMs: item.lengthSeconds * 1000 });
      continue;
    }
    const src = mediaUrlOf(item.contentId);
    if (src === null) {
      missing.push(item.contentId);
      continue;
    }
    items.push(
      item.kind === 'image'
        ? { key: item.id, type: 'image', src, durationMs: item.durationSeconds * 1000 }
        : { key: item.id, type: 'video', src },
    );
  }
  return { playlist: { key: `${playlist.id}@${playlist.version}`, items }, missing };
}
