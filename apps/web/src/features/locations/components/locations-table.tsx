import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { VENUE_TYPE_LABELS, type TLocation } from '@screenline/shared/location';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { countryName } from '@/features/locations/utils/countries';
import { timeZoneLabel } from '@/features/locations/utils/time-zones';

export type TLocationAction = 'edit' | 'delete';

/** The selector of a row's Actions button: focus returns there after a dialog it opened. */
export const locationActionsSelector = (id: string) =>
  `[data-location-actions="${CSS.escape(id)}"]`;

function LocationMenu({
  location,
  onAction,
}: {
  location: TLocation;
  onAction: (action: TLocationAction, location: TLocation) => void;
}) {
  return (
    // Not modal: the menu closes as a dialog opens from it, and focus moves to the dialog.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`Actions for ${location.name}`}
        data-location-actions={location.id}
        className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground data-[state=open]:bg-surface-muted"
      >
        <MoreHorizontal aria-hidden className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuItem onSelect={() => onAction('edit', location)}>
          <Pencil aria-hidden />
          Edit…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onAction('delete', location)}
          className="text-danger [&_svg]:text-danger"
        >
          <Trash2 aria-hidden />
          Delete…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Locations as a table; a phone keeps the name (with the city under it), the count and the menu. */
export function LocationsTable({
  locations,
  onAction,
}: {
  locations: readonly TLocation[];
  onAction: (action: TLocationAction, location: TLocation) => void;
}) {
  const th = 'px-3 py-2.5 text-left text-xs font-medium text-muted-foreground';
  const td = 'px-3 py-2.5 text-sm text-muted-foreground';
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-xs">
      <table aria-label="Locations" className="w-full table-fixed border-collapse">
        <thead className="border-b border-border bg-surface-muted/60">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={`${th} hidden w-48 md:table-cell`}>
              City
            </th>
            <th scope="col" className={`${th} hidden w-36 lg:table-cell`}>
              Venue type
            </th>
            <th scope="col" className={`${th} hidden w-44 sm:table-cell`}>
              Time zone
            </th>
            <th scope="col" className={`${th} w-24 text-right`}>
              Ad spaces
            </th>
            <th scope="col" className={`${th} w-12`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => {
            const place = `${location.address.city}, ${countryName(location.address.country)}`;
            return (
              <tr
                key={location.id}
                aria-label={location.name}
                className="border-b border-border last:border-b-0 hover:bg-surface-muted/50"
              >
                <td className="px-3 py-2.5">
                  <button
                    type="button"
                    onClick={() => onAction('edit', location)}
                    aria-label={`Edit ${location.name}`}
                    className="block w-full min-w-0 cursor-pointer truncate rounded-md text-left text-sm font-medium text-foreground hover:underline"
                    title={location.name}
                  >
                    {location.name}
                  </button>
                  <span className="block truncate text-xs text-muted-foreground md:hidden">
                    {place}
                  </span>
                </td>
                <td className={`${td} hidden truncate md:table-cell`} title={place}>
                  {place}
                </td>
                <td className={`${td} hidden lg:table-cell`}>
                  {VENUE_TYPE_LABELS[location.venueType]}
                </td>
                <td className={`${td} hidden truncate sm:table-cell`} title={location.timeZone}>
                  {timeZoneLabel(location.timeZone)}
                </td>
                <td className={`${td} text-right tabular-nums`}>{location.adSpaceCount}</td>
                <td className="px-2 py-2 text-right">
                  <LocationMenu location={location} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
