import { useId } from 'react';
import {
  UNBILLED_REASON_WORDS,
  type TSettling,
  type TUnbilledCounts,
  type TUnbilledReason,
} from '@screenline/shared/proof-of-play';
import { Spinner } from '@/components/ui/spinner';
import { settlingSentence } from '@/lib/proof-of-play';
import { cn } from '@/lib/utils';

/*
 * Ad plays that were not billed, by reason, as the buyer (campaign results), the owner (proof of
 * play, earnings) and the super-user (proof of play overview) see them (issue 17 item 2). The
 * sentence of each reason is the one the rules are written in (UNBILLED_REASON_WORDS).
 */

/** A short name for each reason, for lists and table cells; the sentence says the rule. */
export const UNBILLED_REASON_LABELS: Record<TUnbilledReason, string> = {
  failed: 'Failed to play',
  'clock-ahead': 'TV clock ahead',
  'too-old': 'Arrived too late',
  'not-offered': 'Not offered to this TV',
  overlap: 'Overlapping play',
  'too-short': 'Too short',
  takeover: 'During an emergency takeover',
  'powered-off': 'Screen scheduled off',
  'not-live': 'Campaign not running',
  'outside-schedule': 'Outside dates or hours',
  'not-monetized': 'Screen not monetized',
  'below-floor': 'Bid below the floor',
  'not-targeted': 'Screen not targeted',
  excluded: 'Excluded on this screen',
  'not-approved': 'Not approved by the screen owner',
  'wrong-creative': 'Not the campaign’s creative',
  'cap-reached': 'Daily cap reached',
  'budget-spent': 'Budget spent',
  legacy: 'Before these rules',
};

const count = (value: number) => value.toLocaleString('en-GB');
const playsWord = (value: number) => `${count(value)} ${value === 1 ? 'play' : 'plays'}`;

/** The number of plays the counts add up to. */
export const totalUnbilled = (unbilled: TUnbilledCounts) =>
  unbilled.reduce((sum, { plays }) => sum + plays, 0);

/**
 * "Not billed": each reason that occurred with its count and its sentence, most first, or a line
 * saying nothing was refused.
 */
export function UnbilledPlays({
  unbilled,
  title = 'Not billed',
  description,
  emptyText = 'No ad play of these days was refused.',
  headingLevel = 2,
  className,
}: {
  unbilled: TUnbilledCounts;
  title?: string;
  description?: string;
  emptyText?: string;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const headingId = useId();
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';
  const total = totalUnbilled(unbilled);
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-2', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Heading
          id={headingId}
          className={cn('font-semibold', headingLevel === 2 ? 'text-base' : 'text-sm')}
        >
          {title}
        </Heading>
        {total > 0 && (
          <span className="text-sm text-muted-foreground tabular-nums">{playsWord(total)}</span>
        )}
      </div>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {unbilled.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul
          aria-labelledby={headingId}
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
        >
          {unbilled.map(({ reason, plays }) => (
            <li key={reason} className="flex items-start gap-3 px-4 py-3">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="text-sm font-medium">{UNBILLED_REASON_LABELS[reason]}</p>
                <p className="text-xs leading-relaxed text-muted-foreground">
                  {UNBILLED_REASON_WORDS[reason]}
                </p>
              </div>
              <span className="shrink-0 text-sm font-semibold tabular-nums">
                {playsWord(plays)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reasons of one row of a table: "Overlapping play 40", one a line, the rule on hover. */
export function UnbilledReasonsInline({ unbilled }: { unbilled: TUnbilledCounts }) {
  if (unbilled.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="grid gap-0.5">
      {unbilled.map(({ reason, plays }) => (
        <li key={reason} title={UNBILLED_REASON_WORDS[reason]} className="flex gap-1.5">
          <span className="min-w-0 truncate">{UNBILLED_REASON_LABELS[reason]}</span>
          <span className="font-medium text-foreground tabular-nums">{count(plays)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "3 plays are being settled; figures are final within 10 seconds.", shown while some plays of
 * the figures are stored but not billed or refused yet; nothing once none are.
 */
export function SettlingNote({ settling, className }: { settling: TSettling; className?: string }) {
  if (settling.plays === 0) return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-lg border border-primary/25 bg-primary-soft px-3 py-2 text-sm text-primary-soft-foreground',
        className,
      )}
    >
      <Spinner className="size-4 shrink-0" />
      <span>
        <span className="font-medium">Settling: </span>
        {settlingSentence(settling)}
      </span>
    </p>
  );
}
