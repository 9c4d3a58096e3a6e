import { useState } from 'react';
import { Link } from 'react-router';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { PlayingNowNotice } from '@/components/schedule/playing-now-notice';
import { buttonClasses, Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { usePlaylistOptions } from '@/features/ad-spaces/api/list-options';
import { useSetDefaultPlaylist } from '@/features/ad-spaces/api/save-ad-space';

/**
 * After an ad space is saved: what it plays now (the save's answer carries the resolver's
 * `playing`) and, when it has no default playlist, the offer to play one all the time.
 */
export function SavedAdSpaceNotice({
  adSpace,
  onChange,
  onDismiss,
}: {
  adSpace: TAdSpace;
  onChange: (adSpace: TAdSpace) => void;
  onDismiss: () => void;
}) {
  const playlists = usePlaylistOptions();
  const setDefault = useSetDefaultPlaylist();
  const [choice, setChoice] = useState('');
  const options = playlists.data ?? [];
  const playlistId = choice || options[0]?.id || '';
  const scheduleHref = `${paths.advertiser.schedule}?${new URLSearchParams({ adSpace: adSpace.id }).toString()}`;

  const playAllTheTime = async () => {
    try {
      const saved = await setDefault.mutateAsync({ id: adSpace.id, playlistId });
      toast.success(`${saved.defaultPlaylist?.name ?? 'The playlist'} plays on ${saved.name}.`);
      onChange(saved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <PlayingNowNotice
      spaceName={adSpace.name}
      playing={adSpace.playing}
      onDismiss={onDismiss}
      className="mb-4"
    >
      {adSpace.defaultPlaylist === null && options.length > 0 && (
        <>
          <Select
            aria-label="Playlist to play all the time"
            className="w-auto min-w-40 text-foreground"
            value={playlistId}
            onChange={(event) => setChoice(event.target.value)}
          >
            {options.map((playlist) => (
              <option key={playlist.id} value={playlist.id}>
                {playlist.name}
              </option>
            ))}
          </Select>
          <Button size="sm" isPending={setDefault.isPending} onClick={playAllTheTime}>
            Play it all the time
          </Button>
        </>
      )}
      {adSpace.defaultPlaylist === null && playlists.isSuccess && options.length === 0 && (
        <Link to={paths.advertiser.newPlaylist} className={buttonClasses('primary', 'sm')}>
          Build a playlist to play
        </Link>
      )}
      <Link to={scheduleHref} className={buttonClasses('outline', 'sm')}>
        Schedule it by time of day
      </Link>
    </PlayingNowNotice>
  );
}
