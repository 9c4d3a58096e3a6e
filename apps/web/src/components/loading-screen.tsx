import type { CSSProperties } from 'react';
import { LogoMark } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';

/** SPEC §9: ring of 12 dots; two rotations (18 s, 24 s); logo pulse 3.2 s; wobble 10 s. */
export const LOADING_ANIMATION = {
  dots: 12,
  rotationSeconds: [18, 24],
  pulseSeconds: 3.2,
  wobbleSeconds: 10,
} as const;

const duration = (seconds: number): CSSProperties => ({ animationDuration: `${seconds}s` });

/**
 * The full-page loading fallback: shown while lazy pages load and while the session is read.
 * Every animation stops under prefers-reduced-motion (see index.css).
 */
export function LoadingScreen() {
  const [outer, inner] = LOADING_ANIMATION.rotationSeconds;
  return (
    <div
      data-testid="loading-screen"
      className="fixed inset-0 z-30 flex flex-col items-center justify-center gap-6 bg-background"
    >
      <div className="fixed top-3 right-3 z-40">
        <ThemeButton />
      </div>
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-5">
        <div className="relative flex size-36 items-center justify-center">
          {/* Ring of dots, turning clockwise. */}
          <div className="sl-spin absolute inset-0" style={duration(outer)} aria-hidden>
            {Array.from({ length: LOADING_ANIMATION.dots }, (_, index) => (
              <span
                key={index}
                data-testid="loading-dot"
                className="absolute top-1/2 left-1/2 -mt-1 -ml-1 size-2 rounded-full bg-primary"
                style={{
                  transform: `rotate(${index * (360 / LOADING_ANIMATION.dots)}deg) translateY(-64px)`,
                  opacity: 0.25 + (0.75 * (index + 1)) / LOADING_ANIMATION.dots,
                }}
              />
            ))}
          </div>
          {/* A dashed orbit turning the other way. */}
          <div
            className="sl-spin-reverse absolute inset-5 rounded-full border-2 border-dashed border-primary/30"
            style={duration(inner)}
            aria-hidden
          />
          <div className="sl-wobble" style={duration(LOADING_ANIMATION.wobbleSeconds)}>
            <div className="sl-pulse" style={duration(LOADING_ANIMATION.pulseSeconds)}>
              <LogoMark className="size-14" />
            </div>
          </div>
        </div>
        <p className="text-xl font-semibold tracking-tight">Screenline</p>
        <span className="sr-only">Loading…</span>
      </div>
    </div>
  );
}
