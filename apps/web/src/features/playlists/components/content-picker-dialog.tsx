import type { TContentItem } from '@screenline/shared/content';
import { LibraryPickerDialog, type TPickerDialogState } from '@/components/library-picker-dialog';
import { formatClock } from '@/features/playlists/utils/durations';

function describe(item: TContentItem): string {
  if (item.kind === 'video') {
    return item.durationMs === null ? 'Video' : `Video · ${formatClock(item.durationMs)}`;
  }
  return `Image · ${item.width} × ${item.height}`;
}

/**
 * Picks images and videos from the library (ready ones only), several at a time, in the order
 * they were picked.
 */
export function ContentPickerDialog({
  onAdd,
  ...dialog
}: TPickerDialogState & {
  onAdd: (items: TContentItem[]) => void;
}) {
  return (
    <LibraryPickerDialog
      {...dialog}
      title="Add from your library"
      description="Pick images and videos; they are added in the order you pick them."
      picker="playlist-picker"
      empty={{
        text: 'Your library has no images or videos ready to play yet.',
        linkLabel: 'Upload content',
      }}
      describe={describe}
      selection="many"
      addLabel={(count) =>
        count === 0 ? 'Add' : count === 1 ? 'Add 1 item' : `Add ${count} items`
      }
      onAdd={onAdd}
    />
  );
}
