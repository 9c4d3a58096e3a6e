import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Label } from '@/components/ui/label';

/**
 * The id of a field's label, for controls that name themselves with aria-labelledby (the
 * combobox's input and listbox) rather than through the label's `for`.
 */
export const labelIdOf = (controlId: string): string => `${controlId}-label`;

export type TFieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form control with its hint and error. The control gets the id, and aria-describedby
 * pointing at the hint and the error, through the render function.
 */
export function FormField({
  label,
  hint,
  error,
  className,
  labelAside,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Something shown at the end of the label row (a "Forgot password?" link). */
  labelAside?: ReactNode;
  children: (control: TFieldControlProps) => ReactNode;
}) {
  const id = useId();
  // An error that says what the hint says ("Use at least 6 characters.") replaces it: the same
  // sentence twice reads as two problems.
  const shownHint = error !== undefined && hint === error ? undefined : hint;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [shownHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label id={labelIdOf(id)} htmlFor={id}>
          {label}
        </Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-center gap-1.5 text-xs font-medium text-danger">
          <CircleAlert aria-hidden className="size-3.5 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
