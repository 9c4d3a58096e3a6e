import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link } from 'react-router';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import {
  ZCreateScheduleEntry,
  type TCreateScheduleEntry,
  type TScheduleEntryView,
} from '@screenline/shared/schedule';
import { Alert } from '@/components/ui/alert';
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
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { showSaveError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeleteScheduleEntry } from '@/features/schedule/api/delete-schedule-entry';
import { useSaveScheduleEntry } from '@/features/schedule/api/save-schedule-entry';
import { WEEKDAY_OPTIONS } from '@/features/schedule/utils/weekdays';

type TFormValues = z.input<typeof ZCreateScheduleEntry>;

/** The "Plays on" choice of a new entry: this screen, or one of the groups it is in. */
const THIS_SCREEN = 'space';
/**
 * Sentences for the issues the shared schema leaves to zod's defaults (an empty select, an empty
 * number field); the schema's own messages ("Pick at least one weekday.") win over these.
 */
const FIELD_MESSAGES: Partial<Record<string, string>> = {
  playlistId: 'Pick a playlist.',
  firstDay: 'Pick the first day.',
  startTime: 'Enter a start time.',
  endTime: 'Enter an end time.',
  priority: 'Enter a whole number from 0 to 100.',
};

const formErrorMap = (issue: { path?: PropertyKey[] | undefined }) => {
  const field = issue.path?.[0];
  return typeof field === 'string' ? FIELD_MESSAGES[field] : undefined;
};

/** What the form says about the window: midnight crossing and the whole day, from docs/schedule.md. */
function windowHint(startTime: string, endTime: string): string {
  const rule = 'An end at or before the start ends the next day; start = end plays the whole day.';
  if (!/^\d{2}:\d{2}$/.test(startTime) || !/^\d{2}:\d{2}$/.test(endTime)) return rule;
  if (startTime === endTime) {
    return `Start and end are equal: it plays the whole day, 24 hours from ${startTime} (23 or 25 on a clock-change day).`;
  }
  if (endTime < startTime) {
    return `Crosses midnight: it runs from ${startTime} to ${endTime} the next day, and belongs to the day it starts.`;
  }
  return rule;
}

export type TEntryDialogState =
  | { mode: 'create'; adSpaceId: string; firstDay: string }
  | { mode: 'edit'; entry: TScheduleEntryView };

/**
 * Where a new entry plays: this screen or a group it belongs to (issue 23). An entry keeps its
 * target; an edit says which it is.
 */
