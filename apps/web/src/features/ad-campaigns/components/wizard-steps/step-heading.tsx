import { useEffect, useRef } from 'react';
import { CircleAlert } from 'lucide-react';

export function StepHeading({ id, title, text }: { id: string; title: string; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new step takes focus at its heading, so keyboard and screen reader users start there.
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <div className="grid gap-1">
      <h2
        ref={ref}
        id={id}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight focus:outline-none"
      >
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-center gap-1.5 text-xs font-medium text-danger">
      <CircleAlert aria-hidden className="size-3.5 shrink-0" />
      {message}
    </p>
  );
}
