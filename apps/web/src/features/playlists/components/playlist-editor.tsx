import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { generatePath, Link, useNavigate } from 'react-router';
import { ArrowLeft, ListPlus, Megaphone, Play, Save } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { ZSavePlaylist, type TPlaylistDetail } from '@screenline/shared/playlist';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreatePlaylist } from '@/features/playlists/api/create-playlist';
import { useUpdatePlaylist } from '@/features/playlists/api/update-playlist';
import { ContentPickerDialog } from '@/features/playlists/components/content-picker-dialog';
import { DurationInput } from '@/features/playlists/components/duration-input';
import { PlaylistItemRow } from '@/features/playlists/components/playlist-item-row';
import { SortableItems } from '@/features/playlists/components/sortable-items';
import { useFocusReturn } from '@/features/playlists/hooks/use-focus-return';
import { useUnsavedChanges } from '@/features/playlists/hooks/use-unsaved-changes';
import { formatClock, playlistLength } from '@/features/playlists/utils/durations';
import {
  draftOf,
  itemFromContent,
  itemName,
  newAdSlot,
  missingContentErrors,
  serverFieldErrors,
  adSlotSeconds,
  totalSeconds,
  type TPlaylistDraft,
} from '@/features/playlists/utils/playlist-draft';

/** A duration box left empty or holding no number is NaN: say so in words, not zod's. */
const resolver = zodResolver(ZSavePlaylist, {
  error: (issue) =>
    issue.code === 'invalid_type' && issue.expected === 'number' ? 'Enter a number.' : undefined,
});

/** Every message in an item's error tree (its duration, its content reference, the item). */
function messagesOf(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const messages: string[] = [];
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string' && value) messages.push(value);
    else messages.push(...messagesOf(value));
  }
  return [...new Set(messages)];
}

/** A server field path the form can show an error on, or null. */
function formPath(path: string): Path<TPlaylistDraft> | null {
  if (path === 'name' || path === 'items') return path;
  const match = /^items\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!match) return null;
  const index = Number(match[1]);
  if (match[2] === 'durationSeconds') return `items.${index}.durationSeconds`;
  if (match[2] === 'lengthSeconds') return `items.${index}.lengthSeconds`;
  if (match[2] === 'kind') return `items.${index}.kind`;
  // The item as a whole (its content reference, or the item itself).
  return `items.${index}.contentId`;
}

/**
 * The playlist editor, for a new playlist (`playlist` null) and an existing one: name, items
 * from the library and ad slots, each image's duration and each slot's length, reordering by
 * drag and drop or keyboard, and the live total. Saving creates (then opens the saved playlist)
 * or replaces the items; the server bumps the version. Leaving with unsaved changes asks first.
 */
