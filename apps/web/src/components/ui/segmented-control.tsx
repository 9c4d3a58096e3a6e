import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type TSegment<TValue extends string> = {
  value: TValue;
  label: ReactNode;
  /** The accessible name when the label is an icon. */
  ariaLabel?: string;
};

/**
 * A row of mutually exclusive buttons (a view switch, a filter). Each is a toggle button with
 * aria-pressed; the group is labelled for screen readers.
 */
export function SegmentedControl<TValue extends string>({
  label,
  value,
  onChange,
  segments,
  className,
}: {
  label: string;
  value: TValue;
  onChange: (value: TValue) => void;
  segments: readonly TSegment<TValue>[];
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'inline-flex h-10 items-center gap-0.5 rounded-lg border border-input bg-surface p-0.5 shadow-xs',
        className,
      )}
    >
      {segments.map((segment) => {
        const isActive = segment.value === value;
        return (
          <button
            key={segment.value}
            type="button"
            aria-pressed={isActive}
            aria-label={segment.ariaLabel}
            title={segment.ariaLabel}
            onClick={() => onChange(segment.value)}
            className={cn(
              'inline-flex h-full cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors [&_svg]:size-4',
              isActive
                ? 'bg-primary-soft text-primary-soft-foreground'
                : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
            )}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
