import { formatDistanceToNowStrict } from 'date-fns';
import type { TAdSpace, TAdSpaceStatus } from '@screenline/shared/ad-space';
import { Badge } from '@/components/ui/badge';

const STATUS = {
  online: { label: 'Online', tone: 'success' },
  offline: { label: 'Offline', tone: 'warning' },
  'never-connected': { label: 'Never connected', tone: 'neutral' },
} as const satisfies Record<TAdSpaceStatus, { label: string; tone: string }>;

export function StatusBadge({ status }: { status: TAdSpaceStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {label}
    </Badge>
  );
}

/** "Last seen 5 minutes ago", or nothing until a TV has reported. */
export function LastSeen({ at, className }: { at: string | null; className?: string }) {
  if (at === null) return null;
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()} className={className}>
      Last seen {formatDistanceToNowStrict(new Date(at), { addSuffix: true })}
    </time>
  );
}

/** What the screen plays now, from the resolver: a scheduled playlist, the default, or idle. */
export function playingLabel(playing: TAdSpace['playing']): string {
  switch (playing.source) {
    case 'schedule':
      return playing.playlistName ?? 'A scheduled playlist';
    case 'default':
      return `Default: ${playing.playlistName ?? 'a playlist'}`;
    case 'idle':
      return 'Idle';
  }
}