export function PlaylistEditor({ playlist }: { playlist: TPlaylistDetail | null }) {
  const navigate = useNavigate();
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist();
  const [contentById, setContentById] = useState<ReadonlyMap<string, TContentItem>>(
    () => new Map(playlist?.content.map((content) => [content.id, content]) ?? []),
  );
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({ resolver, defaultValues: draftOf(playlist), mode: 'onTouched' });
  // keyName: the items carry their own `id`, which must not be replaced by the field array's key.
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: 'items',
    keyName: 'fieldKey',
  });
  const items = useWatch({ control, name: 'items' });
  const length = playlistLength(totalSeconds(items, contentById), adSlotSeconds(items));
  const ids = useMemo(() => fields.map((field) => field.id), [fields]);
  const hasUnknownVideoLength = items.some(
    (item) =>
      item.type === 'content' &&
      item.kind === 'video' &&
      (contentById.get(item.contentId)?.durationMs ?? null) === null,
  );

  const { blocker, allowNextNavigation } = useUnsavedChanges(isDirty && !isSubmitting);
  const pickerFocus = useFocusReturn();
  const leaveFocus = useFocusReturn();
  const isBlocked = blocker.state === 'blocked';
  const rememberLeaveFocus = leaveFocus.remember;
  useEffect(() => {
    if (isBlocked) rememberLeaveFocus();
  }, [isBlocked, rememberLeaveFocus]);

  const nameOf = (id: string | number) => {
    const item = getValues('items').find((candidate) => candidate.id === id);
    return item ? itemName(item, contentById) : 'Item';
  };

  const addContent = (picked: TContentItem[]) => {
    setContentById((current) => {
      const next = new Map(current);
      for (const content of picked) next.set(content.id, content);
      return next;
    });
    // No toast: the rows appear, and the item count (a live region) says so.
    append(picked.map(itemFromContent));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (playlist) {
        const saved = await update.mutateAsync({ id: playlist.id, body: values });
        setContentById(new Map(saved.content.map((content) => [content.id, content])));
        reset(draftOf(saved));
        toast.success(`Saved “${saved.name}”: version ${saved.version}.`);
        return;
      }
      const saved = await create.mutateAsync(values);
      toast.success(`Saved “${saved.name}”: version ${saved.version}.`);
      allowNextNavigation();
      await navigate(generatePath(paths.advertiser.editPlaylist, { playlistId: saved.id }), {
        replace: true,
      });
    } catch (error) {
      const fieldErrors = [...serverFieldErrors(error), ...missingContentErrors(error, values)];
      const unplaced: string[] = [];
      for (const { path, message } of fieldErrors) {
        const target = formPath(path);
        if (target) setError(target, { type: 'server', message });
        else unplaced.push(message);
      }
      if (fieldErrors.length === 0 || unplaced.length > 0) {
        setFormError(unplaced.length > 0 ? unplaced.join(' ') : errorMessage(error));
      }
    }
  });

  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  let saveState: string;
  if (!playlist) saveState = 'Not saved yet.';
  else if (isDirty) saveState = 'Unsaved changes.';
  else saveState = `Saved: version ${playlist.version}.`;
  const previewPath = playlist
    ? generatePath(paths.advertiser.playlistPlayer, { playlistId: playlist.id })
    : null;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Playlist">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {playlist ? 'Edit playlist' : 'New playlist'}
            {playlist && (
              <Badge tone="brand" className="text-sm">
                Version {playlist.version}
              </Badge>
            )}
          </span>
        }
        description={
          playlist
            ? 'Every save makes a new version; screens playing it pick it up.'
            : 'Arrange images, videos and ad slots in the order your screens play them.'
        }
        actions={
          <>
            <Link to={paths.advertiser.playlists} className={buttonClasses('outline')}>
              <ArrowLeft aria-hidden />
              All playlists
            </Link>
            {previewPath && (
              <Link
                to={previewPath}
                className={buttonClasses('outline')}
                title={isDirty ? 'The preview plays the saved version.' : undefined}
              >
                <Play aria-hidden />
                Preview
              </Link>
            )}
          </>
        }
      />

      {formError && (
        <Alert tone="error" title="The playlist was not saved" className="mb-6">
          {formError}
        </Alert>
      )}

      <div className="grid gap-6">
        <Card>
          <CardContent>
            <FormField label="Name" error={errors.name?.message}>
              {(field) => (
                <Input
                  {...field}
                  autoComplete="off"
                  placeholder="e.g. Weekday mornings"
                  className="max-w-lg"
                  {...register('name')}
                />
              )}
            </FormField>
          </CardContent>
        </Card>

        <Card aria-labelledby="playlist-items-title">
          <CardHeader className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <CardTitle id="playlist-items-title">Items</CardTitle>
              <CardDescription>
                Images show for their duration, videos play to their end, ad slots hold paid
                campaigns.
              </CardDescription>
            </div>
            <p aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
              <span className="font-semibold whitespace-nowrap text-foreground">
                Total {length.total}
              </span>
              {length.adSlots && (
                <>
                  {' '}
                  <span className="whitespace-nowrap">{length.adSlots}</span>
                </>
              )}
              {' · '}
              {items.length === 1 ? '1 item' : `${items.length} items`}
              {hasUnknownVideoLength && ' (some video lengths unknown)'}
            </p>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  pickerFocus.remember();
                  setPickerOpen(true);
                }}
              >
                <ListPlus aria-hidden />
                Add from library
              </Button>
              <Button variant="outline" onClick={() => append(newAdSlot())}>
                <Megaphone aria-hidden />
                Add ad slot
              </Button>
            </div>
            {itemsError && <Alert tone="error">{itemsError}</Alert>}
            {fields.length === 0 ? (
              <p className="rounded-lg border border-dashed border-input px-4 py-8 text-center text-sm text-muted-foreground">
                No items yet. Add images and videos from your library, or an ad slot for paid
                campaigns.
              </p>
            ) : (
              <SortableItems ids={ids} nameOf={nameOf} onMove={move}>
                <ol aria-label="Playlist items" className="grid gap-2">
                  {fields.map((field, index) => {
                    const item = items[index] ?? field;
                    const name = itemName(item, contentById);
                    const messages = messagesOf(errors.items?.[index]);
                    const errorId = `playlist-item-${field.id}-errors`;
                    const describedBy = messages.length > 0 ? errorId : undefined;
                    let lengthControl = null;
                    if (item.type === 'content' && item.kind === 'video') {
                      const length = contentById.get(item.contentId)?.durationMs ?? null;
                      lengthControl = (
                        <p className="text-sm text-muted-foreground tabular-nums">
                          {length === null
                            ? 'Plays to its end'
                            : `${formatClock(length)}, plays to its end`}
                        </p>
                      );
                    } else if (item.type === 'adSlot') {
                      lengthControl = (
                        <Controller
                          control={control}
                          name={`items.${index}.lengthSeconds`}
                          render={({ field: control }) => (
                            <DurationInput
                              label={`Length of ${name} ${index + 1}`}
                              seconds={control.value}
                              onChange={control.onChange}
                              onBlur={control.onBlur}
                              units={['s', 'min']}
                              invalid={messages.length > 0}
                              describedBy={describedBy}
                            />
                          )}
                        />
                      );
                    } else if (item.kind === 'image') {
                      lengthControl = (
                        <Controller
                          control={control}
                          name={`items.${index}.durationSeconds`}
                          render={({ field: control }) => (
                            <DurationInput
                              label={`Duration of ${name}`}
                              seconds={control.value ?? Number.NaN}
                              onChange={control.onChange}
                              onBlur={control.onBlur}
                              units={['s', 'min', 'h']}
                              invalid={messages.length > 0}
                              describedBy={describedBy}
                            />
                          )}
                        />
                      );
                    }
                    return (
                      <PlaylistItemRow
                        key={field.id}
                        item={item}
                        index={index}
                        name={name}
                        content={
                          item.type === 'content' ? (contentById.get(item.contentId) ?? null) : null
                        }
                        control={lengthControl}
                        errors={messages}
                        errorId={errorId}
                        onRemove={() => remove(index)}
                      />
                    );
                  })}
                </ol>
              </SortableItems>
            )}
          </CardContent>
        </Card>

        {/* Always in reach, however long the list: the save bar sticks to the bottom. */}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur-sm sm:mx-0 sm:rounded-xl sm:border">
          <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
            {saveState}
          </p>
          <Button type="submit" isPending={isSubmitting} disabled={playlist !== null && !isDirty}>
            <Save aria-hidden />
            {playlist ? 'Save changes' : 'Save playlist'}
          </Button>
        </div>
      </div>

      <ContentPickerDialog
        open={isPickerOpen}
        onOpenChange={setPickerOpen}
        onAdd={addContent}
        onCloseAutoFocus={pickerFocus.onCloseAutoFocus}
      />

      <Dialog open={isBlocked} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent role="alertdialog" onCloseAutoFocus={leaveFocus.onCloseAutoFocus}>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            Your changes to this playlist are not saved. If you leave now, they are lost.
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
