import type { TContentItem } from '@screenline/shared/content';
import { LibraryPickerDialog } from '@/components/library-picker-dialog';
import { Button } from '@/components/ui/button';
import { formatDimensions } from '@/features/content/utils/format';

/** Picks a background image from the user's library. */
export function ImagePickerDialog({
  open,
  onOpenChange,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: string | null;
  onSelect: (item: TContentItem | null) => void;
}) {
  return (
    <LibraryPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose a background image"
      description="Images from your library. It is cropped to fill its area."
      picker="image-picker"
      kind="image"
      isSearchable={false}
      isReadyOnly={false}
      listLabel="Your images"
      loadingLabel="Loading your images"
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
              onOpenChange(false);
            }}
          >
            No background image
          </Button>
        )
      }
    />
  );
}
