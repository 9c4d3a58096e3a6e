import type { TAdSpace } from '@screenline/shared/ad-space';
import { formatWeekdays, formatWindow } from '@screenline/shared/schedule-label';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { PlayingNowNotice } from '@/components/schedule/playing-now-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePlayingNow } from '@/features/schedule/api/get-playing';
import { useSetDefaultPlaylist } from '@/features/schedule/api/set-default-playlist';

/**
 * After an entry is saved: what the space plays at this moment (the server's resolver, the same
 * answer the TV gets) and, unless the entry's playlist is the default already, the offer to play
 * it all the time by making it the space's default playlist.
 */
export function SavedEntryNotice({
  adSpace,
  entry,
  onDismiss,
}: {
  adSpace: TAdSpace;
  entry: TScheduleEntryView;
  onDismiss: () => void;
}) {
  const playing = usePlayingNow(adSpace.id);
  const setDefault = useSetDefaultPlaylist();

  if (playing.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Checking what {adSpace.name} plays now…
      </p>
    );
  }
  if (playing.isError) {
    return (
      <Alert tone="error" title="What plays now could not be checked">
        {errorMessage(playing.error)}
      </Alert>
    );
  }

  const isThisEntry = playing.data.scheduleEntryId === entry.id;
  const isDefault = adSpace.defaultPlaylist?.id === entry.playlistId;
  const when = `${formatWeekdays(entry.weekdays)}, ${formatWindow(entry.startTime, entry.endTime)}`;
  const playAllTheTime = async () => {
    try {
      await setDefault.mutateAsync({ adSpaceId: adSpace.id, playlistId: entry.playlistId });
      toast.success(`${entry.playlistName} is now the default playlist of ${adSpace.name}.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <PlayingNowNotice
      spaceName={adSpace.name}
      playing={playing.data}
      onDismiss={onDismiss}
      detail={
        isThisEntry
          ? `This entry plays it: ${when}.`
          : `${entry.playlistName} plays in this entry’s window: ${when}.`
      }
    >
      {!isDefault && (
        <>
          <Button size="sm" isPending={setDefault.isPending} onClick={playAllTheTime}>
            Play {entry.playlistName} all the time
          </Button>
          <span className="text-xs">
            It becomes the default playlist: it plays whenever no entry is active.
          </span>
        </>
      )}
    </PlayingNowNotice>
  );
}
