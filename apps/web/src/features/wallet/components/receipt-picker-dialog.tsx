import type { TContentItem } from '@screenline/shared/content';
import { LibraryPickerDialog } from '@/components/library-picker-dialog';

/** Picks a top-up's receipt among the images of the user's content library. */
export function ReceiptPickerDialog({
  open,
  onOpenChange,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
}) {
  return (
    <LibraryPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose a receipt"
      description="An image from your content library: a photo or screenshot of the transfer."
      picker="receipt-picker"
      kind="image"
      isSearchable={false}
      isReadyOnly={false}
      listLabel="Your images"
      loadingLabel="Loading your images"
      empty={{
        text: 'Your library has no images yet.',
        linkLabel: 'Upload the receipt in Content',
      }}
      selection="one"
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}
