import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CalendarClock, FolderPlus, Trash2 } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  ZCreateScreenGroup,
  type TScreenGroup,
  type TScreenGroupKind,
} from '@screenline/shared/screen-group';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDeleteDialog, DeleteFailureAlert } from '@/components/ui/confirm-delete-dialog';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useScreenGroups } from '@/lib/api/screen-groups';
import { useCreateScreenGroup, useDeleteScreenGroup } from '@/features/ad-spaces/api/screen-groups';
import { tagsOfText } from '@/features/ad-spaces/utils/ad-space-form';

const KINDS = [
  { value: 'tags', label: 'By tags' },
  { value: 'static', label: 'Chosen screens' },
] as const;

/** Where a group's schedule is made: the schedule page of its first screen. */
const scheduleLink = (group: TScreenGroup) => {
  const [first] = group.members;
  return first
    ? `${paths.advertiser.schedule}?${new URLSearchParams({ adSpace: first.id }).toString()}`
    : null;
};

function GroupRow({ group, onDelete }: { group: TScreenGroup; onDelete: () => void }) {
  const link = scheduleLink(group);
  const count = group.members.length;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{group.name}</span>
          <Badge tone={group.kind === 'tags' ? 'brand' : 'neutral'}>
            {group.kind === 'tags' ? `Tags: ${group.tags.join(' + ')}` : 'Chosen screens'}
          </Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {count === 0
            ? 'No screens yet.'
            : `${count} ${count === 1 ? 'screen' : 'screens'}: ${group.members
                .map((member) => member.name)
                .join(', ')}`}
          {' · '}
          {group.scheduleEntryCount === 1
            ? '1 schedule entry'
            : `${group.scheduleEntryCount} schedule entries`}
        </p>
      </div>
      <div className="flex gap-2">
        {link && (
          <Link
            to={link}
            aria-label={`Schedule ${group.name}`}
            className={buttonClasses('outline', 'sm')}
          >
            <CalendarClock aria-hidden />
            Schedule
          </Link>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${group.name}`}
          className="text-danger"
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </li>
  );
}

function NewGroupForm({
  adSpaces,
  preselected,
  onDone,
}: {
  adSpaces: readonly TAdSpace[];
  preselected: readonly string[];
  onDone: () => void;
}) {
  const create = useCreateScreenGroup();
  const [kind, setKind] = useState<TScreenGroupKind>(preselected.length > 0 ? 'static' : 'tags');
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [members, setMembers] = useState<string[]>([...preselected]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body =
      kind === 'tags'
        ? { kind, name, tags: tagsOfText(tags) }
        : { kind, name, adSpaceIds: members };
    const parsed = ZCreateScreenGroup.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      const group = await create.mutateAsync(body);
      toast.success(`Group “${group.name}” made, with ${group.members.length} screens.`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
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
        <FormField label="Name" error={errors.name}>
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <SegmentedControl
          label="The group holds"
          value={kind}
          onChange={setKind}
          segments={KINDS}
        />
        {kind === 'tags' ? (
          <FormField
            label="Tags"
            hint="Every screen carrying all of these tags, now and later. Separate them with commas."
            error={errors.tags}
          >
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                value={tags}
                onChange={(event) => setTags(event.target.value)}
              />
            )}
          </FormField>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">Screens</legend>
            {adSpaces.map((space) => (
              <label key={space.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-(--color-primary)"
                  checked={members.includes(space.id)}
                  onChange={(event) =>
                    setMembers((current) =>
                      event.target.checked
                        ? [...current, space.id]
                        : current.filter((id) => id !== space.id),
                    )
                  }
                />
                {space.name}
                <span className="text-xs text-muted-foreground">· {space.location.name}</span>
              </label>
            ))}
            {errors.adSpaceIds && (
              <p className="text-xs font-medium text-danger">{errors.adSpaceIds}</p>
            )}
          </fieldset>
        )}
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={create.isPending}>
          Make group
        </Button>
      </DialogActions>
    </form>
  );
}

/** Makes a group: of the tags given, or of the screens chosen (the selection, to start with). */
export function NewGroupDialog({
  isOpen,
  adSpaces,
  preselected,
  onClose,
}: {
  isOpen: boolean;
  adSpaces: readonly TAdSpace[];
  preselected: readonly string[];
  onClose: () => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent placement="form" className="max-w-lg">
          <DialogHeader>
            <DialogTitle>New group</DialogTitle>
            <DialogDescription>
              A schedule entry on a group plays on all of its screens, each on its own
              location&apos;s clock.
            </DialogDescription>
          </DialogHeader>
          <NewGroupForm adSpaces={adSpaces} preselected={preselected} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DeleteGroupFooter({ group, onDone }: { group: TScreenGroup; onDone: () => void }) {
  const remove = useDeleteScreenGroup();
  return (
    <>
      {remove.isError && <DeleteFailureAlert message={errorMessage(remove.error)} />}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Keep it</Button>
        </DialogClose>
        <Button
          variant="danger"
          isPending={remove.isPending}
          onClick={() =>
            remove.mutate(group.id, {
              onSuccess: () => {
                toast.success(`Group “${group.name}” deleted.`);
                onDone();
              },
            })
          }
        >
          Delete group
        </Button>
      </DialogFooter>
    </>
  );
}

/** The owner's groups on the ad spaces page: what each holds, its schedule, and a delete. */
export function ScreenGroupsPanel({ onNewGroup }: { onNewGroup: () => void }) {
  const groups = useScreenGroups();
  const [deleting, setDeleting] = useState<TScreenGroup | null>(null);
  return (
    <Card className="mt-6">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Groups</CardTitle>
          <CardDescription>
            Schedule many screens at once: a group of chosen screens, or every screen with some
            tags.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={onNewGroup}>
          <FolderPlus aria-hidden />
          New group
        </Button>
      </CardHeader>
      <CardContent>
        {groups.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your groups…</p>
        ) : groups.isError ? (
          <Alert tone="error">Your groups could not be loaded: {errorMessage(groups.error)}</Alert>
        ) : groups.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No groups yet. Select screens in the table, or tag them, then make a group.
          </p>
        ) : (
          <ul aria-label="Groups" className="divide-y divide-border">
            {groups.data.map((group) => (
              <GroupRow key={group.id} group={group} onDelete={() => setDeleting(group)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        subject={deleting}
        description={(group) =>
          group.scheduleEntryCount > 0
            ? `Its ${group.scheduleEntryCount} schedule ${group.scheduleEntryCount === 1 ? 'entry goes' : 'entries go'} with it: its screens stop playing them at their next update. The screens stay.`
            : 'The screens stay; only the group goes.'
        }
        onClose={() => setDeleting(null)}
      >
        {(group) => <DeleteGroupFooter group={group} onDone={() => setDeleting(null)} />}
      </ConfirmDeleteDialog>
    </Card>
  );
}
