import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ChartColumn, Download, MonitorCheck } from 'lucide-react';
import type { TCampaignResults } from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { CampaignStatusBadge } from '@/components/campaign/campaign-status-badge';
import {
  SettlingNote,
  UnbilledPlays,
  totalUnbilled,
} from '@/components/proof-of-play/unbilled-plays';
import { DateRangeField, dayRangeError } from '@/components/date-range-field';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatFlight, formatSeconds } from '@/lib/campaign-format';
import { formatLongDay } from '@/lib/local-time';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCampaign } from '@/features/ad-campaigns/api/get-campaign';
import {
  downloadResultsCsv,
  useCampaignResults,
  type TResultsRange,
} from '@/features/ad-campaigns/api/campaign-results';
import { CampaignTabs } from '@/features/ad-campaigns/components/campaign-tabs';
import { PacingChart } from '@/features/ad-campaigns/components/pacing-chart';
import { ResultsCharts } from '@/features/ad-campaigns/components/results-charts';

function Totals({ results }: { results: TCampaignResults }) {
  const figures = [
    { term: 'Impressions', value: formatCount(results.totals.impressions) },
    { term: 'Time shown', value: formatSeconds(results.totals.shownMs / 1000) },
    { term: 'Spend', value: formatMicros(results.totals.spentMicros) },
    { term: 'QR scans', value: formatCount(results.totals.qrScans) },
  ];
  return (
    <FigureTiles aria-label="Totals" figures={figures} className="grid-cols-2 lg:grid-cols-4" />
  );
}

function ByScreen({ rows }: { rows: TCampaignResults['byAdSpace'] }) {
  const td = `${dataTableCell} text-right tabular-nums`;
  return (
    <section aria-labelledby="by-screen" className="grid gap-2">
      <h2 id="by-screen" className="text-base font-semibold">
        By screen
      </h2>
      <DataTable label="Results by screen">
        <DataTableHead>
          <DataTableColumn>Screen</DataTableColumn>
          <DataTableColumn className="w-24 text-right sm:w-28">Impressions</DataTableColumn>
          <DataTableColumn className="hidden w-28 text-right md:table-cell">
            Time shown
          </DataTableColumn>
          <DataTableColumn className="w-24 text-right sm:w-28">Spend</DataTableColumn>
          <DataTableColumn className="hidden w-24 text-right sm:table-cell">
            QR scans
          </DataTableColumn>
        </DataTableHead>
        <tbody>
          {rows.map((row) => (
            <DataTableRow key={row.adSpaceId} label={row.name}>
              <td className="px-3 py-2.5 text-sm">
                <span className="block truncate font-medium" title={row.name}>
                  {row.name}
                </span>
                <span className="block text-xs text-muted-foreground">{row.city}</span>
              </td>
              <td className={td}>{formatCount(row.impressions)}</td>
              <td className={cn(td, 'hidden md:table-cell')}>
                {formatSeconds(row.shownMs / 1000)}
              </td>
              <td className={td}>{formatMicros(row.spentMicros)}</td>
              <td className={cn(td, 'hidden sm:table-cell')}>{formatCount(row.qrScans)}</td>
            </DataTableRow>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

function Results({ id, range }: { id: string; range: TResultsRange }) {
  const results = useCampaignResults(id, range);
  if (results.isPending) return <ListLoading label="Loading the results" />;
  if (results.isError) {
    return (
      <ListLoadError
        title="The results could not be loaded."
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  }
  const { data } = results;
  const { readyScreens, targetedScreens } = data.readiness;
  return (
    <div
      aria-busy={results.isPlaceholderData}
      className={cn('grid gap-6', results.isPlaceholderData && 'opacity-60')}
    >
      <p className="flex items-center gap-2 text-sm">
        <MonitorCheck aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span>
          Creative ready on{' '}
          <strong className="tabular-nums">
            {readyScreens} of {targetedScreens}
          </strong>{' '}
          {targetedScreens === 1 ? 'screen' : 'screens'}
          <span className="text-muted-foreground">
            {' '}
            (the TVs that report every creative downloaded)
          </span>
        </span>
      </p>
      <Totals results={data} />
      <SettlingNote settling={data.settling} />
      {data.pacing && <PacingChart pacing={data.pacing} />}
      {data.totals.impressions === 0 && data.totals.qrScans === 0 ? (
        data.unbilled.length > 0 ? (
          <EmptyState
            icon={ChartColumn}
            title="Nothing billed in these days"
            description={`Screens reported ${formatCount(totalUnbilled(data.unbilled))} plays of this campaign from ${formatLongDay(data.from)} to ${formatLongDay(data.to)}, and none could be billed: the reasons are below.`}
            className="py-10"
          />
        ) : (
          <EmptyState
            icon={ChartColumn}
            title="Nothing shown in these days yet"
            description={`No screen reported showing this campaign from ${formatLongDay(data.from)} to ${formatLongDay(data.to)}. TVs send what they played about once a minute while online.`}
            className="py-10"
          />
        )
      ) : (
        <>
          <ResultsCharts days={data.byDay} />
          <ByScreen rows={data.byAdSpace} />
        </>
      )}
      {(data.unbilled.length > 0 || data.totals.impressions > 0) && (
        <UnbilledPlays
          unbilled={data.unbilled}
          description="Plays of this campaign that screens reported but that cost you nothing, and why. They are not in the figures above."
          emptyText="Every play of these days that has settled was billed."
        />
      )}
    </div>
  );
}

/** /publisher/ad-campaigns/view/{id}/results: figures by day and by screen, and a CSV. */
export function AdCampaignResultsPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  usePageTitle(campaign.data ? `Results: ${campaign.data.name}` : 'Campaign results');
  const [draft, setDraft] = useState({ from: '', to: '' });
  const rangeError = dayRangeError(draft, { needs: 'both-or-neither' });
  const range: TResultsRange = draft.from !== '' && rangeError === null ? draft : null;
  const download = useMutation({
    mutationFn: () => downloadResultsCsv(id, range),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => toast.error(`The CSV could not be downloaded. ${errorMessage(error)}`),
  });

  if (campaign.isPending) return <ListLoading label="Loading the campaign" />;
  if (campaign.isError) {
    return (
      <ListLoadError
        title="The campaign could not be loaded."
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const data = campaign.data;
  return (
    <>
      <PageHeader
        title={<span className="break-words">{data.name}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CampaignStatusBadge status={data.status} />
            {formatFlight(data.startDate, data.endDate)}
          </span>
        }
        actions={
          <Button
            variant="outline"
            disabled={rangeError !== null}
            isPending={download.isPending}
            onClick={() => download.mutate()}
          >
            <Download aria-hidden />
            Export CSV
          </Button>
        }
      />
      <CampaignTabs id={data.id} />
      <div className="grid gap-6">
        <DateRangeField value={draft} onChange={setDraft} error={rangeError}>
          {range !== null && (
            <Button variant="ghost" onClick={() => setDraft({ from: '', to: '' })}>
              Whole campaign
            </Button>
          )}
          <p className="w-full text-xs text-muted-foreground">
            Each play counts on its screen’s local day (in the screen’s own time zone). Leave both
            empty for the whole campaign.
          </p>
        </DateRangeField>
        {rangeError ? null : <Results id={data.id} range={range} />}
      </div>
    </>
  );
}
