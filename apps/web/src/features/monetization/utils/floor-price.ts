import { z } from 'zod';
import { formatMicros, parseUnitsToMicros } from '@screenline/shared/money';

/** "€0.36 per hour of play": a price per second as people compare it. */
export function perHour(microsPerSecond: number): string {
  return `${formatMicros(microsPerSecond * 3600)} per hour of play`;
}

/** "€0.0001 per second" */
export function perSecond(microsPerSecond: number): string {
  return `${formatMicros(microsPerSecond, { precise: true })} per second`;
}

export type TFloorFormValues = { floor: string };

/** The floor typed in currency units per second (up to 6 decimals), at least the platform's minimum. */
export function floorFormSchema(minMicrosPerSecond: number) {
  return z.object({
    floor: z.string().transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'Enter a price per second.' });
        return z.NEVER;
      }
      const micros = parseUnitsToMicros(value);
      if (micros === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter a price like 0.0002 (at most 6 decimals).',
        });
        return z.NEVER;
      }
      if (micros < minMicrosPerSecond) {
        ctx.addIssue({
          code: 'custom',
          message: `The platform’s minimum is ${perSecond(minMicrosPerSecond)}.`,
        });
        return z.NEVER;
      }
      return micros;
    }),
  });
}

/** The floor typed so far as micros, or null while it is not a price. */
export function typedFloor(value: string): number | null {
  const micros = parseUnitsToMicros(value);
  return micros === undefined || micros === 0 ? null : micros;
}

/** Micros per second as the form shows them back ("0.0002"). */
export function floorInUnits(microsPerSecond: number): string {
  return (microsPerSecond / 1_000_000).toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}
