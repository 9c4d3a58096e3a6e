import { MoreHorizontal, Pencil, Trash2, Tv } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import {
  LastSeen,
  StatusBadge,
  playingLabel,
} from '@/features/ad-spaces/components/ad-space-status';

export type TAdSpaceAction = 'edit' | 'connect' | 'delete';

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
      <DropdownMenuTrigger
        aria-label={`Actions for ${adSpace.name}`}
        data-ad-space-actions={adSpace.id}
        className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground data-[state=open]:bg-surface-muted"
      >
        <MoreHorizontal aria-hidden className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-44">
        <DropdownMenuItem onSelect={() => onAction('edit', adSpace)}>
          <Pencil aria-hidden />
          Edit…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('connect', adSpace)}>
          <Tv aria-hidden />
          Connect a TV…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onAction('delete', adSpace)}
          className="text-danger [&_svg]:text-danger"
        >
          <Trash2 aria-hidden />
          Delete…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const orientationLabel = (adSpace: TAdSpace) =>
  adSpace.orientation === 'portrait' ? 'Portrait' : 'Landscape';

/**
 * Ad spaces as a table. The name cell carries the location; narrower screens drop the
 * default playlist, then what plays now, then the screen's shape; a phone keeps name and status.
 */
export function AdSpacesTable({
  adSpaces,
  onAction,
}: {
  adSpaces: readonly TAdSpace[];
  onAction: (action: TAdSpaceAction, adSpace: TAdSpace) => void;
}) {
  const th = 'px-3 py-2.5 text-left text-xs font-medium text-muted-foreground';
  const td = 'px-3 py-2.5 align-top text-sm text-muted-foreground';
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-xs">
      <table aria-label="Ad spaces" className="w-full table-fixed border-collapse">
        <thead className="border-b border-border bg-surface-muted/60">
          <tr>
            <th scope="col" className={th}>
              Name and location
            </th>
            <th scope="col" className={cn(th, 'hidden w-40 md:table-cell')}>
              Screen
            </th>
            <th scope="col" className={cn(th, 'w-36 sm:w-44')}>
              Status
            </th>
            <th scope="col" className={cn(th, 'hidden w-56 lg:table-cell')}>
              Playing now
            </th>
            <th scope="col" className={cn(th, 'hidden w-44 xl:table-cell')}>
              Default playlist
            </th>
            <th scope="col" className={cn(th, 'w-12')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {adSpaces.map((adSpace) => {
            const playing = playingLabel(adSpace.playing);
            return (
              <tr
                key={adSpace.id}
                aria-label={adSpace.name}
                className="border-b border-border last:border-b-0 hover:bg-surface-muted/50"
              >
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
                </td>
                <td className={cn(td, 'hidden md:table-cell')}>
                  {orientationLabel(adSpace)}
                  <span className="block text-xs tabular-nums">
                    {adSpace.resolutionWidth} × {adSpace.resolutionHeight}
                  </span>
                </td>
                <td className={td}>
                  <StatusBadge status={adSpace.status} />
                  <LastSeen at={adSpace.lastSeenAt} className="mt-1 block text-xs" />
                </td>
                <td className={cn(td, 'hidden truncate lg:table-cell')} title={playing}>
                  {playing}
                </td>
                <td
                  className={cn(td, 'hidden truncate xl:table-cell')}
                  title={adSpace.defaultPlaylist?.name}
                >
                  {adSpace.defaultPlaylist?.name ?? 'None (idle screen)'}
                </td>
                <td className="px-2 py-2 text-right align-top">
                  <AdSpaceMenu adSpace={adSpace} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
