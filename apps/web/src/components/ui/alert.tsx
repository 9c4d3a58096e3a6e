import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

const TONES = {
  error: {
    classes: 'border-danger/30 bg-danger-soft text-danger-soft-foreground',
    Icon: CircleAlert,
  },
  success: {
    classes: 'border-success-soft-foreground/25 bg-success-soft text-success-soft-foreground',
    Icon: CircleCheck,
  },
  info: { classes: 'border-primary/25 bg-primary-soft text-primary-soft-foreground', Icon: Info },
  warning: {
    classes: 'border-warning-soft-foreground/25 bg-warning-soft text-warning-soft-foreground',
    Icon: TriangleAlert,
  },
} as const;

/** An inline message. Errors are announced (role="alert"); others are polite status messages. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { classes, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', classes, className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
}
