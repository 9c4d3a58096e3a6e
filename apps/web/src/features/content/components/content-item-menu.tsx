import { Download, Eye, Pencil } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuDeleteItem,
} from '@/components/ui/dropdown-menu';
import { RowActionsTrigger } from '@/components/ui/data-table';
import { downloadNameOf } from '@/features/content/utils/object-names';

export type TItemAction = 'preview' | 'rename' | 'delete';

/** The "…" menu of a library item: preview, rename, download, delete. */
export function ContentItemMenu({
  item,
  onAction,
  className,
}: {
  item: TContentItem;
  onAction: (action: TItemAction, item: TContentItem) => void;
  className?: string;
}) {
  return (
    // Not modal: the menu closes as a dialog opens from it, and focus moves to the dialog.
    <DropdownMenu modal={false}>
      <RowActionsTrigger
        aria-label={`Actions for ${item.name}`}
        data-item-actions={item.id}
        className={className}
      />
      <DropdownMenuContent className="min-w-44">
        <DropdownMenuItem onSelect={() => onAction('preview', item)}>
          <Eye aria-hidden />
          Preview
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('rename', item)}>
          <Pencil aria-hidden />
          Rename…
        </DropdownMenuItem>
        {item.mediaUrl && (
          <DropdownMenuItem asChild>
            <a href={item.mediaUrl} download={downloadNameOf(item)}>
              <Download aria-hidden />
              Download
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuDeleteItem onSelect={() => onAction('delete', item)} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
