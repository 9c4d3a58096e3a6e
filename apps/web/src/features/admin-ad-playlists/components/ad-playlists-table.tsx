import { generatePath, Link } from 'react-router';
import { Pencil, Play } from 'lucide-react';
import type { TAdPlaylistList } from '@screenline/shared/ad-playlist';
import { buttonClasses } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

type TSummary = TAdPlaylistList['items'][number];

const figure = cn(dataTableCell, 'text-right tabular-nums');

/** One row per monetized ad space: where it is, whose it is, what its rotation holds. */
export function AdPlaylistsTable({ items }: { items: readonly TSummary[] }) {
  return (
    <DataTable label="Ad playlists">
      <DataTableHead>
        <DataTableColumn>Ad space</DataTableColumn>
        <DataTableColumn className="hidden w-40 md:table-cell">Owner</DataTableColumn>
        <DataTableColumn className="w-24 text-right sm:w-28">Campaigns playing</DataTableColumn>
        <DataTableColumn className="hidden w-20 text-right lg:table-cell">Pinned</DataTableColumn>
        <DataTableColumn className="hidden w-20 text-right lg:table-cell">Excluded</DataTableColumn>
        <DataTableColumn className="hidden w-24 text-right lg:table-cell">
          House ads
        </DataTableColumn>
        <DataTableColumn className="w-28 sm:w-52">
          <span className="sr-only">Actions</span>
        </DataTableColumn>
      </DataTableHead>
      <tbody>
        {items.map((item) => {
          const editPath = generatePath(paths.admin.editAdPlaylist, { playlistId: item.adSpaceId });
          const playerPath = generatePath(paths.admin.adPlaylistPlayer, {
            playlistId: item.adSpaceId,
          });
          return (
            <DataTableRow key={item.adSpaceId} label={item.name}>
              <td className="px-3 py-2.5 align-top">
                <Link
                  to={editPath}
                  className="block truncate rounded-md text-sm font-medium text-foreground hover:underline"
                >
                  {item.name}
                </Link>
                <span className="block truncate text-xs text-muted-foreground">
                  {item.city}
                  <span className="md:hidden"> · {item.ownerName}</span>
                </span>
              </td>
              <td className={cn(dataTableCell, 'hidden truncate md:table-cell')}>
                {item.ownerName}
              </td>
              <td className={figure}>{item.campaignsPlaying}</td>
              <td className={cn(figure, 'hidden lg:table-cell')}>{item.pinned}</td>
              <td className={cn(figure, 'hidden lg:table-cell')}>{item.excluded}</td>
              <td className={cn(figure, 'hidden lg:table-cell')}>{item.houseAds}</td>
              <td className="px-2 py-2 text-right align-top">
                <div className="flex justify-end gap-1">
                  <Link
                    to={editPath}
                    aria-label={`Edit the ad playlist of ${item.name}`}
                    className={buttonClasses('ghost', 'sm')}
                  >
                    <Pencil aria-hidden />
                    <span className="hidden sm:inline">Edit</span>
                  </Link>
                  <Link
                    to={playerPath}
                    state={{ returnTo: paths.admin.adPlaylists }}
                    aria-label={`Preview the ad playlist of ${item.name}`}
                    className={buttonClasses('ghost', 'sm')}
                  >
                    <Play aria-hidden />
                    <span className="hidden sm:inline">Preview</span>
                  </Link>
                </div>
              </td>
            </DataTableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
