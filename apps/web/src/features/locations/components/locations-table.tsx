import { Pencil } from 'lucide-react';
import { VENUE_TYPE_LABELS, type TLocation } from '@screenline/shared/location';
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
      <RowActionsTrigger
        aria-label={`Actions for ${location.name}`}
        data-location-actions={location.id}
      />
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuItem onSelect={() => onAction('edit', location)}>
          <Pencil aria-hidden />
          Edit…
        </DropdownMenuItem>
        <DropdownMenuDeleteItem onSelect={() => onAction('delete', location)} />
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
  const td = dataTableCell;
  return (
    <DataTable label="Locations">
      <DataTableHead>
        <DataTableColumn>Name</DataTableColumn>
        {/* No fixed width: name and place share what the fixed columns leave (issue 21). */}
        <DataTableColumn className="hidden md:table-cell">City</DataTableColumn>
        <DataTableColumn className="hidden w-36 lg:table-cell">Venue type</DataTableColumn>
        <DataTableColumn className="hidden w-44 sm:table-cell">Time zone</DataTableColumn>
        <DataTableColumn className="w-24 text-right">Ad spaces</DataTableColumn>
        <DataTableActionsColumn />
      </DataTableHead>
      <tbody>
        {locations.map((location) => {
          const place = `${location.address.city}, ${countryName(location.address.country)}`;
          return (
            <DataTableRow key={location.id} label={location.name}>
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
              <td className={`${td} hidden break-words md:table-cell`}>{place}</td>
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
            </DataTableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
