import type { TContentItem } from '@screenline/shared/content';
import {
  IMAGE_SOURCE,
  LibraryPickerDialog,
  type TPickerDialogState,
} from '@/components/library-picker-dialog';

/** Picks a top-up's receipt among the images of the user's content library. */
export function ReceiptPickerDialog({
  selectedId,
  onSelect,
  ...dialog
}: TPickerDialogState & {
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
}) {
  return (
    <LibraryPickerDialog
      {...dialog}
      title="Choose a receipt"
      description="An image from your content library: a photo or screenshot of the transfer."
      picker="receipt-picker"
      {...IMAGE_SOURCE}
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
