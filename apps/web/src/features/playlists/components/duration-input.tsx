import { useState } from 'react';
import { controlClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import {
  DURATION_UNITS,
  inUnit,
  naturalUnit,
  toSeconds,
  type TDurationUnit,
} from '@/features/playlists/utils/durations';

/**
 * A length typed as a number in a unit (seconds, minutes, hours), handed out in seconds. What is
 * typed stays as typed ("1.5" min stays "1.5"); the form validates the seconds. Changing the unit
 * reads the same number in the new unit (10 s → 10 min), as a unit next to a number does.
 */
export function DurationInput({
  id,
  seconds,
  onChange,
  onBlur,
  units,
  label,
  invalid,
  describedBy,
}: {
  id?: string;
  seconds: number;
  onChange: (seconds: number) => void;
  onBlur?: () => void;
  units: readonly TDurationUnit[];
  /** The accessible name of the number box; the unit select is named after it. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [unit, setUnit] = useState<TDurationUnit>(() => naturalUnit(seconds, units));
  const [text, setText] = useState(() => inUnit(seconds, unit));
  // Outside changes (a reset after saving) replace what is shown; the owner's own typing does not
  // round-trip through seconds, so "1." is not rewritten to "1" under the cursor.
  const [shownSeconds, setShownSeconds] = useState(seconds);
  if (!Object.is(seconds, shownSeconds)) {
    setShownSeconds(seconds);
    if (!Object.is(toSeconds(text, unit), seconds)) {
      const nextUnit = naturalUnit(seconds, units);
      setUnit(nextUnit);
      setText(inUnit(seconds, nextUnit));
    }
  }

  const emit = (nextText: string, nextUnit: TDurationUnit) => {
    const next = toSeconds(nextText, nextUnit);
    setShownSeconds(next);
    onChange(next);
  };

  return (
    <div className="flex items-stretch">
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          emit(event.target.value, unit);
        }}
        onBlur={onBlur}
        className={cn(controlClasses, 'h-9 w-20 rounded-r-none tabular-nums')}
      />
      <Select
        aria-label={`${label}: unit`}
        value={unit}
        onChange={(event) => {
          const nextUnit = DURATION_UNITS.find((u) => u.value === event.target.value)?.value ?? 's';
          setUnit(nextUnit);
          emit(text, nextUnit);
        }}
        className="-ml-px [&_select]:h-9 [&_select]:w-auto [&_select]:rounded-l-none [&_select]:pr-8"
      >
        {DURATION_UNITS.filter((u) => units.includes(u.value)).map((u) => (
          <option key={u.value} value={u.value}>
            {u.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
