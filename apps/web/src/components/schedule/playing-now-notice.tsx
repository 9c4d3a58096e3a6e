import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import type { TPlaying } from '@screenline/shared/schedule';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The words for what a space plays now, from the server's resolver answer (`TPlaying`). */
export function playingNowText(playing: Pick<TPlaying, 'source' | 'playlistName'>): string {
  switch (playing.source) {
    case 'schedule':
      return `plays ${playing.playlistName ?? 'a playlist'}, from its schedule`;
    case 'default':
      return `plays its default playlist, ${playing.playlistName ?? 'a playlist'}`;
    case 'idle':
      return 'shows the idle screen: a TV on it says “Waiting for content”';
  }
}

/**
 * What a save means for the screen right now (issue 21: a new space is idle and a new entry
 * plays 09:00–17:00, so a TV set up at night waits for content). `playing` is the server's answer
 * for the present instant; `children` are the offers (e.g. "Play … all the time").
 */
export function PlayingNowNotice({
  spaceName,
  playing,
  detail,
  children,
  onDismiss,
  className,
}: {
  spaceName: string;
  playing: Pick<TPlaying, 'source' | 'playlistName' | 'localTime' | 'timeZone'>;
  detail?: ReactNode;
  children?: ReactNode;
  onDismiss: () => void;
  className?: string;
}) {
  const isIdle = playing.source === 'idle';
  return (
    <section
      aria-label="Playing now"
      className={cn(
        'flex gap-3 rounded-lg border px-4 py-3 text-sm',
        isIdle
          ? 'border-warning-soft-foreground/25 bg-warning-soft text-warning-soft-foreground'
          : 'border-success-soft-foreground/25 bg-success-soft text-success-soft-foreground',
        className,
      )}
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <p role="status">
          <span className="font-medium">
            Now ({playing.localTime.slice(11, 16)} in {playing.timeZone}):
          </span>{' '}
          {spaceName} {playingNowText(playing)}.{detail && <> {detail}</>}
        </p>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1 -mr-2 shrink-0 text-current"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <X aria-hidden />
      </Button>
    </section>
  );
}
