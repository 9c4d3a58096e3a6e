import type { TPowerRange } from '@screenline/shared/power-schedule';

/** ISO weekdays 1–7 as the form shows them. */
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** What a new schedule starts from: weekdays, 07:00–22:00. */
export const DEFAULT_RANGE: TPowerRange = {
  weekdays: [1, 2, 3, 4, 5],
  startTime: '07:00',
  endTime: '22:00',
};

/** "Mon–Fri 07:00–22:00", "Sat 22:00–02:00 (next day)", "Sun all day". */
export function rangeLabel(range: TPowerRange): string {
  const days = daysLabel(range.weekdays);
  if (range.startTime === range.endTime) return `${days} all day`;
  const overnight = range.endTime < range.startTime ? ' (next day)' : '';
  return `${days} ${range.startTime}–${range.endTime}${overnight}`;
}

/** Consecutive weekdays as a span ("Mon–Fri"), the rest listed ("Mon, Wed"). */
export function daysLabel(weekdays: readonly number[]): string {
  const sorted = [...weekdays].sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    const from = WEEKDAY_LABELS[sorted[i]! - 1];
    const to = WEEKDAY_LABELS[sorted[j]! - 1];
    parts.push(j - i >= 2 ? `${from}–${to}` : j > i ? `${from}, ${to}` : `${from}`);
    i = j + 1;
  }
  return parts.join(', ');
}
