import type { TPlayingExplanation } from '@screenline/shared/schedule';
import type { PlayingExplanation } from '@screenline/playback/schedule-resolver';

export interface TExplainInput {
  /** The resolver's answer with its reasons (`explainAt`). */
  explained: PlayingExplanation;
  /** The local `?at=` asked for and how it was read; null for now. */
  requested: TPlayingExplanation['requested'];
  /** Schedule entry id → readable name (`scheduleEntryLabel`). */
  entryNames: ReadonlyMap<string, string>;
  /** Playlist id → name. */
  playlistNames: ReadonlyMap<string, string>;
}

/**
 * The resolver's reasons with the names people know: the schedule page shows the entry that won
 * and why (issue 7 item 5). The resolver's own summary names entries by id; this one by name.
 */
export function explainPlaying(input: TExplainInput): TPlayingExplanation {
  const { explained, entryNames, playlistNames } = input;
  const nameOf = (entryId: string) => entryNames.get(entryId) ?? 'An entry';
  const playlistOf = (playlistId: string) => playlistNames.get(playlistId) ?? 'a playlist';
  const active = explained.active.map((entry) => ({
    scheduleEntryId: entry.entryId,
    name: nameOf(entry.entryId),
    playlistId: entry.playlistId,
    playlistName: playlistOf(entry.playlistId),
    priority: entry.priority,
    updatedAt: entry.updatedAt,
    window: entry.window,
    outcome: entry.outcome,
  }));
  const inactive = explained.inactive.map((entry) => ({
    scheduleEntryId: entry.entryId,
    name: nameOf(entry.entryId),
    playlistId: entry.playlistId,
    playlistName: playlistOf(entry.playlistId),
    reason: entry.reason,
  }));
  const reading = input.requested ? readingOf(input.requested, explained) : '';
  return {
    summary: reading + choiceOf(explained, active, playlistOf),
    offset: explained.offset,
    requested: input.requested,
    active,
    inactive,
  };
}

/** How the asked-for local time was read, when it was not as written. */
function readingOf(
  requested: NonNullable<TPlayingExplanation['requested']>,
  explained: PlayingExplanation,
): string {
  const asked = requested.localDateTime.replace('T', ' ');
  switch (requested.adjustment) {
    case 'exact':
      return '';
    case 'moved-forward':
      return `${asked} does not exist in ${explained.timeZone} (the clocks jump forward that night); it is read as ${explained.localTime.slice(11, 16)}. `;
    case 'earlier-of-two':
      return `${asked} happens twice in ${explained.timeZone} (the clocks go back that night); the earlier one, at UTC${explained.offset}, is meant. `;
  }
}

function choiceOf(
  explained: PlayingExplanation,
  active: TPlayingExplanation['active'],
  playlistOf: (playlistId: string) => string,
): string {
  const [winner, runnerUp] = active;
  if (!winner) {
    return explained.playlistId !== null
      ? `No schedule entry is active: the default playlist “${playlistOf(explained.playlistId)}” plays.`
      : 'No schedule entry is active and the ad space has no default playlist: the idle screen shows.';
  }
  const plays = `“${winner.playlistName}” plays`;
  if (!runnerUp) return `${plays}: “${winner.name}” is the only active entry.`;
  const others = active.length - 1;
  const over = `over ${others} other active ${others === 1 ? 'entry' : 'entries'}`;
  switch (runnerUp.outcome) {
    case 'won':
    case 'lower-priority':
      return `${plays}: “${winner.name}” wins ${over} with the highest priority (${winner.priority}).`;
    case 'older-change':
      return `${plays}: “${winner.name}” wins ${over}: same priority (${winner.priority}), changed most recently.`;
    case 'tie-break':
      return `${plays}: “${winner.name}” wins ${over}: same priority and change time, so the smaller id decides.`;
  }
}
