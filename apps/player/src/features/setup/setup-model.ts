import type { TPlayerAdSpace } from '@screenline/shared/player';
import type { TAdSpacesAnswer } from '../../lib/device';

/** Why the list could not be shown, each said in words on screen. */
export type TSetupProblem = 'offline' | 'not-owner' | 'error';

/** What the setup screen shows (SPEC §1: the list, or "No Ad Spaces Found"). */
export type TSetupView =
  | { kind: 'loading' }
  | { kind: 'list'; items: TPlayerAdSpace[]; selectedId: string | null }
  | { kind: 'empty' }
  | { kind: 'problem'; problem: TSetupProblem };

/**
 * The view after the list arrived. The choice survives a refresh while its ad space is still
 * listed; otherwise nothing is chosen (Continue stays disabled until the viewer picks one). With
 * one ad space, nothing is chosen either: SPEC §1 has the viewer pick it.
 */
export function viewOfAnswer(
  answer: Exclude<TAdSpacesAnswer, { kind: 'signed-out' }>,
  selectedId: string | null,
): TSetupView {
  if (answer.kind === 'not-owner') return { kind: 'problem', problem: 'not-owner' };
  if (answer.items.length === 0) return { kind: 'empty' };
  const stillListed = answer.items.some((space) => space.id === selectedId);
  return { kind: 'list', items: answer.items, selectedId: stillListed ? selectedId : null };
}

/** The chosen ad space, when there is one: Continue is enabled exactly then. */
export function chosenOf(view: TSetupView): TPlayerAdSpace | null {
  if (view.kind !== 'list' || view.selectedId === null) return null;
  return view.items.find((space) => space.id === view.selectedId) ?? null;
}

/** "Harbour, Springfield" (lib/ad-space.ts: the idle screen and the menu show it too). */
export { locationLine } from '../../lib/ad-space';
