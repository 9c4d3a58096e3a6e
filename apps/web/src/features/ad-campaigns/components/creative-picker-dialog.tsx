import { CAMPAIGN_CREATIVES_MAX } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { LibraryPickerDialog, type TPickerDialogState } from '@/components/library-picker-dialog';

function describe(item: TContentItem): string {
  if (item.kind === 'video') {
    return item.durationMs === null ? 'Video' : `Video · ${Math.round(item.durationMs / 1000)} s`;
  }
  return `Image · ${item.width} × ${item.height}`;
}

/**
 * Picks images and videos from the buyer's library (ready ones only) to add to a campaign, up to
 * the campaign's limit less those it has (`room`); those it has show as chosen.
 */
export function CreativePickerDialog({
  room,
  excludedIds,
  onAdd,
  ...dialog
}: TPickerDialogState & {
  room: number;
  excludedIds: readonly string[];
  onAdd: (items: TContentItem[]) => void;
}) {
  return (
    <LibraryPickerDialog
      {...dialog}
      title="Add creatives"
      description={`Pick images and videos from your library: up to ${CAMPAIGN_CREATIVES_MAX} in a campaign, ${room} more here.`}
      picker="campaign-picker"
      empty={{
        text: 'Your library has no images or videos ready to show yet.',
        linkLabel: 'Upload creatives',
      }}
      describe={describe}
      selection="many"
      room={room}
      chosenIds={new Set(excludedIds)}
      chosenLabel={(item) => `${item.name} (already in this campaign)`}
      addLabel={(count) => (count === 1 ? 'Add 1 creative' : `Add ${count} creatives`)}
      onAdd={onAdd}
    />
  );
}
