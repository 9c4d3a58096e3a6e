import { z } from 'zod';
import { ZMicros } from './money';
import { text } from './text';

/**
 * How a top-up is paid (issue 22 item 4). One method today, bank transfer; a card provider joins
 * this list and the server's payment-method registry later, behind the same flow
 * (docs/decisions.md, "Payment methods").
 */
export const PAYMENT_METHODS = ['bank-transfer'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/**
 * A top-up's reference: "SL-" and two groups of four characters from Crockford's base 32 (no I,
 * L, O or U, so nobody misreads it off a bank statement). Made by the platform, unique.
 */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PATTERN = /^SL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** Builds a reference from 8 random bytes (each picks one character). */
export function referenceFromBytes(bytes: ArrayLike<number>): string {
  let chars = '';
  for (let index = 0; index < 8; index += 1)
    chars += REFERENCE_ALPHABET[(bytes[index] ?? 0) % REFERENCE_ALPHABET.length];
  return `SL-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

/**
 * Finds a top-up reference in what a bank statement shows ("Transfer SL 7KQ2 M9XD thank you",
 * "sl7kq2m9xd"): "SL" then eight reference characters, with or without spaces and dashes, in any
 * case. Banks turn O into 0 and I or L into 1 often enough that those are read as Crockford says.
 * Answers the reference as the platform wrote it, or null.
 */
export function findReference(statementText: string): string | null {
  const upper = statementText.toUpperCase();
  // "SL" starting a word, then 4 + 4 characters, each group maybe after a space, dash, dot or _.
  const candidates = /(?<![0-9A-Z])SL[\s\-_.]*([0-9A-Z]{4})[\s\-_.]*([0-9A-Z]{4})(?![0-9A-Z])/g;
  for (const match of upper.matchAll(candidates)) {
    const chars = `${match[1]}${match[2]}`.replace(/O/g, '0').replace(/[IL]/g, '1');
    if ([...chars].every((char) => REFERENCE_ALPHABET.includes(char)))
      return `SL-${chars.slice(0, 4)}-${chars.slice(4)}`;
  }
  return null;
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00" (how banks print it). */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What the buyer is told to do to pay a top-up, per method. */
export const ZPaymentInstructions = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank-transfer'),
    amountMicros: ZMicros,
    /** Write exactly this in the transfer's reference field. */
    reference: text(),
    /** The platform's account; empty strings while a super-user has not set them. */
    accountHolder: text(),
    iban: text(),
    bic: text(),
    bankName: text(),
    /** Whether the details above are all set: otherwise the transfer cannot be made yet. */
    ready: z.boolean(),
  }),
]);
export type TPaymentInstructions = z.infer<typeof ZPaymentInstructions>;
