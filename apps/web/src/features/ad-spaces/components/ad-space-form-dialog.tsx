import { useMemo } from 'react';
import { Link } from 'react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import type { TAdSpace, TNamedRef } from '@screenline/shared/ad-space';
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
import { Spinner } from '@/components/ui/spinner';
import { showSaveError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useLocationOptions, usePlaylistOptions } from '@/features/ad-spaces/api/list-options';
import { useSaveAdSpace } from '@/features/ad-spaces/api/save-ad-space';
import {
  CUSTOM_RESOLUTION,
  RESOLUTION_PRESETS,
  ZAdSpaceForm,
  adSpaceFormErrorMap,
  adSpaceFormValues,
  orientationOf,
  type TAdSpaceBody,
  type TAdSpaceFormValues,
} from '@/features/ad-spaces/utils/ad-space-form';

/** `options`, plus `current` when the list lacks it (a playlist the list could not load). */
function withCurrent(options: readonly TNamedRef[], current: TNamedRef | null): TNamedRef[] {
  if (!current || options.some((option) => option.id === current.id)) return [...options];
  return [...options, current];
}

function AdSpaceForm({
  adSpace,
  locations,
  onSaved,
  onDone,
}: {
  adSpace: TAdSpace | null;
  locations: readonly TNamedRef[];
  onSaved: (saved: TAdSpace) => void;
  onDone: () => void;
}) {
  const save = useSaveAdSpace();
  const playlists = usePlaylistOptions();
  const playlistChoices = useMemo(
    () => withCurrent(playlists.data ?? [], adSpace?.defaultPlaylist ?? null),
    [playlists.data, adSpace],
  );
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TAdSpaceFormValues, unknown, TAdSpaceBody>({
    resolver: zodResolver(ZAdSpaceForm, { error: adSpaceFormErrorMap }),
    defaultValues: adSpaceFormValues(
      adSpace,
      locations.length === 1 ? (locations[0]?.id ?? '') : '',
    ),
  });
  const isCustom = watch('resolution') === CUSTOM_RESOLUTION;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: adSpace?.id ?? null, body });
      toast.success(adSpace ? `“${saved.name}” was saved.` : `“${saved.name}” was added.`);
      onSaved(saved);
      onDone();
    } catch (error) {
      showSaveError(error, getValues(), setError);
    }
  });

  const resolution = register('resolution', {
    onChange: (event: { target: { value: string } }) => {
      // A preset suggests the orientation (1080 × 1920 is a portrait screen); it stays editable.
      const preset = RESOLUTION_PRESETS.find((entry) => entry.value === event.target.value);
      if (!preset) return;
      setValue('orientation', orientationOf(preset.width, preset.height));
      setValue('resolutionWidth', String(preset.width));
      setValue('resolutionHeight', String(preset.height));
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField label="Name" hint="What the TV list shows." error={errors.name?.message}>
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              placeholder="e.g. Lobby screen"
              {...register('name')}
            />
          )}
        </FormField>
        <FormField label="Location" error={errors.locationId?.message}>
          {(field) => (
            <Select {...field} {...register('locationId')}>
              <option value="" disabled>
                Choose a location
              </option>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Resolution"
          hint="The TV’s picture in pixels, width × height."
          error={isCustom ? undefined : errors.resolutionWidth?.message}
        >
          {(field) => (
            <Select {...field} {...resolution}>
              {RESOLUTION_PRESETS.map((preset) => (
                <option key={preset.value} value={preset.value}>
                  {preset.label}
                </option>
              ))}
              <option value={CUSTOM_RESOLUTION}>Custom…</option>
            </Select>
          )}
        </FormField>
        {isCustom && (
          <div className="grid grid-cols-2 gap-4">
            <FormField label="Width (px)" error={errors.resolutionWidth?.message}>
              {(field) => (
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('resolutionWidth')}
                />
              )}
            </FormField>
            <FormField label="Height (px)" error={errors.resolutionHeight?.message}>
              {(field) => (
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('resolutionHeight')}
                />
              )}
            </FormField>
          </div>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">Orientation</legend>
          <div className="grid grid-cols-2 gap-3">
            {(['landscape', 'portrait'] as const).map((orientation) => (
              <label
                key={orientation}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-input px-3 py-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-ring/40"
              >
                <input
                  type="radio"
                  value={orientation}
                  className="size-4 accent-primary"
                  {...register('orientation')}
                />
                <span
                  aria-hidden
                  className={cn(
                    'shrink-0 rounded-sm border-2 border-current text-muted-foreground',
                    orientation === 'landscape' ? 'h-4 w-6' : 'h-6 w-4',
                  )}
                />
                {orientation === 'landscape' ? 'Landscape' : 'Portrait'}
              </label>
            ))}
          </div>
          {errors.orientation?.message && (
            <p className="text-xs font-medium text-danger">{errors.orientation.message}</p>
          )}
        </fieldset>
        <FormField
          label="Default playlist"
          hint={
            playlists.isError
              ? 'Your playlists could not be loaded; the screen stays idle when nothing is scheduled.'
              : 'Plays whenever no schedule entry is active.'
          }
          error={errors.defaultPlaylistId?.message}
        >
          {(field) => (
            <Select {...field} {...register('defaultPlaylistId')}>
              <option value="">None (idle screen)</option>
              {playlistChoices.map((playlist) => (
                <option key={playlist.id} value={playlist.id}>
                  {playlist.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Tags (optional)"
          hint="Separate them with commas, e.g. lobby, berlin. Groups and filters use them."
          error={tagsError(errors)}
        >
          {(field) => <Input {...field} autoComplete="off" {...register('tags')} />}
        </FormField>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={isSubmitting}>
          {adSpace ? 'Save ad space' : 'Add ad space'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** What the form needs before it can show: the owner's locations. */
function AdSpaceFormLoader({
  adSpace,
  onSaved,
  onDone,
}: {
  adSpace: TAdSpace | null;
  onSaved: (saved: TAdSpace) => void;
  onDone: () => void;
}) {
  const locations = useLocationOptions();
  if (locations.isPending) {
    return (
      <DialogBody className="justify-items-center py-10">
        <Spinner label="Loading your locations" className="size-6 text-primary" />
      </DialogBody>
    );
  }
  if (locations.isError || locations.data.length === 0) {
    return (
      <>
        <DialogBody>
          {locations.isError ? (
            <Alert tone="error" title="Your locations could not be loaded.">
              Close this and try again in a moment.
            </Alert>
          ) : (
            <Alert title="Add a location first">
              An ad space stands at a location, whose time zone its schedule runs on.{' '}
              <Link to={paths.advertiser.locations} className="font-medium underline">
                Go to Locations
              </Link>
            </Alert>
          )}
        </DialogBody>
        <DialogActions>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogActions>
      </>
    );
  }
  return (
    <AdSpaceForm adSpace={adSpace} locations={locations.data} onSaved={onSaved} onDone={onDone} />
  );
}

/** Add (`adSpace` null) or edit an ad space. */
export function AdSpaceFormDialog({
  isOpen,
  adSpace,
  onSaved,
  onClose,
  onCloseAutoFocus,
}: {
  isOpen: boolean;
  adSpace: TAdSpace | null;
  /** The space as the server stored it, with what it plays now. */
  onSaved: (saved: TAdSpace) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">
              {adSpace ? `Edit “${adSpace.name}”` : 'Add an ad space'}
            </DialogTitle>
            <DialogDescription>
              One screen at one of your locations. A TV signs in and picks it to play its content.
            </DialogDescription>
          </DialogHeader>
          <AdSpaceFormLoader
            key={adSpace?.id ?? 'new'}
            adSpace={adSpace}
            onSaved={onSaved}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A tag's message: the schema names the list (`tags`) or one tag in it (`tags.2`). */
const ZFieldMessage = z.object({ message: z.string() });
function tagsError(errors: FieldErrors<TAdSpaceFormValues>): string | undefined {
  const found: unknown = errors.tags;
  const direct = ZFieldMessage.safeParse(found);
  if (direct.success) return direct.data.message;
  const items = z.array(z.unknown()).safeParse(found);
  for (const item of items.success ? items.data : []) {
    const parsed = ZFieldMessage.safeParse(item);
    if (parsed.success) return parsed.data.message;
  }
  return undefined;
}
