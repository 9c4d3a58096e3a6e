import { z } from 'zod';
import { text } from './text';

/**
 * Money (DESIGN.md §5): integer micro-units of the platform currency, bigint in the database,
 * safe integers in JSON. Never floating point. The marketplace (issue 9) shares these.
 */

/** 1 unit of the currency = 1,000,000 micros. */
export const MICROS_PER_UNIT = 1_000_000;

/** The platform's currency (ISO 4217), for display only: every amount is micros of it. */
export const CURRENCY = 'EUR';

/** An amount in micros: a whole number within JavaScript's safe integers, zero or more. */
export const ZMicros = z
  .number('Enter an amount.')
  .int('Amounts are whole numbers of micros.')
  .min(0, 'An amount cannot be negative.')
  .max(Number.MAX_SAFE_INTEGER, 'That amount is too large.');

/** An amount that moves money: more than zero. */
export const ZPositiveMicros = ZMicros.min(1, 'Enter an amount above zero.');

/**
 * Formats micros as currency for people ("€12.34"); `precise` keeps every micro-unit digit that
 * is not zero (prices per second are fractions of a cent).
 */
export function formatMicros(micros: number, options: { precise?: boolean } = {}): string {
  const units = micros / MICROS_PER_UNIT;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: options.precise ? 6 : 2,
  }).format(units);
}

/**
 * Micros as an exact decimal of the currency ("-12.500000") for spreadsheets and CSV exports:
 * a plain number any spreadsheet reads, with no rounding and no currency sign.
 */
export function microsAsDecimal(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_UNIT);
  return `${sign}${whole}.${String(abs % MICROS_PER_UNIT).padStart(6, '0')}`;
}

/** Milliseconds as exact seconds ("15.250") for CSV exports. */
export function millisecondsAsSeconds(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/**
 * Parses what a person typed ("12", "12.5", "0.000125") into micros exactly, without floating
 * point; undefined when it is not a plain non-negative decimal with at most 6 decimals.
 */
export function parseUnitsToMicros(input: string): number | undefined {
  const match = /^\s*(\d{1,12})(?:[.,](\d{0,6}))?\s*$/.exec(input);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  const micros = whole * MICROS_PER_UNIT + fraction;
  return Number.isSafeInteger(micros) ? micros : undefined;
}

/** The header every money-moving POST carries (DESIGN.md §3). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A client-made key: 8–200 visible ASCII characters (a UUID is typical). */
export const ZIdempotencyKey = text()
  .min(8, 'An Idempotency-Key has at least 8 characters.')
  .max(200, 'An Idempotency-Key has at most 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key holds visible ASCII characters only.');

/**
 * The Idempotency-Key header as a money route declares it (its OpenAPI document shows it). The
 * route reads and checks it itself (`idempotentRoute`), so a missing key is refused with the
 * error table's `idempotency-key-required`, not a generic validation error.
 */
export const ZIdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().optional().meta({
    description: 'Required: a new UUID per request; a replay answers the first result',
  }),
});

/** The reason a super-user gives when refusing (required on every refusal, shown to the requester). */
export const ZDecisionReason = z.strictObject({
  reason: text()
    .trim()
    .min(3, 'Give a reason the requester can act on.')
    .max(1000, 'Keep it under 1,000 characters.'),
});
export type TDecisionReason = z.infer<typeof ZDecisionReason>;

/** Who decided a request and when, with the reason when refused. */
export const ZDecision = z.object({
  decidedAt: text(),
  decidedBy: z.object({ id: text(), name: text() }),
  reason: text().nullable(),
});
export type TDecision = z.infer<typeof ZDecision>;

/** A page of a cursor-paginated list (DESIGN.md §3). */
export const ZPageQuery = z.object({
  cursor: text().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
