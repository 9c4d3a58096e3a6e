import { z } from 'zod';
import { formatMicros } from '@screenline/shared/money';
import {
  ZPayoutDestination,
  type TCreatePayout,
  type TCreateTopUp,
} from '@screenline/shared/wallet';
import { amountInUnits } from '@/lib/money-input';

/*
 * The wallet's forms: amounts are typed in currency units ("49.99") and become micros exactly
 * (lib/money-input.ts), checked against the platform's limits before they are sent. The server
 * checks the same limits again.
 */

export type TTopUpFormValues = {
  amount: string;
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
      receiptContentId: z.string().nullable(),
    })
    .transform(({ amount, receiptContentId }): TCreateTopUp => ({
      amountMicros: amount,
      method: 'bank-transfer',
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
