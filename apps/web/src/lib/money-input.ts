import { z } from 'zod';
import { formatMicros, parseUnitsToMicros } from '@screenline/shared/money';

/*
 * Money typed by people: amounts in currency units ("49.99") and prices per second ("0.0002")
 * become micros exactly (parseUnitsToMicros, no floating point) inside a form's zod schema.
 */

/** What a person may type for an amount of money: whole units or units and cents. */
const CENTS_PATTERN = /^\s*\d+(?:[.,]\d{0,2})?\s*$/;

/** An amount in units and cents, within bounds, as micros. */
export function amountInUnits({
  min,
  max,
  aboveMax,
}: {
  min: number;
  max: number;
  /** Said when the amount is above `max` ("You have €12.00 available."). */
  aboveMax: string;
}) {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount.' });
      return z.NEVER;
    }
    const micros = CENTS_PATTERN.test(value) ? parseUnitsToMicros(value) : undefined;
    if (micros === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount like 50 or 49.99.' });
      return z.NEVER;
    }
    if (micros < min) {
      ctx.addIssue({ code: 'custom', message: `The smallest amount is ${formatMicros(min)}.` });
      return z.NEVER;
    }
    if (micros > max) {
      ctx.addIssue({ code: 'custom', message: aboveMax });
      return z.NEVER;
    }
    return micros;
  });
}

/** "€0.0001 per second" */
export function perSecond(microsPerSecond: number): string {
  return `${formatMicros(microsPerSecond, { precise: true })} per second`;
}

/** "€0.36 per hour of play": a price per second as people compare it. */
export function perHour(microsPerSecond: number): string {
  return `${formatMicros(microsPerSecond * 3600)} per hour of play`;
}

/** A price per second in units (up to 6 decimals), at least `min` micros, as micros. */
export function pricePerSecondInUnits({ min, belowMin }: { min: number; belowMin: string }) {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter a price per second.' });
      return z.NEVER;
    }
    const micros = parseUnitsToMicros(value);
    if (micros === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price like 0.0002 (at most 6 decimals).' });
      return z.NEVER;
    }
    if (micros < min) {
      ctx.addIssue({ code: 'custom', message: belowMin });
      return z.NEVER;
    }
    return micros;
  });
}

/** The price typed so far as micros, or null while it is not a price above zero. */
export function typedPrice(value: string): number | null {
  const micros = parseUnitsToMicros(value);
  return micros === undefined || micros === 0 ? null : micros;
}

/** Micros as the units a form shows back ("0.0002", "250"), every digit kept, none trailing. */
export function microsToUnits(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
