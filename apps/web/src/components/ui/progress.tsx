import { cn } from '@/lib/utils';

/**
 * A determinate progress bar (role="progressbar", value 0–100). `tone` colours the fill for a
 * paused or failed task; `label` names it for screen readers.
 */
export function Progress({
  value,
  label,
  valueText,
  tone = 'brand',
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  tone?: 'brand' | 'muted' | 'danger' | 'success';
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-surface-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none',
          tone === 'brand' && 'bg-primary',
          tone === 'muted' && 'bg-muted-foreground/50',
          tone === 'danger' && 'bg-danger',
          tone === 'success' && 'bg-success-soft-foreground',
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
