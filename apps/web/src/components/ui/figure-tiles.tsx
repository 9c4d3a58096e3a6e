import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type TFigure = {
  term: string;
  value: ReactNode;
  /** A line under the value: where the figure comes from, or what it leaves out. */
  hint?: ReactNode;
};

const SIZES = {
  /** A page's headline figures: wallet, campaign results, proof of play. */
  page: {
    tile: 'rounded-xl border border-border bg-surface px-4 py-3 shadow-xs',
    value: 'mt-1 text-xl font-semibold tracking-tight tabular-nums sm:text-2xl',
  },
  /** Figures inside a dialog or a form's side panel. */
  compact: {
    tile: 'rounded-lg border border-border px-3 py-2',
    value: 'mt-0.5 text-lg font-semibold tabular-nums',
  },
} as const;

/**
 * Figures as a description list of tiles, a term over its value (and a hint under it). The grid's
 * columns are the caller's (`className`): three counts sit in a row, four sums wrap to two on a
 * phone.
 */
export function FigureTiles({
  figures,
  size = 'page',
  className,
  tileClassName,
  'aria-label': ariaLabel,
}: {
  figures: readonly TFigure[];
  size?: keyof typeof SIZES;
  className?: string;
  /** Added to each tile's classes (a tinted background, more padding). */
  tileClassName?: string;
  'aria-label'?: string;
}) {
  const { tile, value } = SIZES[size];
  return (
    <dl aria-label={ariaLabel} className={cn('grid gap-3', className)}>
      {figures.map((figure) => (
        <div key={figure.term} className={cn(tile, tileClassName)}>
          <dt className="text-xs font-medium text-muted-foreground">{figure.term}</dt>
          <dd className={value}>{figure.value}</dd>
          {figure.hint !== undefined && (
            <dd className="mt-1 text-xs text-muted-foreground">{figure.hint}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
