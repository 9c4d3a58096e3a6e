import type { TPlaysReport } from '@screenline/shared/player';
import { formatShortDay } from '@/lib/local-time';
import { cn } from '@/lib/utils';
import { formatShownTime } from '@/features/ad-spaces/utils/player-status';

type TDay = TPlaysReport['byDay'][number];

/** Every n-th day gets a label under its bar, so 7 days show all and longer ranges about eight. */
const labelStep = (days: number) => (days <= 7 ? 1 : Math.ceil(days / 8));

/**
 * Plays per local day as bars (a drawing for the eye, hidden from screen readers) and the same
 * figures as a table screen readers read. Plain elements rather than a chart library: one bar
 * series of at most 92 days, no axes to zoom (docs/decisions.md).
 */
export function PlaysByDayChart({ days }: { days: readonly TDay[] }) {
  const max = Math.max(1, ...days.map((day) => day.plays));
  const step = labelStep(days.length);
  const busiest = days.reduce<TDay | null>(
    (best, day) => (day.plays > (best?.plays ?? 0) ? day : best),
    null,
  );
  return (
    <figure className="grid gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm font-semibold text-foreground">Plays by day</span>
        {busiest && (
          <span className="text-xs text-muted-foreground">
            Busiest: {formatShortDay(busiest.day)}, {busiest.plays.toLocaleString('en-GB')} plays
          </span>
        )}
      </figcaption>
      <div aria-hidden className="grid gap-1">
        <div className="relative flex h-40 items-end gap-px border-b border-border pt-5 sm:gap-0.5">
          <span className="absolute top-0 left-0 text-[11px] leading-none text-muted-foreground tabular-nums">
            {max.toLocaleString('en-GB')}
          </span>
          {days.map((day) => (
            <div
              key={day.day}
              title={`${formatShortDay(day.day)}: ${day.plays} plays, ${formatShownTime(day.shownMs)}`}
              className="flex h-full min-w-0 flex-1 items-end"
            >
              <div
                className={cn(
                  'w-full rounded-t-sm',
                  day.plays > 0 ? 'min-h-0.5 bg-primary' : 'bg-transparent',
                )}
                style={{ height: `${(day.plays / max) * 100}%` }}
              />
            </div>
          ))}
        </div>
        <div className="relative h-4 text-[11px] text-muted-foreground">
          {days.map((day, index) => {
            // A label sits under the middle of its bar; the first of a long range starts at the
            // left edge, and none is put so near the right end that it would stick out.
            if (index % step !== 0 || (step > 1 && index > days.length - step * 0.6)) return null;
            const isFlush = index === 0 && step > 1;
            // A phone has room for half as many labels.
            const isWideOnly = step > 1 && index % (step * 2) !== 0;
            return (
              <span
                key={day.day}
                className={cn(
                  'absolute top-0 whitespace-nowrap',
                  !isFlush && '-translate-x-1/2',
                  isWideOnly && 'max-sm:hidden',
                )}
                style={{ left: isFlush ? 0 : `${((index + 0.5) / days.length) * 100}%` }}
              >
                {formatShortDay(day.day).replace(/^\S+ /, '')}
              </span>
            );
          })}
        </div>
      </div>
      <table className="sr-only">
        <caption>Plays by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Plays</th>
            <th scope="col">Time shown</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatShortDay(day.day)}</th>
              <td>{day.plays}</td>
              <td>{formatShownTime(day.shownMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
