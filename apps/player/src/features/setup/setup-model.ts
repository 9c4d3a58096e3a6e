import type { TAdSpaceTvs, TPlayerAdSpaceOption } from '@screenline/shared/player';
import { formatAgo } from '../../lib/format-ago';
import type { TAdSpacesAnswer } from '../../lib/device';

/** Why the list could not be shown, each said in words on screen. */
export type TSetupProblem = 'offline' | 'not-owner' | 'error';

/** What the setup screen shows (SPEC §1: the list, or "No Ad Spaces Found"). */
export type TSetupView =
  | { kind: 'loading' }
  | { kind: 'list'; items: TPlayerAdSpaceOption[]; selectedId: string | null }
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
export function chosenOf(view: TSetupView): TPlayerAdSpaceOption | null {
  if (view.kind !== 'list' || view.selectedId === null) return null;
  return view.items.find((space) => space.id === view.selectedId) ?? null;
}

/** "Harbour, Springfield" (lib/ad-space.ts: the idle screen and the menu show it too). */
export { locationLine } from '../../lib/ad-space';

/**
 * What a card says of the other TVs set up for its space (issue 21 item 4), or null when there
 * are none: "Has a TV · last seen 5 minutes ago".
 */
export function tvsLine(tvs: TAdSpaceTvs | null, nowMs: number): string | null {
  if (!tvs) return null;
  const has = tvs.count === 1 ? 'Has a TV' : `Has ${tvs.count} TVs`;
  if (tvs.lastSeenAt === null) return `${has} · never seen`;
  return `${has} · last seen ${formatAgo(Date.parse(tvs.lastSeenAt), nowMs)}`;
}
