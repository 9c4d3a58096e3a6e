import { Monitor, Moon, Sun } from 'lucide-react';
import { themeButtonLabel, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles light → dark → system; its title and accessible name say the current mode (SPEC §2). */
export function ThemeButton({ className }: { className?: string }) {
  const { mode, cycle } = useTheme();
  const Icon = ICONS[mode];
  const label = themeButtonLabel(mode);
  return (
    <button
      type="button"
      onClick={cycle}
      title={label}
      aria-label={label}
      className={cn(
        'inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground',
        className,
      )}
    >
      <Icon aria-hidden className="size-[18px]" />
    </button>
  );
}
