import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

export type TCheckboxOption<TValue extends string | number> = {
  value: TValue;
  label: ReactNode;
  /** The accessible name when the label is short ("Mon" for Monday). */
  name?: string;
};

/**
 * A labelled group of checkboxes holding a list of values (targeting filters, weekdays), each a
 * real checkbox: Tab reaches it, Space ticks it. `errorId` ties the group to its error.
 */
export function CheckboxGroup<TValue extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  errorId,
  className,
  legendClassName,
}: {
  legend: string;
  hint?: ReactNode;
  options: readonly TCheckboxOption<TValue>[];
  value: readonly TValue[];
  onChange: (value: TValue[]) => void;
  error?: string;
  errorId: string;
  className?: string;
  legendClassName?: string;
}) {
  const order = (values: TValue[]) =>
    options.map((option) => option.value).filter((option) => values.includes(option));
  return (
    <fieldset
      className={cn('grid gap-2', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={cn('mb-1.5 text-sm font-medium', legendClassName)}>{legend}</legend>
      {hint && <p className="-mt-1 text-xs text-muted-foreground">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isChecked = value.includes(option.value);
          return (
            <label
              key={String(option.value)}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="checkbox"
                className="size-4 accent-(--color-primary)"
                checked={isChecked}
                aria-label={option.name}
                onChange={() =>
                  onChange(
                    isChecked
                      ? value.filter((item) => item !== option.value)
                      : order([...value, option.value]),
                  )
                }
              />
              <span aria-hidden={option.name ? true : undefined}>{option.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="flex items-center gap-1.5 text-xs font-medium text-danger">
          <CircleAlert aria-hidden className="size-3.5 shrink-0" />
          {error}
        </p>
      )}
    </fieldset>
  );
}
