import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import {
  AGE_BANDS,
  AGE_BAND_LABELS,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  type TLocation,
} from '@screenline/shared/location';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
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
import { showSaveError } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { useSaveLocation } from '@/features/locations/api/save-location';
import { countryOptions, withCountry } from '@/features/locations/utils/countries';
import {
  ZLocationForm,
  locationFormErrorMap,
  locationFormValues,
  type TLocationBody,
  type TLocationFormValues,
} from '@/features/locations/utils/location-form';
import { browserTimeZone, timeZoneOptions } from '@/features/locations/utils/time-zones';

type TFormControl = Control<TLocationFormValues, unknown, TLocationBody>;

function Section({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left w-full">
        <span className="block text-sm font-semibold">{title}</span>
        {description && (
          <span className="mt-0.5 block text-xs text-muted-foreground">{description}</span>
        )}
      </legend>
      <div className={cn('grid gap-4 sm:grid-cols-2', className)}>{children}</div>
    </fieldset>
  );
}

function PercentInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Input inputMode="numeric" autoComplete="off" className="pr-8" {...props} />
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        %
      </span>
    </div>
  );
}

function CountryField({ control }: { control: TFormControl }) {
  const { field, fieldState } = useController({ control, name: 'address.country' });
  const options = useMemo(() => withCountry(countryOptions(), field.value), [field.value]);
  return (
    <FormField label="Country" error={fieldState.error?.message}>
      {(props) => (
        <Combobox
          {...props}
          options={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          placeholder="Search countries"
        />
      )}
    </FormField>
  );
}

function TimeZoneField({ control }: { control: TFormControl }) {
  const { field, fieldState } = useController({ control, name: 'timeZone' });
  const options = useMemo(() => timeZoneOptions(), []);
  return (
    <FormField
      label="Time zone"
      hint="Schedules at this location run on this clock, daylight saving included."
      error={fieldState.error?.message}
    >
      {(props) => (
        <Combobox
          {...props}
          options={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          placeholder="Search: city or region"
          emptyMessage="No time zone matches. Try a big city nearby."
        />
      )}
    </FormField>
  );
}

function LocationForm({ location, onDone }: { location: TLocation | null; onDone: () => void }) {
  const save = useSaveLocation();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TLocationFormValues, unknown, TLocationBody>({
    resolver: zodResolver(ZLocationForm, { error: locationFormErrorMap }),
    defaultValues: locationFormValues(location, browserTimeZone()),
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: location?.id ?? null, body });
      toast.success(location ? `“${saved.name}” was saved.` : `“${saved.name}” was added.`);
      onDone();
    } catch (error) {
      showSaveError(error, getValues(), setError);
    }
  });

  const ageBandsError =
    errors.audience?.ageBands?.message ?? errors.audience?.ageBands?.root?.message;
  const splitError =
    errors.audience?.genderSplit?.message ?? errors.audience?.genderSplit?.root?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}

        <Section title="The place">
          <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                placeholder="e.g. Riverside Mall, north entrance"
                {...register('name')}
              />
            )}
          </FormField>
          <FormField label="Venue type" error={errors.venueType?.message}>
            {(field) => (
              <Select {...field} {...register('venueType')}>
                <option value="" disabled>
                  Choose a venue type
                </option>
                {VENUE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {VENUE_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <TimeZoneField control={control} />
        </Section>

        <Section title="Address">
          <FormField
            label="Street address"
            error={errors.address?.line?.message}
            className="sm:col-span-2"
          >
            {(field) => (
              <Input {...field} autoComplete="street-address" {...register('address.line')} />
            )}
          </FormField>
          <FormField label="City" error={errors.address?.city?.message}>
            {(field) => (
              <Input {...field} autoComplete="address-level2" {...register('address.city')} />
            )}
          </FormField>
          <FormField label="Region" hint="Optional." error={errors.address?.region?.message}>
            {(field) => (
              <Input {...field} autoComplete="address-level1" {...register('address.region')} />
            )}
          </FormField>
          <FormField
            label="Postal code"
            hint="Optional."
            error={errors.address?.postalCode?.message}
          >
            {(field) => (
              <Input {...field} autoComplete="postal-code" {...register('address.postalCode')} />
            )}
          </FormField>
          <CountryField control={control} />
        </Section>

        <Section
          title="Map position"
          description="Optional: both or neither, in decimal degrees (51.5072, −0.1276)."
        >
          <FormField label="Latitude" error={errors.latitude?.message}>
            {(field) => (
              <Input {...field} inputMode="decimal" autoComplete="off" {...register('latitude')} />
            )}
          </FormField>
          <FormField label="Longitude" error={errors.longitude?.message}>
            {(field) => (
              <Input {...field} inputMode="decimal" autoComplete="off" {...register('longitude')} />
            )}
          </FormField>
        </Section>

        <Section
          title="Audience estimate"
          description="Optional. Buyers see these figures as your own estimate."
        >
          <FormField
            label="Weekly footfall"
            hint="About how many people pass the screens in a week."
            error={errors.audience?.weeklyFootfall?.message}
          >
            {(field) => (
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="off"
                {...register('audience.weeklyFootfall')}
              />
            )}
          </FormField>
          <fieldset
            className="grid gap-3 sm:col-span-2"
            aria-describedby={ageBandsError ? 'age-bands-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Age bands (% of the audience)</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {AGE_BANDS.map((band) => (
                <FormField
                  key={band}
                  label={AGE_BAND_LABELS[band]}
                  error={errors.audience?.ageBands?.[band]?.message}
                >
                  {(field) => (
                    <PercentInput {...field} {...register(`audience.ageBands.${band}`)} />
                  )}
                </FormField>
              ))}
            </div>
            {ageBandsError && (
              <p id="age-bands-error" className="text-xs font-medium text-danger">
                {ageBandsError}
              </p>
            )}
          </fieldset>
          <fieldset
            className="grid gap-3 sm:col-span-2"
            aria-describedby={splitError ? 'gender-split-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Gender split (%)</legend>
            <div className="grid grid-cols-3 gap-3 sm:max-w-md">
              {(['female', 'male', 'other'] as const).map((part) => (
                <FormField
                  key={part}
                  label={{ female: 'Women', male: 'Men', other: 'Others' }[part]}
                  error={errors.audience?.genderSplit?.[part]?.message}
                >
                  {(field) => (
                    <PercentInput {...field} {...register(`audience.genderSplit.${part}`)} />
                  )}
                </FormField>
              ))}
            </div>
            {splitError && (
              <p id="gender-split-error" className="text-xs font-medium text-danger">
                {splitError}
              </p>
            )}
          </fieldset>
        </Section>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={isSubmitting}>
          {location ? 'Save location' : 'Add location'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (`location` null) or edit a location; `isOpen` false closes it. */
export function LocationFormDialog({
  isOpen,
  location,
  onClose,
  onCloseAutoFocus,
}: {
  isOpen: boolean;
  location: TLocation | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent placement="form" className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">
              {location ? `Edit “${location.name}”` : 'Add a location'}
            </DialogTitle>
            <DialogDescription>
              Where your screens are. Its time zone decides when scheduled playlists play.
            </DialogDescription>
          </DialogHeader>
          <LocationForm key={location?.id ?? 'new'} location={location} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
