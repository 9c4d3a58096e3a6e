import { Controller, useWatch } from 'react-hook-form';
import { ORIENTATIONS } from '@screenline/shared/ad-space';
import type { TMarketplaceAdSpace } from '@screenline/shared/campaign';
import { VENUE_TYPES, VENUE_TYPE_LABELS } from '@screenline/shared/location';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { formatBid, formatCount, formatSeconds } from '@/lib/campaign-format';
import { DATE_LOCALE } from '@/lib/local-time';
import type {
  TCampaignFormControl as TControl,
  TMarketplaceSpaces as TSpaces,
} from '@/features/ad-campaigns/components/campaign-wizard-model';
import { CheckboxGroup } from '@/features/ad-campaigns/components/checkbox-group';
import {
  FieldError,
  StepHeading,
} from '@/features/ad-campaigns/components/wizard-steps/step-heading';

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
export function TargetingStep({ control, spaces }: { control: TControl; spaces: TSpaces }) {
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
