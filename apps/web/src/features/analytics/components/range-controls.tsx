import { useId } from 'react';
import { format, parseISO, subDays } from 'date-fns';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';

/** Calendar days in the viewer's zone, as `yyyy-MM-dd` (the value of a date input). */
export type TDayRange = { fromDay: string; toDay: string };

const PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
] as const;
type TPreset = (typeof PRESETS)[number]['value'];

const DAY = 'yyyy-MM-dd';

/** The last `days` calendar days, today included. */
export function lastDays(days: number, today = new Date()): TDayRange {
  return { fromDay: format(subDays(today, days - 1), DAY), toDay: format(today, DAY) };
}

function presetOf(range: TDayRange): TPreset | 'custom' {
  const today = new Date();
  return (
    PRESETS.find((preset) => {
      const candidate = lastDays(Number(preset.value), today);
      return candidate.fromDay === range.fromDay && candidate.toDay === range.toDay;
    })?.value ?? 'custom'
  );
}

export function isValidRange({ fromDay, toDay }: TDayRange): boolean {
  const [from, to] = [parseISO(fromDay), parseISO(toDay)];
  return !Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) && from <= to;
}

/** The date range of the page-views report: quick presets, or any two days. */
export function RangeControls({
  value,
  onChange,
}: {
  value: TDayRange;
  onChange: (range: TDayRange) => void;
}) {
  const id = useId();
  const isValid = isValidRange(value);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SegmentedControl
        label="Date range"
        value={presetOf(value)}
        onChange={(preset) => onChange(lastDays(Number(preset)))}
        segments={PRESETS}
      />
      <DayField
        id={`${id}-from`}
        label="From"
        value={value.fromDay}
        bounds={{ max: value.toDay }}
        errorId={isValid ? undefined : `${id}-error`}
        onChange={(fromDay) => onChange({ ...value, fromDay })}
      />
      <DayField
        id={`${id}-to`}
        label="To"
        value={value.toDay}
        bounds={{ min: value.fromDay }}
        errorId={isValid ? undefined : `${id}-error`}
        onChange={(toDay) => onChange({ ...value, toDay })}
      />
      {!isValid && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-danger">
          Choose a start day on or before the end day.
        </p>
      )}
    </div>
  );
}

function DayField({
  id,
  label,
  value,
  bounds,
  errorId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  bounds: { min?: string; max?: string };
  /** Set while the range is invalid: the field is marked and points at the message. */
  errorId: string | undefined;
  onChange: (day: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="w-40"
        value={value}
        {...bounds}
        aria-invalid={errorId !== undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