function TargetField({
  state,
  groups,
  value,
  onChange,
}: {
  state: TEntryDialogState;
  groups: readonly TScreenGroup[];
  value: string;
  onChange: (value: string) => void;
}) {
  if (state.mode === 'edit') {
    return state.entry.groupName === null ? null : (
      <p className="text-sm text-muted-foreground">
        Plays on every screen of the group <strong>{state.entry.groupName}</strong>, each on its own
        location&apos;s clock.
      </p>
    );
  }
  if (groups.length === 0) return null;
  return (
    <FormField
      label="Plays on"
      hint="A group entry plays on every screen in the group, each on its own location's clock."
    >
      {(field) => (
        <Select {...field} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value={THIS_SCREEN}>This screen only</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              Group: {group.name} ({group.members.length}{' '}
              {group.members.length === 1 ? 'screen' : 'screens'})
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

function EntryForm({
  state,
  playlists,
  groups,
  onDone,
}: {
  state: TEntryDialogState;
  playlists: TPlaylistSummary[];
  groups: readonly TScreenGroup[];
  onDone: (change: 'saved' | 'deleted', saved?: TScheduleEntryView) => void;
}) {
  const [target, setTarget] = useState(THIS_SCREEN);
  const save = useSaveScheduleEntry();
  const remove = useDeleteScheduleEntry();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const defaults: TFormValues =
    state.mode === 'edit'
      ? {
          adSpaceId: state.entry.adSpaceId ?? undefined,
          groupId: state.entry.groupId ?? undefined,
          playlistId: state.entry.playlistId,
          firstDay: state.entry.firstDay,
          lastDay: state.entry.lastDay,
          weekdays: state.entry.weekdays,
          startTime: state.entry.startTime,
          endTime: state.entry.endTime,
          priority: state.entry.priority,
        }
      : {
          adSpaceId: state.adSpaceId,
          playlistId: playlists.length === 1 ? (playlists[0]?.id ?? '') : '',
          firstDay: state.firstDay,
          lastDay: null,
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          startTime: '09:00',
          endTime: '17:00',
          priority: 50,
        };
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TFormValues, unknown, TCreateScheduleEntry>({
    resolver: zodResolver(ZCreateScheduleEntry, { error: formErrorMap }),
    defaultValues: defaults,
  });
  const [startTime, endTime] = useWatch({ control, name: ['startTime', 'endTime'] });

  const onSubmit = handleSubmit(async (values) => {
    try {
      let saved: TScheduleEntryView;
      if (state.mode === 'create') {
        const body =
          target === THIS_SCREEN ? values : { ...values, adSpaceId: undefined, groupId: target };
        saved = await save.mutateAsync({ kind: 'create', body });
        toast.success(
          target === THIS_SCREEN ? 'Entry added to the schedule.' : 'Entry added to the group.',
        );
      } else {
        const { adSpaceId: _space, groupId: _group, ...body } = values;
        saved = await save.mutateAsync({ kind: 'update', id: state.entry.id, body });
        toast.success('Entry saved.');
      }
      onDone('saved', saved);
    } catch (error) {
      showSaveError(error, getValues(), setError);
    }
  });

  const onDelete = async () => {
    if (state.mode !== 'edit') return;
    try {
      await remove.mutateAsync(state.entry.id);
      toast.success('Entry deleted.');
      onDone('deleted');
    } catch (error) {
      setIsConfirmingDelete(false);
      setError('root', { message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <TargetField state={state} groups={groups} value={target} onChange={setTarget} />
      <FormField
        label="Playlist"
        error={errors.playlistId?.message}
        hint={
          <Link to={paths.advertiser.newPlaylist} className="rounded text-primary hover:underline">
            Build a new playlist
          </Link>
        }
      >
        {(field) => (
          <Select {...field} {...register('playlistId')}>
            <option value="">Choose a playlist…</option>
            {playlists.map((playlist) => (
              <option key={playlist.id} value={playlist.id}>
                {playlist.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First day" error={errors.firstDay?.message}>
          {(field) => <Input type="date" {...field} {...register('firstDay')} />}
        </FormField>
        <FormField
          label="Last day (optional)"
          hint="Leave empty to keep it running."
          error={errors.lastDay?.message}
        >
          {(field) => (
            <Input
              type="date"
              {...field}
              {...register('lastDay', { setValueAs: (value: unknown) => value || null })}
            />
          )}
        </FormField>
      </div>
      <Controller
        control={control}
        name="weekdays"
        render={({ field, fieldState }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={fieldState.error ? 'entry-weekdays-error' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium">Weekdays</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_OPTIONS.map((day) => {
                const isChecked = field.value.includes(day.value);
                return (
                  <label
                    key={day.value}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-(--color-primary)"
                      checked={isChecked}
                      aria-invalid={fieldState.error ? true : undefined}
                      onBlur={field.onBlur}
                      onChange={() =>
                        field.onChange(
                          isChecked
                            ? field.value.filter((value) => value !== day.value)
                            : [...field.value, day.value].sort((a, b) => a - b),
                        )
                      }
                    />
                    <span aria-hidden>{day.short}</span>
                    <span className="sr-only">{day.name}</span>
                  </label>
                );
              })}
            </div>
            {fieldState.error?.message && (
              <p id="entry-weekdays-error" className="text-xs font-medium text-danger">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="grid gap-2">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Start time" error={errors.startTime?.message}>
            {(field) => <Input type="time" {...field} {...register('startTime')} />}
          </FormField>
          <FormField label="End time" error={errors.endTime?.message}>
            {(field) => <Input type="time" {...field} {...register('endTime')} />}
          </FormField>
        </div>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {windowHint(startTime, endTime)} Times are the location&apos;s local time.
        </p>
      </div>
      <FormField
        label="Priority"
        hint="0 to 100. Higher wins where entries overlap; on a tie, the most recently changed."
        error={errors.priority?.message}
        className="sm:max-w-56"
      >
        {(field) => (
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            {...field}
            {...register('priority', { valueAsNumber: true })}
          />
        )}
      </FormField>
      {isConfirmingDelete ? (
        <Alert tone="error" title="Delete this entry?">
          <p>The playlist stops playing in this slot; screens follow at their next update.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" size="sm" isPending={remove.isPending} onClick={onDelete}>
              Delete entry
            </Button>
            <Button variant="outline" size="sm" onClick={() => setIsConfirmingDelete(false)}>
              Keep it
            </Button>
          </div>
        </Alert>
      ) : (
        <DialogFooter className="mt-0 sm:justify-between">
          {state.mode === 'edit' ? (
            <Button
              variant="ghost"
              className="text-danger"
              onClick={() => setIsConfirmingDelete(true)}
            >
              Delete…
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" isPending={isSubmitting}>
              {state.mode === 'create' ? 'Add entry' : 'Save entry'}
            </Button>
          </div>
        </DialogFooter>
      )}
    </form>
  );
}

/** Create or edit one entry of the schedule; an edit can delete it. */
export function EntryDialog({
  state,
  playlists,
  groups,
  timeZone,
  onClose,
  onCloseAutoFocus,
}: {
  state: TEntryDialogState | null;
  playlists: TPlaylistSummary[];
  /** The groups the screen is in: a new entry may play on one of them instead. */
  groups: readonly TScreenGroup[];
  timeZone: string;
  /** `saved` is the entry as stored, after a save. */
  onClose: (change: 'saved' | 'deleted' | 'canceled', saved?: TScheduleEntryView) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose('canceled')}>
      {state && (
        <DialogContent
          onCloseAutoFocus={onCloseAutoFocus}
          className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
        >
          <DialogTitle>
            {state.mode === 'create' ? 'New schedule entry' : 'Edit schedule entry'}
          </DialogTitle>
          <DialogDescription>
            Days and times are in the location&apos;s time zone, {timeZone}.
          </DialogDescription>
          <EntryForm
            key={state.mode === 'edit' ? state.entry.id : 'new'}
            state={state}
            playlists={playlists}
            groups={groups}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
