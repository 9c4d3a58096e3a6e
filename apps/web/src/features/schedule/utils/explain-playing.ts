import type { PlayingExplanation } from '@screenline/playback/schedule-resolver';
import type { TPlaying } from '@screenline/shared/schedule';

export interface PlayingReason {
  /** Why the answer is what it is, one sentence. */
  why: string;
  /** Active entries that lost, each with why, winner excluded. */
  losers: Array<{ entryId: string; reason: string }>;
}

const LOSS_TEXT = {
  'lower-priority': 'lower priority',
  'older-change': 'same priority, changed earlier',
  'tie-break': 'same priority and change time, larger id',
} as const;

/**
 * The "why" of a "What plays here at…" answer, from the resolver's `explainAt` over the same
 * entries the server used. The server's answer says what plays; this only explains it, and says
 * nothing when the two disagree (the schedule changed between the page's load and the question).
 */
export function explainPlaying(
  playing: TPlaying,
  explanation: PlayingExplanation,
  formatWhen: (iso: string) => string,
): PlayingReason | null {
  if (
    explanation.source !== playing.source ||
    explanation.scheduleEntryId !== playing.scheduleEntryId
  ) {
    return null;
  }
  const [winner, runnerUp] = explanation.active;
  const count = explanation.active.length;
  const losers = explanation.active.slice(1).map((entry) => ({
    entryId: entry.entryId,
    reason: entry.outcome === 'won' ? '' : LOSS_TEXT[entry.outcome],
  }));
  switch (playing.source) {
    case 'idle':
      return {
        why: 'No schedule entry is active then and the ad space has no default playlist, so the screen shows the idle screen.',
        losers,
      };
    case 'default':
      return {
        why: 'No schedule entry is active then, so the ad space plays its default playlist.',
        losers,
      };
    case 'schedule':
      break;
  }
  if (!winner || !runnerUp || runnerUp.outcome === 'won') {
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
