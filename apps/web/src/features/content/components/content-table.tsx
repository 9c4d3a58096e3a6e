import type { TContentItem } from '@screenline/shared/content';
import {
  DataTable,
  DataTableActionsColumn,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
} from '@/components/ui/data-table';
import { ContentItemMenu, type TItemAction } from '@/features/content/components/content-item-menu';
import { ContentThumbnail } from '@/features/content/components/content-thumbnail';
import { formatLabel, kindLabel } from '@/features/content/utils/content-labels';
import { formatBytes } from '@screenline/shared/format';
import {
  formatDimensions,
  formatDuration,
  formatUploadDate,
} from '@/features/content/utils/format';

/** Library items as a table; narrow screens keep name, type and the menu. */
export function ContentTable({
  items,
  onAction,
}: {
  items: readonly TContentItem[];
  onAction: (action: TItemAction, item: TContentItem) => void;
}) {
  const td = 'px-3 py-2 text-sm whitespace-nowrap text-muted-foreground tabular-nums';
  return (
    <DataTable label="Content library">
      <DataTableHead>
        <DataTableColumn>Name</DataTableColumn>
        <DataTableColumn className="w-24">Type</DataTableColumn>
        <DataTableColumn className="hidden w-32 md:table-cell">Dimensions</DataTableColumn>
        <DataTableColumn className="hidden w-24 lg:table-cell">Duration</DataTableColumn>
        <DataTableColumn className="hidden w-24 sm:table-cell">Size</DataTableColumn>
        <DataTableColumn className="hidden w-32 lg:table-cell">Uploaded</DataTableColumn>
        <DataTableActionsColumn />
      </DataTableHead>
      <tbody>
        {items.map((item) => (
          <DataTableRow key={item.id} label={item.name}>
            <td className="px-3 py-2">
              <button
                type="button"
                onClick={() => onAction('preview', item)}
                aria-label={`Preview ${item.name}`}
                data-item-preview={item.id}
                className="flex w-full min-w-0 cursor-pointer items-center gap-3 rounded-md text-left"
              >
                <span className="block aspect-video w-16 shrink-0 overflow-hidden rounded-md border border-border">
                  <ContentThumbnail item={item} iconClassName="size-4" />
                </span>
                <span className="truncate text-sm font-medium text-foreground" title={item.name}>
                  {item.name}
                </span>
              </button>
            </td>
            <td className={td}>
              {kindLabel(item)}
              <span className="block text-xs">{formatLabel(item.contentType)}</span>
            </td>
            <td className={`${td} hidden md:table-cell`}>
              {formatDimensions(item.width, item.height)}
            </td>
            <td className={`${td} hidden lg:table-cell`}>
              {item.durationMs == null ? '—' : formatDuration(item.durationMs)}
            </td>
            <td className={`${td} hidden sm:table-cell`}>{formatBytes(item.sizeBytes)}</td>
            <td className={`${td} hidden lg:table-cell`}>
              <time dateTime={item.createdAt}>{formatUploadDate(item.createdAt)}</time>
            </td>
            <td className="px-2 py-2 text-right">
              <ContentItemMenu item={item} onAction={onAction} />
            </td>
          </DataTableRow>
        ))}
      </tbody>
    </DataTable>
  );
}
