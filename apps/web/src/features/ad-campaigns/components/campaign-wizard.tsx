import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { generatePath, useNavigate } from 'react-router';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleAlert, Plus, Trash2, TriangleAlert, X } from 'lucide-react';
import { AD_CATEGORIES, AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import { ORIENTATIONS } from '@screenline/shared/ad-space';
import {
  CAMPAIGN_CREATIVES_MAX,
  type TCampaign,
  type TMarketplaceAdSpace,
} from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { VENUE_TYPES, VENUE_TYPE_LABELS } from '@screenline/shared/location';
import type { TForecastInput } from '@screenline/shared/forecast';
import { formatMicros } from '@screenline/shared/money';
import { ISO_WEEKDAYS, ZLocalTime } from '@screenline/shared/schedule';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import {
  describeTargeting,
  formatBid,
  formatCount,
  formatDayparts,
  formatFlight,
  formatSeconds,
} from '@/lib/campaign-format';
import { showSaveError } from '@/lib/form-errors';
import { DATE_LOCALE } from '@/lib/local-time';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useMarketplaceAdSpaces } from '@/lib/api/marketplace-ad-spaces';
import { SubmitAfterSaveError, useSaveCampaign } from '@/features/ad-campaigns/api/save-campaign';
import { CheckboxGroup } from '@/features/ad-campaigns/components/checkbox-group';
import { CreativePickerDialog } from '@/features/ad-campaigns/components/creative-picker-dialog';
import { CreativeThumbnail } from '@/features/ad-campaigns/components/creative-thumbnail';
import { CreativeFitWarning } from '@/features/ad-campaigns/components/creative-fit-warning';
import { ReachEstimate } from '@/features/ad-campaigns/components/reach-estimate';
import {
  WIZARD_STEPS,
  ZCampaignForm,
  amountMicros,
  targetingOf,
  type TCampaignFormValues,
  type TWizardStepId,
} from '@/features/ad-campaigns/utils/campaign-form';
import {
  maxSecondsFor,
  spacesBelowFloor,
  targetedSpaces,
} from '@/features/ad-campaigns/utils/estimate';
import {
  clearWizardDraft,
  writeWizardDraft,
  type TCreativeChoice,
  type TWizardDraft,
} from '@/features/ad-campaigns/utils/wizard-draft';

type TBody = z.output<typeof ZCampaignForm>;
type TSpaces = ReturnType<typeof useMarketplaceAdSpaces>;
type TControl = Control<TCampaignFormValues, unknown, TBody>;

const WEEKDAY_OPTIONS = ISO_WEEKDAYS.map((value) => {
  const day = new Date(Date.UTC(2024, 0, value));
  const name = (width: 'long' | 'short') =>
    day.toLocaleDateString(DATE_LOCALE, { weekday: width, timeZone: 'UTC' });
  return { value, label: name('short'), name: name('long') };
});

const overviewPath = (id: string) => generatePath(paths.publisher.adCampaignOverview, { id });

function StepHeading({ id, title, text }: { id: string; title: string; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new step takes focus at its heading, so keyboard and screen reader users start there.
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <div className="grid gap-1">
      <h2
        ref={ref}
        id={id}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight focus:outline-none"
      >
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-center gap-1.5 text-xs font-medium text-danger">
      <CircleAlert aria-hidden className="size-3.5 shrink-0" />
      {message}
    </p>
  );
}

