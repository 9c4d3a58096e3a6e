import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { addDays, daysInRange, isLocalDay, todayIn } from '@/lib/local-time';
import { cn } from '@/lib/utils';

/** Two calendar days, `yyyy-MM-dd` (a date input's value); '' where a day is not chosen. */
export type TDayRange = { from: string; to: string };

/** A quick choice ("Last 7 days") and the range it stands for. */
export type TDayRangePreset = { value: string; label: string; range: TDayRange };

/** The last `days` days in `timeZone`, today included. */
export function lastDaysIn(timeZone: string, days: number, nowMs = Date.now()): TDayRange {
  const to = todayIn(timeZone, nowMs);
  return { from: addDays(to, -(days - 1)), to };
}

/** The viewer's own time zone (the browser's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Presets of the last so many days in `timeZone` ("Last 7 days", "Last 30 days"). */
export function lastDaysPresets(
  timeZone: string,
  counts: readonly number[],
  label: (days: number) => string = (days) => `Last ${days} days`,
): TDayRangePreset[] {
  return counts.map((days) => ({
    value: String(days),
    label: label(days),
    range: lastDaysIn(timeZone, days),
  }));
}

/**
 * Why a range cannot be asked for, or null when it can. `needs`: 'both' days, 'both-or-neither'
 * (neither: no bounds), or 'any' (each day on its own bounds one side).
 */
export function dayRangeError(
  { from, to }: TDayRange,
  {
    needs = 'both',
    maxDays,
  }: { needs?: 'both' | 'both-or-neither' | 'any'; maxDays?: number } = {},
): string | null {
  const isEmpty = from === '' && to === '';
  if (needs === 'both-or-neither' && isEmpty) return null;
  if (needs !== 'any' && (!isLocalDay(from) || !isLocalDay(to))) {
    return 'Choose a first and a last day.';
  }
  if (from !== '' && to !== '' && from > to) return 'The first day must not be after the last day.';
  if (maxDays !== undefined && from !== '' && to !== '' && daysInRange(from, to) > maxDays) {
    return `Choose at most ${maxDays} days.`;
  }
  return null;
}

/**
 * A range of days: optional quick presets, a From and a To date field, and the range's error
 * (from `dayRangeError`) under them, which both fields point at. `leading` and `children` are
 * more controls in the same row (a kind filter before, a reset button after).
 */
export function DateRangeField({
  value,
  onChange,
  error,
  presets,
  presetsLabel = 'Days shown',
  leading,
  className,
  children,
}: {
  value: TDayRange;
  onChange: (range: TDayRange) => void;
  error: string | null;
  presets?: readonly TDayRangePreset[];
  presetsLabel?: string;
  leading?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const errorId = useId();
  const preset =
    presets?.find(({ range }) => range.from === value.from && range.to === value.to)?.value ??
    'custom';
  const invalidProps = {
    'aria-invalid': error !== null || undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={cn('flex flex-wrap items-end gap-3', className)}>
      {leading}
      {presets && (
        <SegmentedControl
          label={presetsLabel}
          value={preset}
          onChange={(chosen) => {
            const range = presets.find((candidate) => candidate.value === chosen)?.range;
            if (range) onChange(range);
          }}
          segments={presets}
        />
      )}
      {(
        [
          { label: 'From', day: 'from', bounds: { max: value.to || undefined } },
          { label: 'To', day: 'to', bounds: { min: value.from || undefined } },
        ] as const
      ).map(({ label, day, bounds }) => (
        <FormField key={day} label={label} className="w-[calc(50%-0.375rem)] sm:w-40">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={value[day]}
              {...bounds}
              {...invalidProps}
              onChange={(event) => onChange({ ...value, [day]: event.target.value })}
            />
          )}
        </FormField>
      ))}
      {children}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="flex basis-full items-center gap-1.5 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
