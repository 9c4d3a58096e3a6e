/**
 * One colour per playlist in the week view, light and dark. Fixed classes (Tailwind must see
 * them written out); colour is never the only cue: every block carries its playlist's name.
 */
const PALETTE = [
  'border-indigo-500 bg-indigo-100 text-indigo-950 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-50',
  'border-emerald-600 bg-emerald-100 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50',
  'border-amber-500 bg-amber-100 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50',
  'border-sky-500 bg-sky-100 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50',
  'border-rose-500 bg-rose-100 text-rose-950 dark:border-rose-400 dark:bg-rose-950 dark:text-rose-50',
  'border-fuchsia-500 bg-fuchsia-100 text-fuchsia-950 dark:border-fuchsia-400 dark:bg-fuchsia-950 dark:text-fuchsia-50',
] as const;

/**
 * A colour for each playlist: by the order they were created in, so the first six all differ and
 * a playlist keeps its colour when another is added. An unknown id (a playlist created since the
 * list loaded) falls back to one picked from its id.
 */
export function createPlaylistColors(
  playlists: ReadonlyArray<{ id: string; createdAt: string }>,
): (playlistId: string) => string {
  const ordered = [...playlists].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const byId = new Map(
    ordered.map((playlist, index) => [playlist.id, PALETTE[index % PALETTE.length] ?? PALETTE[0]]),
  );
  return (playlistId) => {
    const known = byId.get(playlistId);
    if (known) return known;
    let hash = 0;
    for (let index = 0; index < playlistId.length; index += 1) {
      hash = (hash * 31 + playlistId.charCodeAt(index)) >>> 0;
    }
    return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
  };
}
