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

/** Boxes closer than this (px) count as touching: subpixel layout leaves such slivers. */
const SLACK = 1;

/** How far `box` lies beyond `from` in `direction` (its near edge past from's far edge), or null. */
function gapAlong(from: TBox, box: TBox, direction: TDirection): number | null {
  const gap =
    direction === 'down'
      ? box.top - (from.top + from.height)
      : direction === 'up'
        ? from.top - (box.top + box.height)
        : direction === 'right'
          ? box.left - (from.left + from.width)
          : from.left - (box.left + box.width);
  return gap >= -SLACK ? Math.max(gap, 0) : null;
}

/** Whether the two boxes share a row (left/right) or a column (up/down). */
function isInLine(from: TBox, box: TBox, direction: TDirection): boolean {
  return direction === 'left' || direction === 'right'
    ? box.top < from.top + from.height - SLACK && box.top + box.height > from.top + SLACK
    : box.left < from.left + from.width - SLACK && box.left + box.width > from.left + SLACK;
}

/**
 * The index of the candidate to move to from `from` in `direction`, or -1 (issue 21 item 4: the
 * remote must never jump diagonally to another card, so OK chooses what the viewer aimed at).
 *
 * Only candidates wholly beyond `from` in that direction count. Left and Right stay in the row:
 * the nearest candidate that shares it, or none. Up and Down take the nearest in the column;
 * with none there, the nearest beyond (distance across weighing twice), so a column of cards
 * still reaches the buttons under the list.
 */
export function pickNext(from: TBox, direction: TDirection, candidates: TBox[]): number {
  const centre = (box: TBox) =>
    direction === 'left' || direction === 'right'
      ? box.top + box.height / 2
      : box.left + box.width / 2;
  let best = -1;
  let bestScore = Infinity;
  let isBestInLine = false;
  candidates.forEach((box, index) => {
    const gap = gapAlong(from, box, direction);
    if (gap === null) return;
    const isSameLine = isInLine(from, box, direction);
    if (!isSameLine && (direction === 'left' || direction === 'right')) return;
    if (isBestInLine && !isSameLine) return;
    const across = Math.abs(centre(box) - centre(from));
    const score = isSameLine ? gap * 4 + across : gap + across * 2;
    if ((isSameLine && !isBestInLine) || score < bestScore) {
      bestScore = score;
      best = index;
      isBestInLine = isSameLine;
    }
  });
  return best;
}

/**
 * Where the focus lands when it enters a group of controls from outside: the group
 * (`data-nav-group`) names its entry controls with `data-nav-entry="1"`, `"2"`, … and the first
 * enabled one is taken. Setup's buttons use it so that Down from any ad space reaches "Continue to
 * Player" (or Refresh while it is disabled), never Sign out by accident of geometry.
 */
export function entryOf(target: HTMLElement, from: Element): HTMLElement {
  const group = target.closest('[data-nav-group]');
  if (!group || group.contains(from)) return target;
  const entries = Array.from(group.querySelectorAll<HTMLElement>('[data-nav-entry]'))
    .filter((element) => !(element as HTMLButtonElement).disabled)
    .sort((a, b) => Number(a.dataset.navEntry) - Number(b.dataset.navEntry));
  return entries[0] ?? target;
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
      // An open dialog (the menu, a confirmation) keeps the focus inside it.
      const dialogs = document.querySelectorAll('[aria-modal="true"]');
      const scope = dialogs[dialogs.length - 1] ?? document;
      const controls = Array.from(scope.querySelectorAll(FOCUSABLE)).filter(
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
        entryOf(next, active).focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
