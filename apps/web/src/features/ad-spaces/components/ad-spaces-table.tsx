import { Activity, Camera, ChartColumn, Pencil, Power, Tv } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TAdSpaceScreenshot } from '@screenline/shared/fleet';
import { ScreenThumbnail } from '@/components/fleet/screen-thumbnail';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuDeleteItem,
} from '@/components/ui/dropdown-menu';
import {
  DataTable,
  DataTableActionsColumn,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  RowActionsTrigger,
  dataTableCell,
} from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import {
  LastSeen,
  NowPlaying,
  PlayerSummary,
  StatusBadge,
  playingLabel,
} from '@/features/ad-spaces/components/ad-space-status';

export type TAdSpaceAction =
  'edit' | 'connect' | 'status' | 'screen' | 'plays' | 'power' | 'delete';

/** The selector of a row's Actions button: focus returns there after a dialog it opened. */
export const adSpaceActionsSelector = (id: string) => `[data-ad-space-actions="${CSS.escape(id)}"]`;

function AdSpaceMenu({
  adSpace,
  onAction,
}: {
  adSpace: TAdSpace;
  onAction: (action: TAdSpaceAction, adSpace: TAdSpace) => void;
}) {
  return (
    // Not modal: the menu closes as a dialog opens from it, and focus moves to the dialog.
    <DropdownMenu modal={false}>
      <RowActionsTrigger
        aria-label={`Actions for ${adSpace.name}`}
        data-ad-space-actions={adSpace.id}
      />
      <DropdownMenuContent className="min-w-44">
        <DropdownMenuItem onSelect={() => onAction('edit', adSpace)}>
          <Pencil aria-hidden />
          Edit…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('status', adSpace)}>
          <Activity aria-hidden />
          TV status…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('screen', adSpace)}>
          <Camera aria-hidden />
          On screen now…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('plays', adSpace)}>
          <ChartColumn aria-hidden />
          Proof of play
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('power', adSpace)}>
          <Power aria-hidden />
          Power schedule…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('connect', adSpace)}>
          <Tv aria-hidden />
          Connect a TV…
        </DropdownMenuItem>
        <DropdownMenuDeleteItem onSelect={() => onAction('delete', adSpace)} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const orientationLabel = (adSpace: TAdSpace) =>
  adSpace.orientation === 'portrait' ? 'Portrait' : 'Landscape';

/**
 * Ad spaces as a table. The name cell carries the location and the screen's shape; narrower
 * screens drop the default playlist, then what plays now; a phone keeps name and status.
 * The status cell carries what the TV reports (its content download, a problem, an update it
 * has not taken), and the item on screen once the "Playing now" column is gone. "On screen"
 * shows the newest screenshot (issue 23 item 3); on a phone, and beside the sidebar until the
 * page is wide (768–1023 px), it moves into the status cell to leave the name its room.
 */
export function AdSpacesTable({
  adSpaces,
  screenshots,
  onAction,
  selectedIds,
  onSelect,
}: {
  adSpaces: readonly TAdSpace[];
  /** The newest screenshot of each space, by id (undefined while loading). */
  screenshots: ReadonlyMap<string, TAdSpaceScreenshot> | undefined;
  onAction: (action: TAdSpaceAction, adSpace: TAdSpace) => void;
  /** The spaces ticked for a bulk action (issue 23). */
  selectedIds: ReadonlySet<string>;
  /** Ticks (or unticks) these spaces. */
  onSelect: (ids: readonly string[], isSelected: boolean) => void;
}) {
  const td = `${dataTableCell} align-top`;
  const isAllSelected = adSpaces.length > 0 && adSpaces.every((space) => selectedIds.has(space.id));
  return (
    <DataTable label="Ad spaces">
      <DataTableHead>
        <DataTableColumn className="w-10">
          <input
            type="checkbox"
            aria-label="Select all ad spaces shown"
            className="size-4 cursor-pointer accent-(--color-primary)"
            checked={isAllSelected}
            onChange={(event) =>
              onSelect(
                adSpaces.map((space) => space.id),
                event.target.checked,
              )
            }
          />
        </DataTableColumn>
        <DataTableColumn>Name and location</DataTableColumn>
        <DataTableColumn className="hidden w-32 sm:table-cell md:hidden lg:table-cell">
          On screen
        </DataTableColumn>
        <DataTableColumn className="w-36 sm:w-44">Status</DataTableColumn>
        <DataTableColumn className="hidden w-56 xl:table-cell">Playing now</DataTableColumn>
        <DataTableColumn className="hidden w-44 2xl:table-cell">Default playlist</DataTableColumn>
        <DataTableActionsColumn />
      </DataTableHead>
      <tbody>
        {adSpaces.map((adSpace) => {
          const playing = playingLabel(adSpace.playing);
          const thumbnail = (className: string) => (
            <ScreenThumbnail
              adSpaceName={adSpace.name}
              shot={screenshots?.get(adSpace.id)}
              playing={adSpace.playing}
              onOpen={() => onAction('screen', adSpace)}
              size="sm"
              className={className}
            />
          );
          return (
            <DataTableRow key={adSpace.id} label={adSpace.name}>
              <td className="px-3 py-3 align-top">
                <input
                  type="checkbox"
                  aria-label={`Select ${adSpace.name}`}
                  className="size-4 cursor-pointer accent-(--color-primary)"
                  checked={selectedIds.has(adSpace.id)}
                  onChange={(event) => onSelect([adSpace.id], event.target.checked)}
                />
              </td>
              <td className="px-3 py-2.5 align-top">
                <button
                  type="button"
                  onClick={() => onAction('edit', adSpace)}
                  aria-label={`Edit ${adSpace.name}`}
                  title={adSpace.name}
                  className="block w-full min-w-0 cursor-pointer truncate rounded-md text-left text-sm font-medium text-foreground hover:underline"
                >
                  {adSpace.name}
                </button>
                <span className="block truncate text-xs text-muted-foreground">
                  {adSpace.location.name} · {adSpace.location.city}
                </span>
                <span className="block truncate text-xs text-muted-foreground tabular-nums">
                  {orientationLabel(adSpace)} · {adSpace.resolutionWidth} ×{' '}
                  {adSpace.resolutionHeight}
                </span>
                {adSpace.tags.length > 0 && (
                  <span className="mt-1 flex flex-wrap gap-1" aria-label="Tags">
                    {adSpace.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </span>
                )}
              </td>
              <td className={cn(td, 'hidden sm:table-cell md:hidden lg:table-cell')}>
                {thumbnail('')}
              </td>
              <td className={td}>
                <StatusBadge status={adSpace.status} />
                <LastSeen at={adSpace.lastSeenAt} className="mt-1 block text-xs" />
                <NowPlaying adSpace={adSpace} className="mt-1 xl:hidden" />
                <PlayerSummary player={adSpace.player} />
                {thumbnail('mt-2 sm:hidden md:grid lg:hidden')}
              </td>
              <td className={cn(td, 'hidden xl:table-cell')}>
                <span className="block truncate" title={playing}>
                  {playing}
                </span>
                <NowPlaying adSpace={adSpace} className="mt-1" />
              </td>
              <td
                className={cn(td, 'hidden truncate 2xl:table-cell')}
                title={adSpace.defaultPlaylist?.name}
              >
                {adSpace.defaultPlaylist?.name ?? 'None (idle screen)'}
              </td>
              <td className="px-2 py-2 text-right align-top">
                <AdSpaceMenu adSpace={adSpace} onAction={onAction} />
              </td>
            </DataTableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
