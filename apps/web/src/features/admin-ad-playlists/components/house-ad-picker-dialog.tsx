import type { TContentItem } from '@screenline/shared/content';
import { LibraryPickerDialog, type TPickerDialogState } from '@/components/library-picker-dialog';

/** Picks house ads from the super-user's own library (ready images and videos). */
export function HouseAdPickerDialog({
  chosenIds,
  room,
  onAdd,
  ...dialog
}: TPickerDialogState & {
  chosenIds: ReadonlySet<string>;
  /** How many more house ads fit (ZUpdateAdPlaylist allows 20). */
  room: number;
  onAdd: (items: TContentItem[]) => void;
}) {
  return (
    <LibraryPickerDialog
      {...dialog}
      title="Add house ads"
      description="From your own library. House ads fill the slots when no campaign can, and are not billed."
      picker="house-ad-picker"
      empty={{
        text: 'Your library has no images or videos ready to play yet.',
        linkLabel: 'Upload content',
      }}
      selection="many"
      room={room}
      chosenIds={chosenIds}
      chosenLabel={(item) => `${item.name} (already a house ad)`}
      addLabel={(count) =>
        count === 0 ? 'Add' : count === 1 ? 'Add 1 house ad' : `Add ${count} house ads`
      }
      onAdd={onAdd}
    />
  );
}
