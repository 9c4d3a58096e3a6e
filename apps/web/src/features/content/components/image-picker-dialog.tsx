import type { TContentItem } from '@screenline/shared/content';
import {
  IMAGE_SOURCE,
  LibraryPickerDialog,
  type TPickerDialogState,
} from '@/components/library-picker-dialog';
import { Button } from '@/components/ui/button';
import { formatDimensions } from '@/features/content/utils/format';

/** Picks a background image from the user's library. */
export function ImagePickerDialog({
  selectedId,
  onSelect,
  ...dialog
}: TPickerDialogState & {
  selectedId: string | null;
  onSelect: (item: TContentItem | null) => void;
}) {
  return (
    <LibraryPickerDialog
      {...dialog}
      title="Choose a background image"
      description="Images from your library. It is cropped to fill its area."
      picker="image-picker"
      {...IMAGE_SOURCE}
      empty={{ text: 'Your library has no images yet.', linkLabel: 'Upload images in Content' }}
      describe={(item) => formatDimensions(item.width, item.height)}
      selection="one"
      selectedId={selectedId}
      onSelect={onSelect}
      extraActions={
        selectedId && (
          <Button
            variant="ghost"
            onClick={() => {
              onSelect(null);
              dialog.onOpenChange(false);
            }}
          >
            No background image
          </Button>
        )
      }
    />
  );
}
