import { useState } from 'react';
import { formatMicros } from '@screenline/shared/money';
import type { TEarnings } from '@screenline/shared/monetization';
import { SettlingNote, UnbilledPlays } from '@/components/proof-of-play/unbilled-plays';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import {
  DateRangeField,
  dayRangeError,
  lastDaysIn,
  lastDaysPresets,
  viewerTimeZone,
  type TDayRange,
} from '@/components/date-range-field';
import { addDays, formatShortDay } from '@/lib/local-time';
import { cn } from '@/lib/utils';
import { useEarnings } from '@/features/monetization/api/monetization';

/** The server answers at most this many days at once (ZEarningsQuery). */
const MAX_DAYS = 92;

/**
 * The last days by the viewer's clock: a play counts on its own local day at its screen, and an
 * owner's screens are mostly in the owner's zone.
 */
const lastDays = (days: number): TDayRange => lastDaysIn(viewerTimeZone(), days);

const presets = () => lastDaysPresets(viewerTimeZone(), [7, 30]);

/** Every day of the range, with what it earned (0 for days the answer leaves out). */
function everyDay(earnings: TEarnings): TEarnings['byDay'] {
  const byDay = new Map(earnings.byDay.map((day) => [day.day, day]));
  const days: TEarnings['byDay'] = [];
  for (let day = earnings.from; day <= earnings.to; day = addDays(day, 1)) {
    days.push(byDay.get(day) ?? { day, earnedMicros: 0, impressions: 0 });
  }
  return days;
}

const count = (value: number) => value.toLocaleString('en-GB');

function EarningsByDay({ earnings }: { earnings: TEarnings }) {
  const days = everyDay(earnings);
  const max = Math.max(1, ...days.map((day) => day.earnedMicros));
  return (
    <section aria-labelledby="earnings-by-day" className="grid gap-2">
      <h3 id="earnings-by-day" className="text-sm font-semibold">
        By day
      </h3>
      <DataTable label="Earnings by day">
        <DataTableHead>
          <DataTableColumn className="w-24 sm:w-28">Day</DataTableColumn>
          <DataTableColumn>
            <span className="sr-only">Share of the best day</span>
          </DataTableColumn>
          <DataTableColumn className="w-24 text-right">Earned</DataTableColumn>
          <DataTableColumn className="hidden w-20 text-right sm:table-cell">Plays</DataTableColumn>
        </DataTableHead>
        <tbody>
          {days.map((day) => (
            <DataTableRow key={day.day} label={formatShortDay(day.day)}>
              <td className={cn(dataTableCell, 'py-1.5 whitespace-nowrap')}>
                {formatShortDay(day.day)}
              </td>
              <td className="px-3 py-1.5">
                <div aria-hidden className="h-3 rounded-sm bg-surface-muted">
                  <div
                    className={cn(
                      'h-full rounded-sm',
                      day.earnedMicros > 0 && 'min-w-0.5 bg-primary',
                    )}
                    style={{ width: `${(day.earnedMicros / max) * 100}%` }}
                  />
                </div>
              </td>
              <td className={cn(dataTableCell, 'py-1.5 text-right text-foreground tabular-nums')}>
                {formatMicros(day.earnedMicros)}
              </td>
              <td
                className={cn(dataTableCell, 'hidden py-1.5 text-right tabular-nums sm:table-cell')}
              >
                {count(day.impressions)}
              </td>
            </DataTableRow>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

function EarningsBySpace({ earnings }: { earnings: TEarnings }) {
  return (
    <section aria-labelledby="earnings-by-space" className="grid gap-2">
      <h3 id="earnings-by-space" className="text-sm font-semibold">
        By ad space
      </h3>
      {earnings.byAdSpace.length === 0 ? (
        <p className="text-sm text-muted-foreground">No ad space earned in these days.</p>
      ) : (
        <DataTable label="Earnings by ad space">
          <DataTableHead>
            <DataTableColumn>Ad space</DataTableColumn>
            <DataTableColumn className="hidden w-24 text-right sm:table-cell">
              Plays
            </DataTableColumn>
            <DataTableColumn className="w-28 text-right">Earned</DataTableColumn>
          </DataTableHead>
          <tbody>
            {earnings.byAdSpace.map((space) => (
              <DataTableRow key={space.adSpaceId} label={space.name}>
                <td className="px-3 py-2.5 text-sm font-medium break-words">{space.name}</td>
                <td className={cn(dataTableCell, 'hidden text-right tabular-nums sm:table-cell')}>
                  {count(space.impressions)}
                </td>
                <td className={cn(dataTableCell, 'text-right text-foreground tabular-nums')}>
                  {formatMicros(space.earnedMicros)}
                </td>
              </DataTableRow>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

/**
 * What the owner's spaces earned in a range of days (each play on its local day at its screen),
 * per space and per day, with the ad plays that earned nothing and why, and those settling.
 */
export function EarningsReport() {
  const [range, setRange] = useState<TDayRange>(() => lastDays(30));
  const error = dayRangeError(range, { maxDays: MAX_DAYS });
  const earnings = useEarnings(error ? null : range);

  return (
    <section aria-labelledby="earnings" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="earnings" className="text-lg font-semibold tracking-tight">
          Earnings
        </h2>
        <p className="text-sm text-muted-foreground">
          Each play counts on its own local day at its screen (in the screen’s time zone): the day
          it played, not the day its TV sent it.
        </p>
      </div>
      <DateRangeField value={range} onChange={setRange} error={error} presets={presets()} />
      {error ? null : earnings.isPending ? (
        <ListLoading label="Loading your earnings" />
      ) : earnings.isError ? (
        <ListLoadError
          title="Your earnings could not be loaded."
          error={earnings.error}
          onRetry={() => void earnings.refetch()}
        />
      ) : (
        <div
          aria-busy={earnings.isPlaceholderData}
          className={cn('grid gap-6', earnings.isPlaceholderData && 'opacity-60')}
        >
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            {[
              { term: 'Earned', value: formatMicros(earnings.data.totalMicros) },
              { term: 'Paid plays', value: count(earnings.data.impressions) },
            ].map(({ term, value }) => (
              <div
                key={term}
                className="rounded-xl border border-border bg-surface px-4 py-3 shadow-xs"
              >
                <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
                <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <SettlingNote settling={earnings.data.settling} />
          {earnings.data.totalMicros === 0 ? (
            <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
              Nothing earned in these days. Earnings appear here once a monetized screen plays paid
              campaigns.
            </p>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
              <EarningsBySpace earnings={earnings.data} />
              <EarningsByDay earnings={earnings.data} />
            </div>
          )}
          {earnings.data.unbilled.length > 0 && (
            <UnbilledPlays
              unbilled={earnings.data.unbilled}
              headingLevel={3}
              description="Ad plays your screens reported in these days that earned nothing, and why."
            />
          )}
        </div>
      )}
    </section>
  );
}
