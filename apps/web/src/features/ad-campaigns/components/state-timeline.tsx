import type { TCampaignEvent } from '@screenline/shared/campaign';
import { formatMoment } from '@/lib/campaign-format';
import { cn } from '@/lib/utils';

/** What an event did, in words. */
function eventTitle(event: TCampaignEvent): string {
  switch (event.to) {
    case 'draft':
      return event.from === null ? 'Created as a draft' : 'Back to draft';
    case 'pending':
      return 'Sent for review';
    case 'approved':
      return event.from === 'paused' ? 'Resumed' : 'Approved: the budget is held from the wallet';
    case 'rejected':
      return 'Rejected';
    case 'paused':
      return 'Paused';
    case 'completed':
      return 'Completed: what was left returned to the wallet';
    case 'canceled':
      return 'Canceled';
  }
}

/** The campaign's state history (oldest first) as a timeline: what, who, when, and why. */
export function StateTimeline({ events }: { events: readonly TCampaignEvent[] }) {
  return (
    <ol className="grid gap-0">
      {events.map((event, index) => {
        const isLast = index === events.length - 1;
        return (
          <li
            key={`${event.at}-${event.to}`}
            className="relative grid grid-cols-[1.25rem_1fr] gap-3"
          >
            <span aria-hidden className="relative flex justify-center">
              <span
                className={cn(
                  'mt-1.5 size-2.5 rounded-full',
                  event.to === 'rejected' || event.to === 'canceled'
                    ? 'bg-danger'
                    : isLast
                      ? 'bg-primary'
                      : 'bg-border',
                )}
              />
              {!isLast && <span className="absolute top-5 bottom-0 w-px bg-border" />}
            </span>
            <div className={cn('grid gap-0.5', !isLast && 'pb-5')}>
              <p className="text-sm font-medium">{eventTitle(event)}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.at}>{formatMoment(event.at)}</time>
                {' · '}
                {event.actor ? event.actor.name : 'Screenline'}
              </p>
              {event.reason && (
                <p className="mt-1 text-sm break-words text-muted-foreground">“{event.reason}”</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
