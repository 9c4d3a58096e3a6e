import type { PlayingExplanation, TLocalAdjustment } from '@screenline/playback/schedule-resolver';
import type { TPlaying, TScheduleEntryView } from '@screenline/shared/schedule';
import { scheduleEntryLabel } from '@screenline/shared/schedule-label';

/** An active entry at the instant asked about, the winner first (the resolver's order). */
export interface ActiveEntry {
  entryId: string;
  /** `Morning loop, Mon–Fri 07:00–11:00` */
  name: string;
  priority: number;
  updatedAt: string;
  outcome: 'won' | 'lower-priority' | 'older-change' | 'tie-break';
}

/** The reasons behind an answer, from the server's explanation or the resolver's. */
export interface Reasons {
  active: ActiveEntry[];
  /** How the asked-for local time was read; null when unknown. */
  adjustment: TLocalAdjustment | null;
}

const LOSS_TEXT = {
  'lower-priority': 'lower priority',
  'older-change': 'same priority, changed earlier',
  'tie-break': 'same priority and change time, larger id',
} as const;

/**
 * The server's reasons when its answer carries them (`explanation`); otherwise the resolver's
 * `explainAt` over the same entries, if it agrees with the server on what plays (it may not
 * when the schedule changed between the page's load and the question: then null).
 */
export function reasonsFor(
  playing: TPlaying,
  local: { explanation: PlayingExplanation; adjustment: TLocalAdjustment } | null,
  entriesById: ReadonlyMap<string, TScheduleEntryView>,
): Reasons | null {
  if (playing.explanation) {
    return {
      active: playing.explanation.active.map((entry) => ({
        entryId: entry.scheduleEntryId,
        name: entry.name,
        priority: entry.priority,
        updatedAt: entry.updatedAt,
        outcome: entry.outcome,
      })),
      adjustment: playing.explanation.requested?.adjustment ?? null,
    };
  }
  if (
    !local ||
    local.explanation.source !== playing.source ||
    local.explanation.scheduleEntryId !== playing.scheduleEntryId
  ) {
    return null;
  }
  return {
    active: local.explanation.active.map((entry) => {
      const known = entriesById.get(entry.entryId);
      return {
        entryId: entry.entryId,
        name: known ? scheduleEntryLabel(known) : 'An entry',
        priority: entry.priority,
        updatedAt: entry.updatedAt,
        outcome: entry.outcome,
      };
    }),
    adjustment: local.adjustment,
  };
}

/** Why the answer is what it is, in one sentence, and why each other active entry lost. */
export function whyOf(
  source: TPlaying['source'],
  active: readonly ActiveEntry[],
  formatWhen: (iso: string) => string,
): { why: string; losers: Array<{ entry: ActiveEntry; reason: string }> } {
  const losers = active.slice(1).map((entry) => ({
    entry,
    reason: entry.outcome === 'won' ? '' : LOSS_TEXT[entry.outcome],
  }));
  const [winner, runnerUp] = active;
  const count = active.length;
  if (source === 'idle') {
    return {
      why: 'No schedule entry is active then and the ad space has no default playlist, so the screen shows the idle screen.',
      losers,
    };
  }
  if (source === 'default' || !winner) {
    return {
      why: 'No schedule entry is active then, so the ad space plays its default playlist.',
      losers,
    };
  }
  if (!runnerUp || runnerUp.outcome === 'won') {
    return { why: 'It is the only schedule entry active then.', losers };
  }
  switch (runnerUp.outcome) {
    case 'lower-priority':
      return {
        why: `It has the highest priority (${winner.priority}) of the ${count} entries active then.`,
        losers,
      };
    case 'older-change':
      return {
        why: `Several of the ${count} active entries have priority ${winner.priority}; this one changed most recently (${formatWhen(winner.updatedAt)}).`,
        losers,
      };
    case 'tie-break':
      return {
        why: `Several of the ${count} active entries have priority ${winner.priority} and changed at the same moment; the one with the smallest id wins, the same on every screen.`,
        losers,
      };
  }
}
