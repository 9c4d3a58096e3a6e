import { format, formatDistanceToNow, parseISO } from 'date-fns';

/** "3 days ago", with the exact time for a tooltip. */
export function formatWhen(iso: string): { label: string; title: string } {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return { label: iso, title: iso };
  return { label: formatDistanceToNow(date, { addSuffix: true }), title: format(date, 'PPpp') };
}
