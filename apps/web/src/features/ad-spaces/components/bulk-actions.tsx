import { useState, type FormEvent, type ReactNode } from 'react';
import { BadgeEuro, FolderPlus, ListVideo, Send, Tag, Tags, X } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { ZTag, type TBulkAdSpaceRequest } from '@screenline/shared/screen-group';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { usePlatformSettings } from '@/lib/api/get-platform-settings';
import { errorMessage } from '@/lib/api-client';
import { perSecond, pricePerSecondInUnits, microsToUnits } from '@/lib/money-input';
import { toast } from '@/lib/toast';
import { useBulkAdSpaces, useBulkMonetize } from '@/features/ad-spaces/api/bulk-ad-spaces';
import { usePlaylistOptions } from '@/features/ad-spaces/api/list-options';
import { useScreenGroups } from '@/lib/api/screen-groups';

export type TBulkKind = 'playlist' | 'add-tag' | 'remove-tag' | 'group' | 'monetize';

const TITLES: Record<TBulkKind, string> = {
  playlist: 'Change the default playlist',
  'add-tag': 'Add a tag',
  'remove-tag': 'Remove a tag',
  group: 'Add to a group',
  monetize: 'Ask to monetize',
};

const spacesText = (count: number) => (count === 1 ? '1 ad space' : `${count} ad spaces`);

/** The bar above the table while spaces are selected: what can be done to all of them. */
export function BulkActionsBar({
  selected,
  onAction,
  onNewGroup,
  onSendCommand,
  onClear,
}: {
  selected: readonly TAdSpace[];
  onAction: (kind: TBulkKind) => void;
  onNewGroup: () => void;
  /** Opens "Send a command" for the selected screens (issue 23 item 2). */
  onSendCommand: () => void;
  onClear: () => void;
}) {
  if (selected.length === 0) return null;
  const action = (kind: TBulkKind, icon: ReactNode, label: string) => (
    <Button variant="outline" size="sm" onClick={() => onAction(kind)}>
      {icon}
      {label}
    </Button>
  );
  return (
    <div
      role="toolbar"
      aria-label="Actions for the selected ad spaces"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-primary/40 bg-primary-soft/40 px-3 py-2"
    >
      <p className="mr-1 text-sm font-medium" aria-live="polite">
        {spacesText(selected.length)} selected
      </p>
      {action('playlist', <ListVideo aria-hidden />, 'Default playlist…')}
      {action('add-tag', <Tag aria-hidden />, 'Add tag…')}
      {action('remove-tag', <Tags aria-hidden />, 'Remove tag…')}
      {action('group', <FolderPlus aria-hidden />, 'Add to group…')}
      <Button variant="outline" size="sm" onClick={onNewGroup}>
        <FolderPlus aria-hidden />
        New group…
      </Button>
      {action('monetize', <BadgeEuro aria-hidden />, 'Monetize…')}
      <Button variant="outline" size="sm" onClick={onSendCommand}>
        <Send aria-hidden />
        Send command…
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden />
        Clear selection
      </Button>
    </div>
  );
}

