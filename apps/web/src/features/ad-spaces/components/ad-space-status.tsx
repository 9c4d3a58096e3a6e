import { formatDistanceToNowStrict } from 'date-fns';
import { TriangleAlert } from 'lucide-react';
import type { TAdSpace, TAdSpacePlayer, TAdSpaceStatus } from '@screenline/shared/ad-space';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import {
  cacheSummary,
  isCacheReady,
  nowPlayingName,
} from '@/features/ad-spaces/utils/player-status';

const STATUS = {
  online: { label: 'Online', tone: 'success' },
  offline: { label: 'Offline', tone: 'warning' },
  'never-connected': { label: 'Never connected', tone: 'neutral' },
  'scheduled-off': { label: 'Scheduled off', tone: 'neutral' },
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

/**
 * What the TV itself reports, under the status badge: its cache readiness (or the problem that
 * holds it up, in warning colours) and an update it has not applied yet. Nothing before a TV
 * has reported.
 */
export function PlayerSummary({ player }: { player: TAdSpacePlayer | null }) {
  if (player === null) return null;
  const { cache } = player;
  return (
    <span className="mt-1 grid gap-0.5 text-xs">
      <span className={cn(isCacheReady(cache) && 'text-success-soft-foreground')}>
        {cacheSummary(cache)}
      </span>
      {cache.problem && (
        <span className="flex items-start gap-1 font-medium text-warning-soft-foreground">
          <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          <span className="min-w-0 break-words">{cache.problem}</span>
        </span>
      )}
      {!player.isUpToDate && isCacheReady(cache) && <span>Update pending</span>}
    </span>
  );
}

/** "Now playing: Summer sale.mp4" while the TV is online and said what is on screen. */
export function NowPlaying({ adSpace, className }: { adSpace: TAdSpace; className?: string }) {
  const name = nowPlayingName(adSpace);
  if (name === null) return null;
  return (
    <span className={cn('line-clamp-2 text-xs break-words', className)} title={name}>
      Now playing: <span className="font-medium text-foreground">{name}</span>
    </span>
  );
}

/** The "Now playing" of the status dialog: the item on screen, or why there is none to say. */
export function nowPlayingLabelFor(adSpace: TAdSpace): string {
  const name = nowPlayingName(adSpace);
  if (name !== null) return name;
  if (adSpace.status !== 'online') return 'Not known while the TV is offline';
  return 'Nothing: the TV shows its idle screen';
}
