import { useRef, useState } from 'react';
import { Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import { AD_CATEGORIES, AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import { CAMPAIGN_CREATIVES_MAX } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { TCampaignFormControl as TControl } from '@/features/ad-campaigns/components/campaign-wizard-model';
import { CreativePickerDialog } from '@/features/ad-campaigns/components/creative-picker-dialog';
import { CreativeThumbnail } from '@/features/ad-campaigns/components/creative-thumbnail';
import {
  FieldError,
  StepHeading,
} from '@/features/ad-campaigns/components/wizard-steps/step-heading';
import type { TCampaignFormValues } from '@/features/ad-campaigns/utils/campaign-form';
import type { TCreativeChoice } from '@/features/ad-campaigns/utils/wizard-draft';

export function CreativesStep({
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
