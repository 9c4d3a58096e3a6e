import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { format, isToday } from 'date-fns';
import { SCREENSHOT_WIDTH, type TAdSpaceScreenshot } from '@screenline/shared/fleet';
import type { TPlaying } from '@screenline/shared/schedule';
import { cn } from '@/lib/utils';

/** "14:05" today, "3 Mar, 14:05" before: the clock of the browser, like the rest of the page. */
export function shotTime(takenAt: string): string {
  const at = new Date(takenAt);
  return format(at, isToday(at) ? 'HH:mm' : 'd MMM, HH:mm');
}

/** What the resolver says the screen should be playing now, in a few words. */
function shouldBePlaying(playing: Pick<TPlaying, 'source' | 'playlistName'>): string {
  switch (playing.source) {
    case 'schedule':
      return playing.playlistName ?? 'a scheduled playlist';
    case 'default':
      return playing.playlistName ?? 'its default playlist';
    case 'idle':
      return 'the idle screen';
  }
}

/** The thumbnail's box: a 16:9 frame, so rows keep their height whatever it shows. */
const FRAME =
  'flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border border-border';
const WIDTHS = { sm: 'w-24', md: 'w-28 sm:w-32' } as const;

/**
 * "On screen now" in a list (issue 23 item 3): the newest screenshot of a space's TVs as a small
 * lazily loaded image, or, when a TV could not capture, what the schedule says should be playing
 * (the caption says it failed, the tooltip why), or "No screenshot yet". Pressing it opens the
 * space's "On screen now" (`onOpen`) or goes to it (`to`).
 */
export function ScreenThumbnail({
  adSpaceName,
  shot,
  playing,
  onOpen,
  to,
  size = 'md',
  className,
}: {
  adSpaceName: string;
  /** Undefined: none yet (or the list is still loading). */
  shot: TAdSpaceScreenshot | undefined;
  playing: Pick<TPlaying, 'source' | 'playlistName'>;
  onOpen?: () => void;
  to?: string;
  /** `sm` in a table's narrow column. */
  size?: keyof typeof WIDTHS;
  className?: string;
}) {
  const frame = FRAME;
  let content: ReactNode;
  if (shot?.imageUrl) {
    content = (
      <span className={cn(frame, 'bg-black')}>
        <img
          src={shot.imageUrl}
          alt={`${adSpaceName}: on screen at ${shotTime(shot.takenAt)}`}
          loading="lazy"
          decoding="async"
          width={SCREENSHOT_WIDTH}
          height={Math.round((SCREENSHOT_WIDTH * 9) / 16)}
          className="size-full object-contain"
        />
      </span>
    );
  } else {
    content = (
      <span
        className={cn(
          frame,
          'bg-surface-muted px-1.5 text-center text-[11px] leading-tight text-muted-foreground',
        )}
      >
        <span className="line-clamp-3 break-words">
          <span className="sr-only">{adSpaceName}:</span>{' '}
          {shot ? `Should be playing: ${shouldBePlaying(playing)}` : 'No screenshot yet'}
        </span>
      </span>
    );
  }
  const interactive = 'block w-full cursor-pointer rounded-md hover:opacity-90';
  const title = shot?.problem ?? undefined;
  return (
    <span className={cn('grid gap-0.5', WIDTHS[size], className)}>
      {to ? (
        <Link to={to} title={title} className={interactive}>
          {content}
        </Link>
      ) : onOpen ? (
        <button type="button" onClick={onOpen} title={title} className={interactive}>
          {content}
        </button>
      ) : (
        <span title={title}>{content}</span>
      )}
      {shot && (
        <time
          dateTime={shot.takenAt}
          aria-hidden
          title={shot.deviceName ?? undefined}
          className="truncate text-[11px] text-muted-foreground tabular-nums"
        >
          {shotTime(shot.takenAt)}
          {shot.imageUrl ? '' : ' · failed'}
          {shot.deviceName ? ` · ${shot.deviceName}` : ''}
        </time>
      )}
    </span>
  );
}
