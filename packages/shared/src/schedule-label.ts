import type { TIsoWeekday } from './schedule';

/**
 * Readable names for schedule entries, for refusals ("“Lobby” has 2 schedule entries: …") and
 * explanations. English, like every message the API writes; the web names weekdays with `Intl`.
 */

const WEEKDAY_SHORT: Record<TIsoWeekday, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

const isWeekday = (day: number): day is TIsoWeekday => day >= 1 && day <= 7;

/**
 * ISO weekdays as people write them: `every day`, `Mon–Fri`, `Mon, Wed, Fri`, `Mon–Wed, Sat`.
 * Runs of three or more days become a range; the week is not wrapped (Sat, Sun, Mon stays so).
 */
export function formatWeekdays(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].filter(isWeekday).sort((a, b) => a - b);
  if (days.length === 7) return 'every day';
  // Consecutive days in runs: [[1, 2, 3], [6]].
  const runs: TIsoWeekday[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? `${WEEKDAY_SHORT[run[0] ?? 1]}–${WEEKDAY_SHORT[run.at(-1) ?? 7]}`
        : run.map((day) => WEEKDAY_SHORT[day]).join(', '),
    )
    .join(', ');
}

/** A window as people read it: `07:00–11:00`, `22:00–02:00`, `all day`, `06:00–06:00 (24 h)`. */
export function formatWindow(startTime: string, endTime: string): string {
  if (startTime !== endTime) return `${startTime}–${endTime}`;
  return startTime === '00:00' ? 'all day' : `${startTime}–${endTime} (24 h)`;
}

/** `Morning loop, Mon–Fri 07:00–11:00`: an entry named by its playlist and its times. */
export function scheduleEntryLabel(entry: {
  playlistName: string;
  weekdays: readonly number[];
  startTime: string;
  endTime: string;
}): string {
  return `${entry.playlistName}, ${formatWeekdays(entry.weekdays)} ${formatWindow(entry.startTime, entry.endTime)}`;
}
