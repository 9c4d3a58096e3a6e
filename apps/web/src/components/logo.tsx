import { cn } from '@/lib/utils';

/** The Screenline mark: a screen on a stand with a play glyph. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" fill="none" aria-hidden className={cn('size-8', className)}>
      <rect x="2" y="5" width="28" height="18" rx="4" className="fill-primary" />
      <rect x="5" y="8" width="22" height="12" rx="2" className="fill-primary-soft" />
      <path d="M14 11.5v5l4.5-2.5z" className="fill-primary" />
      <rect x="11" y="25" width="10" height="2.5" rx="1.25" className="fill-primary" />
    </svg>
  );
}

/** Mark and name together; the name is real text so it is read out. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark className={markClassName} />
      <span>Screenline</span>
    </span>
  );
}
