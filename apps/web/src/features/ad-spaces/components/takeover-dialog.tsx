import { useState, type FormEvent } from 'react';
import { Siren } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { TAKEOVER_KINDS, type TStartTakeover } from '@screenline/shared/fleet';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useImageOptions, useStartTakeover } from '@/features/ad-spaces/api/fleet';
import { usePlaylistOptions } from '@/features/ad-spaces/api/list-options';
import { useScreenGroups } from '@/lib/api/screen-groups';

const KIND_WORDS = { message: 'A message', image: 'An image', playlist: 'A playlist' } as const;
const DURATIONS = [
  { minutes: 15, label: '15 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 240, label: '4 hours' },
  { minutes: 24 * 60, label: '24 hours' },
] as const;
const SCOPES = [
  { value: 'all', label: 'All my screens' },
  { value: 'chosen', label: 'Chosen screens' },
  { value: 'group', label: 'A group' },
] as const;
type TScope = (typeof SCOPES)[number]['value'];

/**
 * Starts an emergency takeover (issue 23 item 6): a message, an image or a playlist on all of the
 * owner's screens, chosen ones or a screen group's (its members at the start), at once, until
 * ended or expired. Ads stop (and are not billed) while it shows.
 */
export function TakeoverDialog({
  isOpen,
  adSpaces,
  onClose,
  onCloseAutoFocus,
}: {
  isOpen: boolean;
  adSpaces: readonly TAdSpace[];
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [kind, setKind] = useState<TStartTakeover['kind']>('message');
  const [message, setMessage] = useState('');
  const [contentId, setContentId] = useState('');
  const [playlistId, setPlaylistId] = useState('');
  const [scope, setScope] = useState<TScope>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [groupId, setGroupId] = useState('');
  const [minutes, setMinutes] = useState(60);
  const [error, setError] = useState<string | undefined>(undefined);
  const images = useImageOptions(isOpen && kind === 'image');
  const playlists = usePlaylistOptions();
  const start = useStartTakeover();
  const groups = useScreenGroups();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: TStartTakeover = {
      kind,
      durationMinutes: minutes,
      allAdSpaces: scope === 'all',
      ...(scope === 'chosen' ? { adSpaceIds: chosen } : {}),
      ...(scope === 'group' && groupId ? { groupIds: [groupId] } : {}),
      ...(kind === 'message' ? { message } : {}),
      ...(kind === 'image' && contentId ? { contentId } : {}),
      ...(kind === 'playlist' && playlistId ? { playlistId } : {}),
    };
    const problem =
      kind === 'message' && !message.trim()
        ? 'Write the message.'
        : scope === 'chosen' && chosen.length === 0
          ? 'Choose the screens, or all of them.'
          : scope === 'group' && !groupId
            ? 'Choose a group.'
            : undefined;
    setError(problem);
    if (problem) return;
    start.mutate(input, {
      onSuccess: (takeover) => {
        toast.success(`Takeover started on ${takeover.adSpaces.length} screen(s).`);
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Emergency takeover</DialogTitle>
        <DialogDescription className="mb-4">
          Replaces everything on the screens at once, ads included (no ad is billed while it shows),
          until you end it or it expires. TVs that are offline show it when they reconnect.
        </DialogDescription>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">Show</legend>
            <div className="flex flex-wrap gap-4">
              {TAKEOVER_KINDS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="takeover-kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                  />
                  {KIND_WORDS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === 'message' && (
            <FormField label="Message" hint="Large white text on red, up to 500 characters.">
              {(control) => (
                <Textarea
                  {...control}
                  value={message}
                  maxLength={500}
                  rows={3}
                  onChange={(event) => setMessage(event.target.value)}
                />
              )}
            </FormField>
          )}
          {kind === 'image' && (
            <FormField label="Image" hint="From your library; it downloads to each TV first.">
              {(control) => (
                <Select
                  {...control}
                  value={contentId}
                  onChange={(e) => setContentId(e.target.value)}
                >
                  <option value="">Choose an image</option>
                  {(images.data ?? []).map((image) => (
                    <option key={image.id} value={image.id}>
                      {image.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          {kind === 'playlist' && (
            <FormField label="Playlist" hint="Plays without its ad slots.">
              {(control) => (
                <Select
                  {...control}
                  value={playlistId}
                  onChange={(e) => setPlaylistId(e.target.value)}
                >
                  <option value="">Choose a playlist</option>
                  {(playlists.data ?? []).map((playlist) => (
                    <option key={playlist.id} value={playlist.id}>
                      {playlist.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">Screens</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {SCOPES.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="takeover-scope"
                    value={option.value}
                    checked={scope === option.value}
                    onChange={() => setScope(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {scope === 'group' && (
              <FormField
                label="Group"
                hint="Its screens when the takeover starts; the log keeps which ones they were."
              >
                {(control) => (
                  <Select {...control} value={groupId} onChange={(e) => setGroupId(e.target.value)}>
                    <option value="">Choose a group</option>
                    {(groups.data ?? []).map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.name} ({group.members.length})
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            )}
            {scope === 'chosen' && (
              <div className="grid max-h-48 gap-1.5 overflow-y-auto rounded-md border border-border p-3">
                {adSpaces.map((adSpace) => (
                  <label key={adSpace.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(adSpace.id)}
                      onChange={(e) =>
                        setChosen((ids) =>
                          e.target.checked
                            ? [...ids, adSpace.id]
                            : ids.filter((id) => id !== adSpace.id),
                        )
                      }
                    />
                    {adSpace.name}
                    <span className="text-xs text-muted-foreground">{adSpace.location.name}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <FormField label="Ends after">
            {(control) => (
              <Select
                {...control}
                value={String(minutes)}
                onChange={(e) => setMinutes(Number(e.target.value))}
              >
                {DURATIONS.map((duration) => (
                  <option key={duration.minutes} value={duration.minutes}>
                    {duration.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {error && (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" isPending={start.isPending}>
              <Siren aria-hidden />
              Start takeover
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
