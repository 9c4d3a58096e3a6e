import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TMonetizationRequest } from '@screenline/shared/monetization';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { DecisionNote, RequestStateBadge } from '@/components/request-status';
import { cn } from '@/lib/utils';
import { perHour, perSecond } from '@/lib/money-input';

export type TSpaceMonetization = { adSpace: TAdSpace; latest: TMonetizationRequest | null };

/** A space's actions are marked so focus returns to the row after a dialog closes. */
export const monetizationActionSelector = (adSpaceId: string) =>
  `[data-monetization-action="${CSS.escape(adSpaceId)}"]`;

/** What a request's state means for the owner, in a sentence. */
function stateSentence(latest: TMonetizationRequest | null): string {
  switch (latest?.state) {
    case undefined:
      return 'Not monetized: its ad slots play nothing extra.';
    case 'pending':
      return 'Waiting for a super-user’s review.';
    case 'approved':
      return 'Paid campaigns fill its ad slots.';
    case 'rejected':
      return 'Refused. You can change what was asked and request again.';
    case 'suspended':
      return 'Suspended by a super-user: its ad slots play nothing extra. You can request again.';
    case 'withdrawn':
      return 'You withdrew it: its ad slots play nothing extra.';
  }
}

/** Each ad space with its latest monetization request, its floor, and what can be done. */
export function MonetizationTable({
  rows,
  onRequest,
  onWithdraw,
}: {
  rows: readonly TSpaceMonetization[];
  onRequest: (adSpace: TAdSpace, previousFloor: number | null) => void;
  onWithdraw: (request: TMonetizationRequest) => void;
}) {
  const td = `${dataTableCell} align-top`;
  return (
    <DataTable label="Ad spaces and their monetization">
      <DataTableHead>
        <DataTableColumn>Ad space</DataTableColumn>
        <DataTableColumn className="hidden w-64 md:table-cell">Monetization</DataTableColumn>
        <DataTableColumn className="hidden w-52 lg:table-cell">Floor price</DataTableColumn>
        <DataTableColumn className="w-36 text-right sm:w-40">
          <span className="sr-only">Action</span>
        </DataTableColumn>
      </DataTableHead>
      <tbody>
        {rows.map(({ adSpace, latest }) => {
          const isOpen = latest?.state === 'pending' || latest?.state === 'approved';
          const status = (
            <>
              {latest ? <RequestStateBadge state={latest.state} /> : <Badge>Not monetized</Badge>}
              <p className="mt-1 text-xs text-muted-foreground">{stateSentence(latest)}</p>
              {latest && (
                <DecisionNote state={latest.state} decision={latest.decision} className="mt-1" />
              )}
            </>
          );
          const floor = latest && (
            <>
              <span className="block text-foreground tabular-nums">
                {perSecond(latest.floorMicrosPerSecond)}
              </span>
              <span className="block text-xs tabular-nums">
                {perHour(latest.floorMicrosPerSecond)}
              </span>
            </>
          );
          return (
            <DataTableRow key={adSpace.id} label={adSpace.name}>
              <td className="px-3 py-2.5 align-top text-sm">
                <span className="block font-medium break-words text-foreground">
                  {adSpace.name}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {adSpace.location.name} · {adSpace.location.city}
                </span>
                <div className="mt-2 md:hidden">{status}</div>
                {floor && (
                  <div className="mt-1 text-xs text-muted-foreground lg:hidden">{floor}</div>
                )}
              </td>
              <td className={cn(td, 'hidden md:table-cell')}>{status}</td>
              <td className={cn(td, 'hidden lg:table-cell')}>{floor ?? '—'}</td>
              <td className="px-2 py-2.5 text-right align-top sm:px-3">
                {isOpen ? (
                  <Button
                    variant="outline"
                    size="sm"
                    data-monetization-action={adSpace.id}
                    aria-label={`Withdraw monetization of ${adSpace.name}`}
                    onClick={() => onWithdraw(latest)}
                  >
                    Withdraw
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    data-monetization-action={adSpace.id}
                    aria-label={`Request monetization of ${adSpace.name}`}
                    onClick={() => onRequest(adSpace, latest?.floorMicrosPerSecond ?? null)}
                  >
                    {latest ? 'Request again' : 'Monetize'}
                  </Button>
                )}
              </td>
            </DataTableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
