import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { controlClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A native <select> styled like the inputs (native: the best picker on phones and for AT). */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClasses, 'h-10 cursor-pointer appearance-none pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
