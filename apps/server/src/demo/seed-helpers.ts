import { z } from 'zod';
import { Temporal } from '@screenline/playback/temporal';

/** What the API answers when it made something. */
export const ZId = z.object({ id: z.string() });

export const EUR = 1_000_000;

/** The local calendar day of an instant in a zone, `YYYY-MM-DD`. */
export function localDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

export function addDays(day: string, count: number): string {
  return Temporal.PlainDate.from(day).add({ days: count }).toString();
}
