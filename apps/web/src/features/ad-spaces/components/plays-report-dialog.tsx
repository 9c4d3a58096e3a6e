import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ChartColumn, Download, TriangleAlert } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  PLAYS_REPORT_MAX_DAYS,
  type TPlaysQuery,
  type TPlaysReport,
} from '@screenline/shared/player';
import {
  SettlingNote,
  UnbilledPlays,
  totalUnbilled,
} from '@/components/proof-of-play/unbilled-plays';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { errorMessage } from '@/lib/api-client';
import {
  DateRangeField,
  dayRangeError,
  lastDaysIn,
  lastDaysPresets,
} from '@/components/date-range-field';
import { formatLongDay } from '@/lib/local-time';
import { saveFile } from '@/lib/save-file';
import { cn } from '@/lib/utils';
import { downloadPlaysCsv, usePlaysReport } from '@/features/ad-spaces/api/plays-report';
import { PlaysByDayChart } from '@/features/ad-spaces/components/plays-by-day-chart';
import {
  formatShownTime,
  gapSentence,
  isNamedReportItem,
  reportItemKind,
  reportItemName,
} from '@/features/ad-spaces/utils/player-status';

const count = (value: number) => value.toLocaleString('en-GB');

function Totals({ report }: { report: TPlaysReport }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      {[
        { term: 'Plays', value: count(report.totals.plays) },
        { term: 'Time shown', value: formatShownTime(report.totals.shownMs) },
      ].map(({ term, value }) => (
        <div key={term} className="rounded-lg border border-border bg-surface-muted/40 px-4 py-3">
          <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PlaysByItem({ items }: { items: TPlaysReport['byItem'] }) {
  const td = `${dataTableCell} tabular-nums`;
  return (
    <section aria-labelledby="plays-by-item" className="grid gap-2">
      <h3 id="plays-by-item" className="text-sm font-semibold">
        Plays by item
      </h3>
      <DataTable label="Plays by item">
        <DataTableHead>
          <DataTableColumn>Name</DataTableColumn>
          <DataTableColumn className="hidden w-24 sm:table-cell">Kind</DataTableColumn>
          <DataTableColumn className="w-20 text-right">Plays</DataTableColumn>
          <DataTableColumn className="w-28 text-right">Time shown</DataTableColumn>
        </DataTableHead>
        <tbody>
          {items.map((item) => {
            const name = reportItemName(item);
            return (
              <DataTableRow
                key={`${item.contentId ?? 'ad-slot'}/${item.ad?.campaignId ?? ''}`}
                label={name}
              >
                <td className="px-3 py-2.5 text-sm">
                  <span
                    className={cn(
                      'line-clamp-2 break-words',
                      isNamedReportItem(item)
                        ? 'font-medium text-foreground'
                        : 'text-muted-foreground italic',
                    )}
                    title={name}
                  >
                    {name}
                  </span>
                  <span className="block text-xs font-normal text-muted-foreground not-italic sm:hidden">
                    {reportItemKind(item)}
                  </span>
                </td>
                <td className={cn(dataTableCell, 'hidden sm:table-cell')}>
                  {reportItemKind(item)}
                </td>
                <td className={cn(td, 'text-right')}>{count(item.plays)}</td>
                <td className={cn(td, 'text-right')}>{formatShownTime(item.shownMs)}</td>
              </DataTableRow>
            );
          })}
        </tbody>
      </DataTable>
    </section>
  );
}

function Gaps({ gaps }: { gaps: TPlaysReport['gaps'] }) {
  return (
    <section
      aria-labelledby="plays-gaps"
      className="grid gap-2 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground"
    >
      <h3 id="plays-gaps" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        Missing records
      </h3>
      <p className="leading-relaxed">
        The TV numbers every play it records, one after another. These numbers never reached
        Screenline: the TV recorded those plays, but the records were lost before they were sent
        (for example when the TV’s browser data was cleared). They are not counted above.
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {gaps.map((gap) => (
          <li key={`${gap.deviceId}-${gap.afterSequence}`} className="font-medium">
            {gapSentence(gap)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The range's ad plays: how many were billed, which were not and why, and what still settles. */
function AdPlays({ adPlays }: { adPlays: TPlaysReport['adPlays'] }) {
  const figures = [
    { term: 'Billed', value: count(adPlays.billed) },
    { term: 'Not billed', value: count(totalUnbilled(adPlays.unbilled)) },
    { term: 'Settling', value: count(adPlays.settling.plays) },
  ];
  return (
    <section aria-labelledby="plays-ad-plays" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="plays-ad-plays" className="text-sm font-semibold">
          Ad plays
        </h3>
        <p className="text-sm text-muted-foreground">
          Paid campaigns your TV showed in its ad slots. Billed plays earn your share; the others
          earn nothing, for the reasons below.
        </p>
      </div>
      <FigureTiles aria-label="Ad plays" figures={figures} size="compact" className="grid-cols-3" />
      <SettlingNote settling={adPlays.settling} />
      {adPlays.unbilled.length > 0 && (
        <UnbilledPlays unbilled={adPlays.unbilled} headingLevel={4} title="Not billed, and why" />
      )}
    </section>
  );
}

const hasAdPlays = ({ billed, unbilled, settling }: TPlaysReport['adPlays']) =>
  billed > 0 || unbilled.length > 0 || settling.plays > 0;

function ReportBody({ adSpaceId, range }: { adSpaceId: string; range: TPlaysQuery }) {
  const report = usePlaysReport(adSpaceId, range);
  if (report.isPending) return <ListLoading label="Loading the report" />;
  if (report.isError) {
    return (
      <ListLoadError
        title="The report could not be loaded."
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  const { data } = report;
  return (
    <div
      aria-busy={report.isPlaceholderData}
      className={cn('grid gap-6', report.isPlaceholderData && 'opacity-60')}
    >
      {data.totals.plays === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title="No plays in these days"
          description={`Nothing the TV showed from ${formatLongDay(data.from)} to ${formatLongDay(data.to)} has reached Screenline. A TV sends what it played about once a minute while it is online.`}
          className="py-10"
        />
      ) : (
        <>
          <Totals report={data} />
          <PlaysByDayChart days={data.byDay} />
          <PlaysByItem items={data.byItem} />
        </>
      )}
      {hasAdPlays(data.adPlays) && <AdPlays adPlays={data.adPlays} />}
      {data.gaps.length > 0 && <Gaps gaps={data.gaps} />}
    </div>
  );
}

function PlaysReport({ adSpace }: { adSpace: TAdSpace }) {
  const { timeZone } = adSpace.location;
  const [range, setRange] = useState<TPlaysQuery>(() => lastDaysIn(timeZone, 7));
  const error = dayRangeError(range, { maxDays: PLAYS_REPORT_MAX_DAYS });

  const download = useMutation({
    mutationFn: () => downloadPlaysCsv(adSpace.id, range),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });

  return (
    <>
      <DialogBody className="gap-6">
        <DateRangeField
          value={range}
          onChange={setRange}
          error={error}
          presets={lastDaysPresets(timeZone, [7, 30])}
        />
        {error ? null : <ReportBody adSpaceId={adSpace.id} range={range} />}
      </DialogBody>
      <DialogActions className="sm:items-center">
        {download.isError && (
          <p role="alert" className="text-sm text-danger sm:mr-auto">
            The CSV could not be downloaded. {errorMessage(download.error)}
          </p>
        )}
        <DialogClose asChild>
          <Button variant="outline">Done</Button>
        </DialogClose>
        <Button
          disabled={error !== null}
          isPending={download.isPending}
          onClick={() => download.mutate()}
        >
          <Download aria-hidden />
          Download CSV
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Proof of play for one ad space: what its TV showed on the location's local days, from the
 * records the TV sent, with the holes in its numbering, and the same as a CSV file.
 */
export function PlaysReportDialog({
  adSpace,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent placement="form" className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">Proof of play: “{adSpace.name}”</DialogTitle>
            <DialogDescription>
              What its TV played at {adSpace.location.name}, {adSpace.location.city}, by the
              location’s days ({adSpace.location.timeZone}).
            </DialogDescription>
          </DialogHeader>
          {/* Keyed by space: another space starts again from the last 7 days. */}
          <PlaysReport key={adSpace.id} adSpace={adSpace} />
        </DialogContent>
      )}
    </Dialog>
  );
}
