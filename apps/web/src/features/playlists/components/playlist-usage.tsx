import type { TPlaylistUsage } from '@screenline/shared/playlist';

/** "Scheduled on Lobby (2 entries) · Default on Window": where a playlist plays. */
export function describeUsage(usage: TPlaylistUsage): string[] {
  const lines: string[] = [];
  const entriesBySpace = new Map<string, { name: string; count: number }>();
  for (const entry of usage.scheduledOn) {
    const known = entriesBySpace.get(entry.adSpaceId);
    if (known) known.count += 1;
    else entriesBySpace.set(entry.adSpaceId, { name: entry.adSpaceName, count: 1 });
  }
  if (entriesBySpace.size > 0) {
    const spaces = [...entriesBySpace.values()].map(({ name, count }) =>
      count > 1 ? `${name} (${count} entries)` : name,
    );
    lines.push(`Scheduled on ${spaces.join(', ')}`);
  }
  if (usage.defaultFor.length > 0) {
    lines.push(`Default on ${usage.defaultFor.map((space) => space.name).join(', ')}`);
  }
  return lines;
}

export function PlaylistUsage({ usage }: { usage: TPlaylistUsage }) {
  const lines = describeUsage(usage);
  if (lines.length === 0) {
    return <span className="text-muted-foreground">Not used yet</span>;
  }
  return (
    <span className="grid gap-0.5">
      {lines.map((line) => (
        <span key={line} className="truncate" title={line}>
          {line}
        </span>
      ))}
    </span>
  );
}
