import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { WIZARD_STEPS } from '@/features/ad-campaigns/utils/campaign-form';

export function CampaignWizardStepper({
  current,
  stepsWithErrors,
  onGo,
}: {
  current: number;
  stepsWithErrors: ReadonlySet<number>;
  onGo: (index: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // On a phone the steps scroll sideways: the current one is kept in view.
  useEffect(() => {
    const button = listRef.current?.querySelector<HTMLElement>('[aria-current="step"]');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label="Campaign steps" className="min-w-0">
      <ol
        ref={listRef}
        className="flex gap-1 overflow-x-auto pb-1 lg:grid lg:gap-1 lg:overflow-visible"
      >
        {WIZARD_STEPS.map((step, index) => {
          const isCurrent = index === current;
          const hasError = stepsWithErrors.has(index);
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onGo(index)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap transition-colors',
                  isCurrent
                    ? 'bg-primary-soft font-medium text-primary-soft-foreground'
                    : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums',
                    hasError
                      ? 'border-danger text-danger'
                      : isCurrent
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-input',
                  )}
                >
                  {index + 1}
                </span>
                {step.title}
                {hasError && <span className="sr-only"> (needs attention)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
