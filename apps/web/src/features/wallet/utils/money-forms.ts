import { z } from 'zod';
import { formatMicros, parseUnitsToMicros } from '@screenline/shared/money';
import {
  ZPayoutDestination,
  type TCreatePayout,
  type TCreateTopUp,
} from '@screenline/shared/wallet';

/*
 * The wallet's forms: amounts are typed in currency units ("49.99") and become micros exactly
 * (parseUnitsToMicros, no floating point), checked against the platform's limits before they are
 * sent. The server checks the same limits again.
 */

/** What a person may type for an amount of money: whole units or units and cents. */
const CENTS_PATTERN = /^\s*\d+(?:[.,]\d{0,2})?\s*$/;

type TAmountBounds = {
  min: number;
  max: number;
  /** Said when the amount is above `max` ("You have €12.00 available."). */
  aboveMax: string;
};

/** An amount in units and cents, within bounds, as micros. */
export function amountInUnits({ min, max, aboveMax }: TAmountBounds) {
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

export type TTopUpFormValues = {
  amount: string;
  reference: string;
  receiptContentId: string | null;
};

export function topUpFormSchema(limits: { topUpMinMicros: number; topUpMaxMicros: number }) {
  return z
    .object({
      amount: amountInUnits({
        min: limits.topUpMinMicros,
        max: limits.topUpMaxMicros,
        aboveMax: `The largest top-up is ${formatMicros(limits.topUpMaxMicros)}.`,
      }),
      reference: z
        .string()
        .trim()
        .min(3, 'Enter the reference you wrote on the bank transfer.')
        .max(140, 'Keep it under 140 characters.'),
      receiptContentId: z.string().nullable(),
    })
    .transform(({ amount, reference, receiptContentId }): TCreateTopUp => ({
      amountMicros: amount,
      reference,
      receiptContentId,
    }));
}

export type TPayoutFormValues = { amount: string; accountHolder: string; iban: string };

export function payoutFormSchema(limits: {
  payoutMinMicros: number;
  payoutMaxMicros: number;
  availableMicros: number;
}) {
  const max = Math.min(limits.payoutMaxMicros, limits.availableMicros);
  return z
    .object({
      amount: amountInUnits({
        min: limits.payoutMinMicros,
        max,
        aboveMax:
          max === limits.availableMicros
            ? `You have ${formatMicros(limits.availableMicros)} available.`
            : `The largest payout is ${formatMicros(limits.payoutMaxMicros)}.`,
      }),
      accountHolder: ZPayoutDestination.shape.accountHolder,
      iban: z
        .string()
        .trim()
        .min(1, 'Enter the IBAN of the account to pay.')
        .pipe(ZPayoutDestination.shape.iban),
    })
    .transform(({ amount, accountHolder, iban }): TCreatePayout => ({
      amountMicros: amount,
      destination: { accountHolder, iban },
    }));
}

/** "DE89 3704 0044 0532 0130 00": an IBAN in groups of four, as banks print it. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