function CreativesStep({
  control,
  register,
  errors,
  choices,
  onPicked,
}: {
  control: TControl;
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
  choices: ReadonlyMap<string, TCreativeChoice>;
  onPicked: (items: TContentItem[]) => void;
}) {
  const [isPicking, setIsPicking] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-creatives"
        title="Name and creatives"
        text="A name only you see, and the images and videos the screens will show."
      />
      <FormField label="Campaign name" error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            placeholder="e.g. Summer sale"
            {...register('name')}
          />
        )}
      </FormField>
      <FormField
        label="What it advertises"
        hint="Screen owners may block some categories; a super-user checks it."
        error={errors.category?.message}
      >
        {(field) => (
          <Select {...field} {...register('category')}>
            <option value="">Choose a category…</option>
            {AD_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {AD_CATEGORY_LABELS[category]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Controller
        control={control}
        name="creativeIds"
        render={({ field, fieldState }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={fieldState.error ? 'creatives-error' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium">Creatives</legend>
            {field.value.length > 0 && (
              <ul aria-label="Chosen creatives" className="grid gap-2 sm:grid-cols-2">
                {field.value.map((id) => {
                  const choice = choices.get(id);
                  const name = choice?.name ?? 'A library item';
                  return (
                    <li
                      key={id}
                      className="flex items-center gap-3 rounded-lg border border-border p-2"
                    >
                      <span className="block h-12 w-20 shrink-0 overflow-hidden rounded-md">
                        <CreativeThumbnail
                          kind={choice?.kind ?? 'image'}
                          src={choice?.src ?? null}
                        />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium" title={name}>
                          {name}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {choice?.kind === 'video' ? 'Video' : 'Image'}
                        </span>
                      </span>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${name}`}
                        onClick={() => {
                          field.onChange(field.value.filter((value) => value !== id));
                          addRef.current?.focus();
                        }}
                      >
                        <X aria-hidden />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            <div>
              <Button
                ref={addRef}
                variant="outline"
                disabled={field.value.length >= CAMPAIGN_CREATIVES_MAX}
                onClick={() => setIsPicking(true)}
              >
                <Plus aria-hidden />
                Add from your library
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Up to {CAMPAIGN_CREATIVES_MAX}. They take turns in the ad slots of the screens.
            </p>
            <FieldError id="creatives-error" message={fieldState.error?.message} />
            <CreativePickerDialog
              open={isPicking}
              room={CAMPAIGN_CREATIVES_MAX - field.value.length}
              excludedIds={field.value}
              onOpenChange={setIsPicking}
              onAdd={(items) => {
                onPicked(items);
                field.onChange([...field.value, ...items.map((item) => item.id)]);
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                addRef.current?.focus();
              }}
            />
          </fieldset>
        )}
      />
    </div>
  );
}

function SpaceChoice({
  space,
  isChecked,
  onToggle,
}: {
  space: TMarketplaceAdSpace;
  isChecked: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-input px-3 py-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-ring">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-(--color-primary)"
          checked={isChecked}
          onChange={onToggle}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium break-words">{space.name}</span>
          <span className="text-xs text-muted-foreground">
            {space.locationName} · {space.city} · {VENUE_TYPE_LABELS[space.venueType]} ·{' '}
            {space.orientation === 'portrait' ? 'Portrait' : 'Landscape'}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            Floor {formatBid(space.floorMicrosPerSecond)} · {formatSeconds(space.slotSecondsPerDay)}{' '}
            of ad slots a day
            {space.audience.weeklyFootfall !== null &&
              ` · ${formatCount(space.audience.weeklyFootfall)} people a week`}
          </span>
        </span>
      </label>
    </li>
  );
}

function TargetingStep({ control, spaces }: { control: TControl; spaces: TSpaces }) {
  const [mode, chosenCities] = useWatch({ control, name: ['targetingMode', 'cities'] });
  const all = spaces.data ?? [];
  const cities = [...new Set([...all.map((space) => space.city.trim()), ...chosenCities])]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b, DATE_LOCALE));
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-targeting"
        title="Targeting"
        text="Where the campaign may play: screens you choose, or every screen that matches your filters."
      />
      <Controller
        control={control}
        name="targetingMode"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">Target</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  { value: 'filters', label: 'By city, venue type and orientation' },
                  { value: 'spaces', label: 'Specific screens' },
                ] as const
              ).map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-input px-3 py-2.5 text-sm has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-ring/40"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={option.value}
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    className="size-4 accent-primary"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      {mode === 'spaces' ? (
        <Controller
          control={control}
          name="adSpaceIds"
          render={({ field, fieldState }) => (
            <fieldset
              className="grid gap-2"
              aria-describedby={fieldState.error ? 'spaces-error' : undefined}
            >
              <legend className="mb-1.5 text-sm font-medium">Screens</legend>
              {spaces.isPending ? (
                <p className="text-sm text-muted-foreground">Loading the screens…</p>
              ) : spaces.isError ? (
                <Alert tone="error">{errorMessage(spaces.error)}</Alert>
              ) : all.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No screen is open to campaigns yet. Target by filters: the campaign plays on
                  matching screens as they open.
                </p>
              ) : (
                <ul aria-label="Screens open to campaigns" className="grid gap-2">
                  {all.map((space) => {
                    const isChecked = field.value.includes(space.adSpaceId);
                    return (
                      <SpaceChoice
                        key={space.adSpaceId}
                        space={space}
                        isChecked={isChecked}
                        onToggle={() =>
                          field.onChange(
                            isChecked
                              ? field.value.filter((id) => id !== space.adSpaceId)
                              : [...field.value, space.adSpaceId],
                          )
                        }
                      />
                    );
                  })}
                </ul>
              )}
              <FieldError id="spaces-error" message={fieldState.error?.message} />
            </fieldset>
          )}
        />
      ) : (
        <div className="grid gap-5">
          <p className="text-xs text-muted-foreground">
            A screen matches when it is in every group you tick; a group left empty includes all.
          </p>
          <Controller
            control={control}
            name="cities"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                legend="Cities"
                options={cities.map((city) => ({ value: city, label: city }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                errorId="cities-error"
                hint={cities.length === 0 ? 'No screen is open to campaigns yet.' : undefined}
              />
            )}
          />
          <Controller
            control={control}
            name="venueTypes"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                legend="Venue types"
                options={VENUE_TYPES.map((type) => ({
                  value: type,
                  label: VENUE_TYPE_LABELS[type],
                }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                errorId="venues-error"
              />
            )}
          />
          <Controller
            control={control}
            name="orientations"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                legend="Orientation"
                options={ORIENTATIONS.map((orientation) => ({
                  value: orientation,
                  label: orientation === 'portrait' ? 'Portrait' : 'Landscape',
                }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                errorId="orientations-error"
              />
            )}
          />
        </div>
      )}
    </div>
  );
}

function ScheduleStep({
  control,
  register,
  errors,
}: {
  control: TControl;
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
}) {
  const dayparts = useFieldArray({ control, name: 'dayparts' });
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-schedule"
        title="Schedule"
        text="The days it runs and, if you like, the hours. Days and hours are each screen’s local time."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Start date" error={errors.startDate?.message}>
          {(field) => <Input type="date" {...field} {...register('startDate')} />}
        </FormField>
        <FormField label="End date" hint="Included." error={errors.endDate?.message}>
          {(field) => <Input type="date" {...field} {...register('endDate')} />}
        </FormField>
      </div>
      <section aria-labelledby="dayparts-title" className="grid gap-3">
        <div className="grid gap-1">
          <h3 id="dayparts-title" className="text-sm font-medium">
            Dayparts
          </h3>
          <p className="text-xs text-muted-foreground">
            {dayparts.fields.length === 0
              ? 'None: it plays all day, every day. Add one to play only on some days or hours.'
              : 'It plays only within these windows. An end at or before the start ends the next day.'}
          </p>
        </div>
        {dayparts.fields.map((daypart, index) => {
          const error = errors.dayparts?.[index];
          return (
            <fieldset
              key={daypart.id}
              className="grid gap-3 rounded-lg border border-border p-3 sm:p-4"
            >
              <legend className="sr-only">Daypart {index + 1}</legend>
              <div className="flex items-start justify-between gap-2">
                <Controller
                  control={control}
                  name={`dayparts.${index}.weekdays`}
                  render={({ field, fieldState }) => (
                    <CheckboxGroup
                      legend={`Daypart ${index + 1}: weekdays`}
                      options={WEEKDAY_OPTIONS}
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                      errorId={`daypart-${index}-weekdays-error`}
                      className="min-w-0"
                    />
                  )}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove daypart ${index + 1}`}
                  onClick={() => {
                    dayparts.remove(index);
                    addRef.current?.focus();
                  }}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
                <FormField label="From" error={error?.startTime?.message}>
                  {(field) => (
                    <Input type="time" {...field} {...register(`dayparts.${index}.startTime`)} />
                  )}
                </FormField>
                <FormField label="Until" error={error?.endTime?.message}>
                  {(field) => (
                    <Input type="time" {...field} {...register(`dayparts.${index}.endTime`)} />
                  )}
                </FormField>
              </div>
            </fieldset>
          );
        })}
        <div>
          <Button
            ref={addRef}
            variant="outline"
            onClick={() =>
              dayparts.append({ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '10:00' })
            }
          >
            <Plus aria-hidden />
            Add a daypart
          </Button>
        </div>
        <FieldError id="dayparts-error" message={errors.dayparts?.message} />
      </section>
    </div>
  );
}

function MoneyInput({ field, ...props }: { field: object } & ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        €
      </span>
      <Input
        {...field}
        inputMode="decimal"
        autoComplete="off"
        className="pl-7 tabular-nums"
        {...props}
      />
    </div>
  );
}

function BudgetStep({
  control,
  register,
  errors,
  spaces,
}: {
  control: TControl;
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
  spaces: TSpaces;
}) {
  const values = useWatch({ control }) as TCampaignFormValues;
  const bid = amountMicros(values.bid);
  const budget = amountMicros(values.budget);
  const targeted = spaces.data ? targetedSpaces(spaces.data, targetingOf(values)) : [];
  const floors = targeted.map((space) => space.floorMicrosPerSecond);
  const below = bid !== undefined && bid > 0 ? spacesBelowFloor(targeted, bid) : [];
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-budget"
        title="Budget"
        text="You pay your bid for each second your ad is shown, never more than the budget. The budget is held from your wallet once the campaign is approved."
      />
      <FormField
        label="Bid per second"
        hint={
          floors.length > 0
            ? `The targeted screens ask at least ${formatBid(Math.min(...floors))}; the highest floor is ${formatBid(Math.max(...floors))}.`
            : 'In euros, up to 6 decimals (0.0025 is a quarter of a cent).'
        }
        error={errors.bid?.message}
      >
        {(field) => <MoneyInput field={field} placeholder="0.0025" {...register('bid')} />}
      </FormField>
      {below.length > 0 && (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden className="size-4 shrink-0" />
            Your bid is below the floor price of {below.length}{' '}
            {below.length === 1 ? 'screen' : 'screens'}: the campaign will not play there.
          </p>
          <ul
            aria-label="Screens whose floor is above your bid"
            className="grid list-disc gap-1 pl-5"
          >
            {below.map((space) => (
              <li key={space.adSpaceId}>
                {space.name} ({space.city}): floor {formatBid(space.floorMicrosPerSecond)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Total budget" error={errors.budget?.message}>
          {(field) => <MoneyInput field={field} placeholder="500" {...register('budget')} />}
        </FormField>
        <FormField
          label="Daily cap (optional)"
          hint="The most it spends on one day. Empty: no cap."
          error={errors.dailyCap?.message}
        >
          {(field) => <MoneyInput field={field} placeholder="50" {...register('dailyCap')} />}
        </FormField>
      </div>
      {bid !== undefined && bid > 0 && budget !== undefined && budget > 0 && (
        <p className="rounded-lg border border-border bg-surface-muted/40 px-4 py-3 text-sm">
          At most <strong>{formatCount(maxSecondsFor(budget, bid))} seconds</strong> shown (
          {formatSeconds(maxSecondsFor(budget, bid))}) for {formatMicros(budget)} at{' '}
          {formatBid(bid)}.
        </p>
      )}
    </div>
  );
}

function QrStep({
  register,
  errors,
}: {
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
}) {
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-qr"
        title="QR code"
        text="Optional: a web address people reach by scanning a QR code shown over your ad. Scans count in the results."
      />
      <FormField
        label="Destination address (optional)"
        hint="A full address starting with https:// or http://. Empty: no QR code."
        error={errors.destinationUrl?.message}
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/offer"
            {...register('destinationUrl')}
          />
        )}
      </FormField>
    </div>
  );
}

function ReviewStep({
  control,
  choices,
  spaces,
  onEdit,
}: {
  control: TControl;
  choices: ReadonlyMap<string, TCreativeChoice>;
  spaces: TSpaces;
  onEdit: (step: TWizardStepId) => void;
}) {
  const values = useWatch({ control }) as TCampaignFormValues;
  const bid = amountMicros(values.bid);
  const budget = amountMicros(values.budget);
  const cap = values.dailyCap.trim() === '' ? null : amountMicros(values.dailyCap);
  const nameOf = spaces.data
    ? (id: string) => spaces.data.find((space) => space.adSpaceId === id)?.name
    : undefined;
  const amount = (micros: number | undefined, format: (value: number) => string) =>
    micros === undefined ? 'Not set' : format(micros);
  const sections: { step: TWizardStepId; title: string; lines: string[] }[] = [
    {
      step: 'creatives',
      title: 'Name and creatives',
      lines: [
        values.name.trim() || 'No name yet',
        values.category === '' ? 'No category yet' : AD_CATEGORY_LABELS[values.category],
        values.creativeIds.length === 0
          ? 'No creative yet'
          : values.creativeIds.map((id) => choices.get(id)?.name ?? 'A library item').join(', '),
      ],
    },
    {
      step: 'targeting',
      title: 'Targeting',
      lines: describeTargeting(targetingOf(values), nameOf),
    },
    {
      step: 'schedule',
      title: 'Schedule',
      lines: [
        values.startDate && values.endDate
          ? formatFlight(values.startDate, values.endDate)
          : 'Dates not set',
        ...formatDayparts(values.dayparts),
      ],
    },
    {
      step: 'budget',
      title: 'Budget',
      lines: [
        `Bid: ${amount(bid, formatBid)}`,
        `Total budget: ${amount(budget, formatMicros)}`,
        `Daily cap: ${cap === null ? 'none' : amount(cap, formatMicros)}`,
      ],
    },
    {
      step: 'qr',
      title: 'QR code',
      lines: [values.destinationUrl.trim() || 'No QR code'],
    },
  ];
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-review"
        title="Review"
        text="Check everything, then save it as a draft or send it for review. A super-user approves it before it plays; approving holds the budget from your wallet."
      />
      <dl className="grid gap-3">
        {sections.map((section) => (
          <div
            key={section.step}
            className="flex items-start justify-between gap-3 rounded-lg border border-border px-4 py-3"
          >
            <div className="grid min-w-0 gap-1">
              <dt className="text-sm font-semibold">{section.title}</dt>
              {section.lines.map((line) => (
                <dd key={line} className="text-sm break-words text-muted-foreground">
                  {line}
                </dd>
              ))}
            </div>
            <Button
              variant="link"
              aria-label={`Change ${section.title.toLowerCase()}`}
              onClick={() => onEdit(section.step)}
            >
              Change
            </Button>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Stepper({
  current,
  stepsWithErrors,
  onGo,
}: {
  current: number;
  stepsWithErrors: ReadonlySet<number>;
  onGo: (index: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // On a phone the steps scroll sideways: the current one is kept in view.
  useEffect(() => {
    const button = listRef.current?.querySelector<HTMLElement>('[aria-current="step"]');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label="Campaign steps" className="min-w-0">
      <ol
        ref={listRef}
        className="flex gap-1 overflow-x-auto pb-1 lg:grid lg:gap-1 lg:overflow-visible"
      >
        {WIZARD_STEPS.map((step, index) => {
          const isCurrent = index === current;
          const hasError = stepsWithErrors.has(index);
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onGo(index)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap transition-colors',
                  isCurrent
                    ? 'bg-primary-soft font-medium text-primary-soft-foreground'
                    : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums',
                    hasError
                      ? 'border-danger text-danger'
                      : isCurrent
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-input',
                  )}
                >
                  {index + 1}
                </span>
                {step.title}
                {hasError && <span className="sr-only"> (needs attention)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** What the forecast reads from the form: amounts as typed become micros when they parse. */
function forecastInputOf(values: TCampaignFormValues): TForecastInput {
  const bid = amountMicros(values.bid);
  return {
    targeting: targetingOf(values),
    dayparts: values.dayparts.filter(
      (daypart) =>
        daypart.weekdays.length > 0 &&
        ZLocalTime.safeParse(daypart.startTime).success &&
        ZLocalTime.safeParse(daypart.endTime).success,
    ),
    bidMicrosPerSecond: bid !== undefined && bid > 0 ? bid : undefined,
    dailyCapMicros: values.dailyCap.trim() === '' ? null : amountMicros(values.dailyCap),
  };
}

/** The choices the wizard can show for creatives it starts with (an edited campaign's). */
function initialChoices(campaign: TCampaign | null): Map<string, TCreativeChoice> {
  const map = new Map<string, TCreativeChoice>();
  for (const creative of campaign?.creatives ?? []) {
    map.set(creative.id, {
      id: creative.id,
      name: creative.name,
      kind: creative.kind,
      src: creative.kind === 'image' ? creative.url : null,
      width: creative.width,
      height: creative.height,
    });
  }
  return map;
}

/**
 * The campaign wizard (/publisher/ad-campaigns/new, `?edit=<id>` for a draft or rejected one):
 * one step at a time with "Next" checking that step's fields by the shared schema, any step
 * reachable from the stepper, the forecast beside it, and "Save draft" / "Submit for review"
 * (save, then submit). What the buyer types is kept under `draftKey` as they type
 * (utils/wizard-draft.ts) and `restored` brings it back; saving or discarding removes it.
 */
export function CampaignWizard({
  campaign,
  defaultValues,
  draftKey,
  restored = null,
}: {
  campaign: TCampaign | null;
  defaultValues: TCampaignFormValues;
  draftKey: string;
  restored?: TWizardDraft | null;
}) {
  const navigate = useNavigate();
  const save = useSaveCampaign();
  const spaces = useMarketplaceAdSpaces();
  const [stepIndex, setStepIndex] = useState(() =>
    Math.min(restored?.stepIndex ?? 0, WIZARD_STEPS.length - 1),
  );
  const [savedId, setSavedId] = useState<string | null>(campaign?.id ?? null);
  const [choices, setChoices] = useState(() => {
    const map = initialChoices(campaign);
    for (const choice of restored?.choices ?? []) map.set(choice.id, choice);
    return map;
  });
  const [pending, setPending] = useState<'draft' | 'submit' | null>(null);
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const {
    control,
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<TCampaignFormValues, unknown, TBody>({
    resolver: zodResolver(ZCampaignForm),
    defaultValues: restored?.values ?? defaultValues,
    // Checked as the person types, not on blur: an error that vanishes on blur moves the next
    // control under the pointer between press and release, and the click is lost.
    mode: 'onChange',
  });
  const values = useWatch({ control }) as TCampaignFormValues;
  const targeting = targetingOf(values);

  // The draft follows every change; an untouched wizard stores nothing (a new campaign's dates
  // would otherwise come back stale). Saving clears it before leaving (`isLeaving`).
  const untouched = useRef(JSON.stringify({ values, stepIndex }));
  const isLeaving = useRef(false);
  useEffect(() => {
    if (isLeaving.current) return;
    const snapshot = JSON.stringify({ values, stepIndex });
    if (snapshot === untouched.current && restoredAt === null) return;
    untouched.current = '';
    const chosen = values.creativeIds.flatMap((id) => {
      const choice = choices.get(id);
      return choice ? [choice] : [];
    });
    writeWizardDraft(draftKey, { values, stepIndex, choices: chosen });
  }, [values, stepIndex, choices, draftKey, restoredAt]);

  const discard = () => {
    clearWizardDraft(draftKey);
    reset(defaultValues);
    setChoices(initialChoices(campaign));
    setStepIndex(0);
    setRestoredAt(null);
    untouched.current = JSON.stringify({ values: defaultValues, stepIndex: 0 });
    toast.success(campaign ? 'Your unsaved changes were discarded.' : 'The draft was discarded.');
  };
  const step = WIZARD_STEPS[stepIndex] ?? WIZARD_STEPS[0];
  const stepsWithErrors = new Set(
    WIZARD_STEPS.flatMap((candidate, index) =>
      (candidate.fields as readonly string[]).some((field) => field in errors) ? [index] : [],
    ),
  );

  const goTo = (index: number) =>
    setStepIndex(Math.max(0, Math.min(index, WIZARD_STEPS.length - 1)));
  const next = async () => {
    if (await trigger([...step.fields])) goTo(stepIndex + 1);
  };

  const onPicked = (items: TContentItem[]) =>
    setChoices((current) => {
      const map = new Map(current);
      for (const item of items) {
        map.set(item.id, {
          id: item.id,
          name: item.name,
          kind: item.kind,
          src: item.kind === 'image' ? item.mediaUrl : item.posterUrl,
          width: item.width,
          height: item.height,
        });
      }
      return map;
    });

  const saveAs = (submit: boolean) =>
    handleSubmit(
      async (body) => {
        setPending(submit ? 'submit' : 'draft');
        try {
          const saved = await save.mutateAsync({ id: savedId, body, submit });
          isLeaving.current = true;
          clearWizardDraft(draftKey);
          toast.success(
            submit
              ? `“${saved.name}” was sent for review.`
              : `“${saved.name}” was saved as a draft.`,
          );
          void navigate(overviewPath(saved.id));
        } catch (error) {
          if (error instanceof SubmitAfterSaveError) {
            setSavedId(error.campaign.id);
            toast.error(`Saved as a draft, but not sent for review: ${errorMessage(error.cause)}`);
            setError('root', { message: errorMessage(error.cause) });
            return;
          }
          showSaveError(error, getValues(), setError);
        } finally {
          setPending(null);
        }
      },
      (invalid) => {
        const first = WIZARD_STEPS.findIndex((candidate) =>
          (candidate.fields as readonly string[]).some((field) => field in invalid),
        );
        if (first >= 0) goTo(first);
        toast.error('Some steps need attention before the campaign can be saved.');
      },
    );

  const isReview = step.id === 'review';
  // A rejected campaign stays rejected until it is sent again: its save is no draft.
  const saveLabel = campaign?.state === 'rejected' ? 'Save changes' : 'Save draft';
  const showsEstimate = step.id !== 'creatives' && step.id !== 'qr';

  return (
    <form
      noValidate
      // Enter in a field moves on a step; on the review it saves the draft (never submits).
      onSubmit={(event) => {
        if (isReview) void saveAs(false)(event);
        else {
          event.preventDefault();
          void next();
        }
      }}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)_17rem] lg:items-start"
    >
      <Stepper current={stepIndex} stepsWithErrors={stepsWithErrors} onGo={goTo} />
      <Card className="grid gap-6 p-5 sm:p-6">
        {restoredAt !== null && (
          <Alert title="Restored what you typed">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              Your unsaved changes of {new Date(restoredAt).toLocaleString(DATE_LOCALE)} are back.
              <Button variant="link" className="h-auto p-0" onClick={discard}>
                Discard changes
              </Button>
            </span>
          </Alert>
        )}
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        {step.id === 'creatives' && (
          <CreativesStep
            control={control}
            register={register}
            errors={errors}
            choices={choices}
            onPicked={onPicked}
          />
        )}
        {step.id === 'targeting' && <TargetingStep control={control} spaces={spaces} />}
        {step.id === 'schedule' && (
          <ScheduleStep control={control} register={register} errors={errors} />
        )}
        {step.id === 'budget' && (
          <BudgetStep control={control} register={register} errors={errors} spaces={spaces} />
        )}
        {step.id === 'qr' && <QrStep register={register} errors={errors} />}
        {(step.id === 'creatives' || step.id === 'targeting' || isReview) && (
          <CreativeFitWarning
            creatives={values.creativeIds.flatMap((id) => {
              const choice = choices.get(id);
              return choice ? [choice] : [];
            })}
            spaces={spaces.data}
            targeting={targeting}
          />
        )}
        {isReview && (
          <ReviewStep
            control={control}
            choices={choices}
            spaces={spaces}
            onEdit={(id) => goTo(WIZARD_STEPS.findIndex((candidate) => candidate.id === id))}
          />
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-center">
          {stepIndex > 0 && (
            <Button variant="outline" onClick={() => goTo(stepIndex - 1)}>
              Back
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
            <Button
              variant={isReview ? 'outline' : 'ghost'}
              isPending={pending === 'draft'}
              disabled={pending !== null}
              onClick={() => void saveAs(false)()}
            >
              {saveLabel}
            </Button>
            {isReview ? (
              <Button
                isPending={pending === 'submit'}
                disabled={pending !== null}
                onClick={() => void saveAs(true)()}
              >
                Submit for review
              </Button>
            ) : (
              <Button type="submit">Next</Button>
            )}
          </div>
        </div>
      </Card>
      {showsEstimate && (
        <Card className="p-4 lg:sticky lg:top-20">
          <ReachEstimate spaces={spaces} input={forecastInputOf(values)} />
        </Card>
      )}
    </form>
  );
}