/** One field and a submit button; the caller says what the field is and what submitting does. */
function BulkForm({
  selected,
  submitLabel,
  onSubmit,
  children,
}: {
  selected: readonly TAdSpace[];
  submitLabel: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsPending(true);
    setFailure(null);
    try {
      await onSubmit();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsPending(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <DialogBody>
        {failure && <Alert tone="error">{failure}</Alert>}
        {children}
        <p className="text-sm text-muted-foreground">
          {selected.map((space) => space.name).join(', ')}
        </p>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

function TagForm({
  kind,
  selected,
  onDone,
}: {
  kind: 'add-tag' | 'remove-tag';
  selected: readonly TAdSpace[];
  onDone: () => void;
}) {
  const bulk = useBulkAdSpaces();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const present = [...new Set(selected.flatMap((space) => space.tags))].sort();
  return (
    <BulkForm
      selected={selected}
      submitLabel={kind === 'add-tag' ? 'Add tag' : 'Remove tag'}
      onSubmit={async () => {
        const parsed = ZTag.safeParse(text);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        await bulk.mutateAsync({
          adSpaceIds: selected.map((space) => space.id),
          action: { kind, tag: parsed.data },
        });
        toast.success(
          kind === 'add-tag'
            ? `Tagged ${spacesText(selected.length)} “${parsed.data}”.`
            : `Removed “${parsed.data}” from ${spacesText(selected.length)}.`,
        );
        onDone();
      }}
    >
      <FormField
        label="Tag"
        hint={
          present.length > 0
            ? `Their tags: ${present.join(', ')}.`
            : 'Tags are matched without regard to case or extra spaces.'
        }
        error={error}
      >
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            list="bulk-tag-suggestions"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <datalist id="bulk-tag-suggestions">
        {present.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
    </BulkForm>
  );
}

function PlaylistForm({ selected, onDone }: { selected: readonly TAdSpace[]; onDone: () => void }) {
  const bulk = useBulkAdSpaces();
  const playlists = usePlaylistOptions();
  const [playlistId, setPlaylistId] = useState('');
  return (
    <BulkForm
      selected={selected}
      submitLabel="Change default playlist"
      onSubmit={async () => {
        await bulk.mutateAsync({
          adSpaceIds: selected.map((space) => space.id),
          action: {
            kind: 'set-default-playlist',
            playlistId: playlistId === '' ? null : playlistId,
          },
        } satisfies TBulkAdSpaceRequest);
        toast.success(`The default playlist of ${spacesText(selected.length)} changed.`);
        onDone();
      }}
    >
      <FormField label="Default playlist" hint="Plays whenever no schedule entry is active.">
        {(field) => (
          <Select
            {...field}
            value={playlistId}
            onChange={(event) => setPlaylistId(event.target.value)}
          >
            <option value="">None (idle screen)</option>
            {(playlists.data ?? []).map((playlist) => (
              <option key={playlist.id} value={playlist.id}>
                {playlist.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </BulkForm>
  );
}

function GroupForm({ selected, onDone }: { selected: readonly TAdSpace[]; onDone: () => void }) {
  const bulk = useBulkAdSpaces();
  const groups = useScreenGroups();
  // Only a static group takes members; a tag group's follow its tags.
  const choices = (groups.data ?? []).filter((group) => group.kind === 'static');
  const [groupId, setGroupId] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <BulkForm
      selected={selected}
      submitLabel="Add to group"
      onSubmit={async () => {
        const group = choices.find((choice) => choice.id === groupId);
        if (!group) {
          setError('Pick a group.');
          return;
        }
        await bulk.mutateAsync({
          adSpaceIds: selected.map((space) => space.id),
          action: { kind: 'add-to-group', groupId },
        });
        toast.success(`Added ${spacesText(selected.length)} to “${group.name}”.`);
        onDone();
      }}
    >
      {groups.isSuccess && choices.length === 0 ? (
        <Alert>
          You have no group of chosen screens yet: use “New group…” to make one from this selection.
          A tag group takes screens by their tags.
        </Alert>
      ) : (
        <FormField
          label="Group"
          hint="Its schedule entries start playing on these screens too."
          error={error}
        >
          {(field) => (
            <Select {...field} value={groupId} onChange={(event) => setGroupId(event.target.value)}>
              <option value="">Choose a group…</option>
              {choices.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </BulkForm>
  );
}

function MonetizeForm({ selected, onDone }: { selected: readonly TAdSpace[]; onDone: () => void }) {
  const monetize = useBulkMonetize();
  const settings = usePlatformSettings();
  const minimum = settings.data?.minMicrosPerSecond ?? 0;
  const [floor, setFloor] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  /** The spaces the server refused, each with its reason; the others were requested. */
  const [refusals, setRefusals] = useState<string | null>(null);
  const shown = floor ?? (settings.data ? microsToUnits(minimum) : '');
  return (
    <BulkForm
      selected={selected}
      submitLabel="Request monetization"
      onSubmit={async () => {
        const parsed = pricePerSecondInUnits({
          min: minimum,
          belowMin: `The platform’s minimum is ${perSecond(minimum)}.`,
        }).safeParse(shown);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        const outcome = await monetize.mutateAsync({
          adSpaces: selected,
          floorMicrosPerSecond: parsed.data,
        });
        if (outcome.requested.length > 0) {
          toast.success(`Monetization requested for ${outcome.requested.join(', ')}.`);
        }
        if (outcome.refused.length > 0) {
          setRefusals(
            outcome.refused.map((refusal) => `${refusal.name}: ${refusal.message}`).join(' '),
          );
          return;
        }
        onDone();
      }}
    >
      {refusals && (
        <Alert tone="error" title="Not requested for every screen">
          {refusals}
        </Alert>
      )}
      <FormField
        label="Floor price per second (€)"
        hint={`At least ${perSecond(minimum)}. Each screen is reviewed by a super-user, as when you ask for one.`}
        error={error}
      >
        {(field) => (
          <Input
            {...field}
            inputMode="decimal"
            autoComplete="off"
            value={shown}
            onChange={(event) => setFloor(event.target.value)}
          />
        )}
      </FormField>
    </BulkForm>
  );
}

/** The dialog of one bulk action on the selected spaces. */
export function BulkActionDialog({
  kind,
  selected,
  onClose,
}: {
  kind: TBulkKind | null;
  selected: readonly TAdSpace[];
  onClose: () => void;
}) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DialogContent placement="form" className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{TITLES[kind]}</DialogTitle>
            <DialogDescription>For {spacesText(selected.length)}.</DialogDescription>
          </DialogHeader>
          {kind === 'playlist' && <PlaylistForm selected={selected} onDone={onClose} />}
          {(kind === 'add-tag' || kind === 'remove-tag') && (
            <TagForm kind={kind} selected={selected} onDone={onClose} />
          )}
          {kind === 'group' && <GroupForm selected={selected} onDone={onClose} />}
          {kind === 'monetize' && <MonetizeForm selected={selected} onDone={onClose} />}
        </DialogContent>
      )}
    </Dialog>
  );
}
