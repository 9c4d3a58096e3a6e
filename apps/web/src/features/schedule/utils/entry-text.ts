import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { describeWeekdays } from '@/features/schedule/utils/weekdays';
import { formatShortDay } from '@/lib/local-time';

/** How the window of an entry runs, in words, from its start and end (docs/schedule.md). */
export function describeWindow(startTime: string, endTime: string): string {
  if (startTime === endTime) {
    return startTime === '00:00'
      ? 'all day'
      : `all day, from ${startTime} to ${startTime} the next day`;
  }
  if (endTime < startTime) return `${startTime}–${endTime} the next day`;
  return `${startTime}–${endTime}`;
}

/** "Mon–Fri 08:00–12:00 · from Mon 2 Mar · priority 50" */
export function describeEntry(entry: TScheduleEntryView): string {
  const dates =
    entry.lastDay === null
      ? `from ${formatShortDay(entry.firstDay)}`
      : `${formatShortDay(entry.firstDay)} to ${formatShortDay(entry.lastDay)}`;
  return `${describeWeekdays(entry.weekdays)} ${describeWindow(entry.startTime, entry.endTime)} · ${dates} · priority ${entry.priority}`;
}
