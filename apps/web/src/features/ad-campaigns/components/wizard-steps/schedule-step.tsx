import { useRef } from 'react';
import { Controller, useFieldArray, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { ISO_WEEKDAYS } from '@screenline/shared/schedule';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DATE_LOCALE } from '@/lib/local-time';
import type { TCampaignFormControl as TControl } from '@/features/ad-campaigns/components/campaign-wizard-model';
import { CheckboxGroup } from '@/features/ad-campaigns/components/checkbox-group';
import {
  FieldError,
  StepHeading,
} from '@/features/ad-campaigns/components/wizard-steps/step-heading';
import type { TCampaignFormValues } from '@/features/ad-campaigns/utils/campaign-form';

const WEEKDAY_OPTIONS = ISO_WEEKDAYS.map((value) => {
  const day = new Date(Date.UTC(2024, 0, value));
  const name = (width: 'long' | 'short') =>
    day.toLocaleDateString(DATE_LOCALE, { weekday: width, timeZone: 'UTC' });
  return { value, label: name('short'), name: name('long') };
});

export function ScheduleStep({
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
