import type { ComponentProps, ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

/**
 * The shell of a list table: a bordered card around a fixed-layout table named by `label`.
 * Columns stay in the feature: each table knows which of its columns a narrow screen drops.
 */
export function DataTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-xs">
      <table aria-label={label} className="w-full table-fixed border-collapse">
        {children}
      </table>
    </div>
  );
}

/** The header row; its cells are `DataTableColumn`s. */
export function DataTableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-border bg-surface-muted/60">
      <tr>{children}</tr>
    </thead>
  );
}

/** A column header; `className` adds its width and the breakpoint it shows from. */
export function DataTableColumn({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('px-3 py-2.5 text-left text-xs font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The narrow last column that holds each row's actions menu, named for screen readers. */
export function DataTableActionsColumn() {
  return (
    <DataTableColumn className="w-12">
      <span className="sr-only">Actions</span>
    </DataTableColumn>
  );
}

/** A body row, named by `label` (the item's name) so tests and screen readers can find it. */
export function DataTableRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr
      aria-label={label}
      className="border-b border-border last:border-b-0 hover:bg-surface-muted/50"
    >
      {children}
    </tr>
  );
}

/** The classes of a plain data cell; a table adds its own (alignment, wrapping, figures). */
export const dataTableCell = 'px-3 py-2.5 text-sm text-muted-foreground';

/**
 * The "…" button that opens a row's actions menu. Render it inside a `DropdownMenu`; the
 * caller names it (`aria-label`) and marks it so focus can return to it after a dialog.
 */
export function RowActionsTrigger({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuTrigger>) {
  return (
    <DropdownMenuTrigger
      className={cn(
        'inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground data-[state=open]:bg-surface-muted',
        className,
      )}
      {...props}
    >
      <MoreHorizontal aria-hidden className="size-4" />
    </DropdownMenuTrigger>
  );
}
