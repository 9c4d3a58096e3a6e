import { RefreshCw, ShieldCheck } from 'lucide-react';
import {
  DEVICE_FAULT_REASONS,
  FLAG_MIN_PLAYS,
  FLAG_SHARE_BASIS_POINTS,
  type TProofOfPlayOverview,
} from '@screenline/shared/proof-of-play';
import {
  SettlingNote,
  UNBILLED_REASON_LABELS,
  UnbilledPlays,
  UnbilledReasonsInline,
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
import { EmptyState } from '@/components/ui/empty-state';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatCount, formatMoment } from '@/lib/campaign-format';
import { cn } from '@/lib/utils';
import { useProofOfPlayOverview } from '@/features/admin/api/proof-of-play';

type TFlaggedDevice = TProofOfPlayOverview['flaggedDevices'][number];

/** Basis points as a share for people: 4250 → "42.5 %". */
const formatShare = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-GB', { maximumFractionDigits: 1 })} %`;

/** The rule a TV is flagged by, in the figures the server uses. */
const FLAG_RULE = `at least ${formatCount(FLAG_MIN_PLAYS)} ad plays, of which ${formatShare(FLAG_SHARE_BASIS_POINTS)} or more were refused for something the TV reported that cannot have happened (${DEVICE_FAULT_REASONS.map(
  (reason) => UNBILLED_REASON_LABELS[reason],
).join(', ')})`;

function Totals({ overview }: { overview: TProofOfPlayOverview }) {
  const { totals } = overview;
  const figures = [
    { term: 'Billed', value: formatCount(totals.billed) },
    { term: 'Not billed', value: formatCount(totalUnbilled(totals.unbilled)) },
    { term: 'Settling', value: formatCount(totals.settling.plays) },
  ];
  return (
    <FigureTiles aria-label="Ad plays" figures={figures} className="grid-cols-3 lg:max-w-2xl" />
  );
}

const deviceName = (device: TFlaggedDevice) => device.deviceName ?? 'Unnamed TV';
const spaceName = (device: TFlaggedDevice) => device.adSpaceName ?? 'No ad space';

function FlaggedDevices({ devices }: { devices: TFlaggedDevice[] }) {
  const figure = `${dataTableCell} text-right align-top tabular-nums`;
  const cell = `${dataTableCell} align-top`;
  return (
    <DataTable label="Flagged TVs">
      <DataTableHead>
        <DataTableColumn>TV</DataTableColumn>
        <DataTableColumn className="hidden 2xl:table-cell">Ad space</DataTableColumn>
        <DataTableColumn className="hidden w-60 lg:table-cell">Owner</DataTableColumn>
        <DataTableColumn className="hidden w-20 text-right sm:table-cell">Ad plays</DataTableColumn>
        <DataTableColumn className="w-20 text-right">Refused</DataTableColumn>
        <DataTableColumn className="w-18 text-right">Share</DataTableColumn>
        <DataTableColumn className="hidden w-56 lg:table-cell">Reasons</DataTableColumn>
        <DataTableColumn className="hidden w-32 xl:table-cell">Last play</DataTableColumn>
      </DataTableHead>
      <tbody>
        {devices.map((device) => (
          <DataTableRow key={device.deviceId} label={deviceName(device)}>
            <td className="px-3 py-2.5 align-top text-sm">
              <span className="block font-medium break-words">{deviceName(device)}</span>
              {/* What the hidden columns say, under the name on narrower screens. */}
              <span className="block text-xs break-words text-muted-foreground 2xl:hidden">
                {spaceName(device)}
              </span>
              <span className="block text-xs break-words text-muted-foreground lg:hidden">
                {device.owner.name}
              </span>
              <span className="block text-xs break-words text-muted-foreground lg:hidden">
                {device.owner.email}
              </span>
              <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                {formatCount(device.adPlays)} ad plays
              </span>
              {device.lastPlayAt && (
                <span className="block text-xs text-muted-foreground xl:hidden">
                  Last play {formatMoment(device.lastPlayAt)}
                </span>
              )}
              <div className="mt-1 text-xs text-muted-foreground lg:hidden">
                <UnbilledReasonsInline unbilled={device.byReason} />
              </div>
            </td>
            <td className={cn(cell, 'hidden break-words 2xl:table-cell')}>{spaceName(device)}</td>
            <td className={cn(cell, 'hidden lg:table-cell')}>
              <span className="block break-words text-foreground">{device.owner.name}</span>
              <span className="block text-xs break-words">{device.owner.email}</span>
            </td>
            <td className={cn(figure, 'hidden sm:table-cell')}>{formatCount(device.adPlays)}</td>
            <td className={figure}>{formatCount(device.refused)}</td>
            <td className={cn(figure, 'font-medium text-danger')}>
              {formatShare(device.refusedShareBasisPoints)}
            </td>
            <td className={cn(cell, 'hidden text-xs lg:table-cell')}>
              <UnbilledReasonsInline unbilled={device.byReason} />
            </td>
            <td className={cn(cell, 'hidden xl:table-cell')}>
              {device.lastPlayAt ? formatMoment(device.lastPlayAt) : '—'}
            </td>
          </DataTableRow>
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * /admin/proof-of-play (super-users): the platform's ad plays of the last days by verdict, and
 * the TVs whose plays are refused for device faults in a high share (issue 17 item 2).
 */
export function ProofOfPlayPage() {
  usePageTitle('Proof of play');
  const overview = useProofOfPlayOverview();

  return (
    <>
      <PageHeader
        title="Proof of play"
        description="What the TVs’ ad plays came to: billed, not billed and why, and the TVs that report plays that cannot have happened."
        actions={
          <Button
            variant="outline"
            onClick={() => void overview.refetch()}
            isPending={overview.isFetching}
          >
            {!overview.isFetching && <RefreshCw aria-hidden />}
            Refresh
          </Button>
        }
      />
      {overview.isPending ? (
        <ListLoading label="Loading proof of play" />
      ) : overview.isError ? (
        <ListLoadError
          title="Proof of play could not be loaded."
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="pop-totals" className="grid gap-3">
            <div className="grid gap-1">
              <h2 id="pop-totals" className="text-base font-semibold">
                Last {overview.data.windowDays} days
              </h2>
              <p className="text-sm text-muted-foreground">
                Ad plays received since {formatMoment(overview.data.since)}, on every screen.
              </p>
            </div>
            <Totals overview={overview.data} />
            <SettlingNote settling={overview.data.totals.settling} />
          </section>
          <UnbilledPlays
            unbilled={overview.data.totals.unbilled}
            description="Why ad plays were refused: each rule, and how many plays it stopped."
            emptyText={`No ad play of the last ${overview.data.windowDays} days was refused.`}
          />
          <section aria-labelledby="pop-flagged" className="grid gap-3">
            <div className="grid gap-1">
              <h2 id="pop-flagged" className="text-base font-semibold">
                Flagged TVs
              </h2>
              <p className="text-sm text-muted-foreground">
                A TV is flagged with {FLAG_RULE}. Its refused plays are never billed; the flag says
                whose TV to look at, and a space’s monetization can be suspended on Monetization
                approvals.
              </p>
            </div>
            {overview.data.flaggedDevices.length === 0 ? (
              <EmptyState
                icon={ShieldCheck}
                title="No TV is flagged"
                description={`No TV had ${FLAG_RULE} in the last ${overview.data.windowDays} days.`}
                className="py-10"
              />
            ) : (
              <FlaggedDevices devices={overview.data.flaggedDevices} />
            )}
          </section>
        </div>
      )}
    </>
  );
}
