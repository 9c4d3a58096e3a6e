import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import type { TEarningsRow } from '@screenline/shared/wallet';
import { Button } from '@/components/ui/button';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { formatDateTime } from '@/components/request-status';
import { cn } from '@/lib/utils';
import { useEarningsPlays, useEarningsRows } from '@/features/wallet/api/wallet';

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

function dayLabel(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** One row's plays, loaded when the row is opened. */
function RowPlays({ row, id }: { row: TEarningsRow; id: string }) {
  const plays = useEarningsPlays(row, true);
  if (plays.isPending) return <ListLoading label="Loading the plays" />;
  if (plays.isError)
    return (
      <ListLoadError
        title="The plays could not be loaded."
        error={plays.error}
        onRetry={() => void plays.refetch()}
      />
    );
  return (
    <div id={id} className="grid gap-1.5 pt-2">
      <ol
        aria-label={`Plays of ${row.campaign.name} on ${row.adSpace.name}`}
        className="grid max-h-64 gap-0.5 overflow-y-auto rounded-md border border-border p-2 text-xs tabular-nums"
      >
        {plays.data.items.map((play) => (
          <li key={play.id} className="flex justify-between gap-3">
            <span>
              {TIME.format(new Date(play.startedAt))} · {(play.billableMs / 1000).toFixed(1)} s
            </span>
            <span>+{formatMicros(play.earnedMicros, { precise: true })}</span>
          </li>
        ))}
      </ol>
      {plays.data.truncated && (
        <p className="text-xs text-muted-foreground">The first 500 plays are listed.</p>
      )}
    </div>
  );
}

function EarningsRowItem({ row }: { row: TEarningsRow }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailId = useId();
  const label = `${row.adSpace.name}, ${row.campaign.name}, ${dayLabel(row.day)}`;
  return (
    <li aria-label={label} className="grid gap-1 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span className="text-sm font-medium break-words">
            {row.adSpace.name} · {row.campaign.name}
          </span>
          <span className="text-xs text-muted-foreground">
            {dayLabel(row.day)} (the screen’s day) · {row.plays}{' '}
            {row.plays === 1 ? 'play' : 'plays'} · last settled {formatDateTime(row.lastSettledAt)}
          </span>
        </div>
        <span className="text-sm font-semibold text-success-soft-foreground tabular-nums">
          +{formatMicros(row.earnedMicros)}
        </span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="w-fit"
        aria-expanded={isOpen}
        aria-controls={isOpen ? detailId : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        <ChevronDown aria-hidden className={cn('transition-transform', isOpen && 'rotate-180')} />
        {isOpen ? 'Hide plays' : 'Show plays'}
      </Button>
      {isOpen && <RowPlays row={row} id={detailId} />}
    </li>
  );
}

/**
 * A screen owner's ad earnings (issue 22 item 6): one row per ad space, campaign and local day
 * at the screen, growing as plays settle; the plays one click away.
 */
export function AdEarnings() {
  const list = useEarningsRows();
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="wallet-ad-earnings" className="grid content-start gap-3">
      <h2 id="wallet-ad-earnings" className="text-lg font-semibold tracking-tight">
        Ad earnings
      </h2>
      {list.isPending ? (
        <ListLoading label="Loading your ad earnings" />
      ) : list.isError ? (
        <ListLoadError
          title="Your ad earnings could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
          No ad plays settled yet. Once campaigns play on your monetized screens, each screen’s
          earnings per campaign and day appear here.
        </p>
      ) : (
        <>
          <ul
            aria-label="Ad earnings per screen, campaign and day"
            className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
          >
            {rows.map((row) => (
              <EarningsRowItem key={`${row.day}-${row.adSpace.id}-${row.campaign.id}`} row={row} />
            ))}
          </ul>
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}
