import { useEffect } from 'react';

/**
 * Remote-control navigation: the arrow keys move focus to the nearest control in that direction
 * (Enter then activates it, as a browser does for buttons and forms). TV browsers move focus
 * this way only with their own spatial-navigation flag, which we cannot count on.
 */
export type TDirection = 'up' | 'down' | 'left' | 'right';

export interface TBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

const KEY_DIRECTIONS: Record<string, TDirection> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  // Chromium 68/69 on some TVs still reports the old names.
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The index of the candidate to move to from `from` in `direction`, or -1. Only candidates
 * whose centre lies in that direction count; the nearest wins, distance across the direction
 * weighing twice as much, so moving down from a field reaches the one below, not one beside it.
 */
export function pickNext(from: TBox, direction: TDirection, candidates: TBox[]): number {
  const cx = from.left + from.width / 2;
  const cy = from.top + from.height / 2;
  let best = -1;
  let bestScore = Infinity;
  candidates.forEach((box, index) => {
    const dx = box.left + box.width / 2 - cx;
    const dy = box.top + box.height / 2 - cy;
    const along =
      direction === 'up' ? -dy : direction === 'down' ? dy : direction === 'left' ? -dx : dx;
    const across = direction === 'up' || direction === 'down' ? Math.abs(dx) : Math.abs(dy);
    if (along <= 1) return;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** Whether Left/Right should move the caret inside this text field rather than leave it. */
function keepsCaret(element: Element, direction: TDirection): boolean {
  if (!(element instanceof HTMLInputElement) || (direction !== 'left' && direction !== 'right')) {
    return false;
  }
  // Email fields give no selection offsets: treat the caret as at the end.
  const start = element.selectionStart ?? element.value.length;
  const end = element.selectionEnd ?? element.value.length;
  if (start !== end) return true;
  return direction === 'left' ? start > 0 : end < element.value.length;
}

function boxOf(element: Element): TBox {
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/** Installs arrow-key focus movement on the whole page while the component is mounted. */
export function useArrowKeyNavigation(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = KEY_DIRECTIONS[event.key];
      if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
      const controls = Array.from(document.querySelectorAll(FOCUSABLE)).filter(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && element.getClientRects().length > 0,
      );
      if (controls.length === 0) return;
      const active = document.activeElement;
      // Nothing focused yet: the first press focuses the first control.
      if (!active || active === document.body || !controls.includes(active as HTMLElement)) {
        event.preventDefault();
        controls[0]?.focus();
        return;
      }
      if (keepsCaret(active, direction)) return;
      const others = controls.filter((element) => element !== active);
      const next = others[pickNext(boxOf(active), direction, others.map(boxOf))];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
