import type { ComponentProps, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const PLACEMENTS = {
  center:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border p-6 shadow-xl',
  left: 'inset-y-0 left-0 h-full w-[min(20rem,85vw)] border-r border-border shadow-xl',
  /**
   * A long form: centred with a header, a body that scrolls and a footer (DialogBody,
   * DialogActions), the whole screen below 640 px. Widen it with a max-w-* class.
   */
  form: 'top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border shadow-xl max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0',
} as const;

/**
 * Dialog content on an overlay. `placement="left"` makes it a drawer (the phone-width sidebar);
 * `placement="form"` a long form's dialog (DialogHeader, then a form holding DialogBody and
 * DialogActions).
 */
export function DialogContent({
  placement = 'center',
  className,
  children,
  closeLabel = 'Close',
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  placement?: keyof typeof PLACEMENTS;
  closeLabel?: string;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-surface text-foreground focus:outline-none',
          PLACEMENTS[placement],
          className,
        )}
        onEscapeKeyDown={(event) => {
          // Radix hears Escape first (document, capture phase): an open combobox list inside
          // the dialog closes on its own, and the dialog stays.
          const active = document.activeElement;
          if (active?.getAttribute('role') === 'combobox' && active.ariaExpanded === 'true') {
            event.preventDefault();
          }
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
        >
          <X aria-hidden className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('pr-8 text-lg font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('mt-1.5 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}

/** The title block of a `placement="form"` dialog. */
export function DialogHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('border-b border-border px-5 pt-5 pb-4 sm:px-6', className)}>{children}</div>
  );
}

/** The scrolling middle of a `placement="form"` dialog. */
export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'grid min-h-0 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The footer of a `placement="form"` dialog, always in view. */
export function DialogActions({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6',
        className,
      )}
    >
      {children}
    </div>
  );
}
