import { z } from 'zod';
import { formatMicros } from '@screenline/shared/money';
import {
  ZPlatformBankDetails,
  type TPlatformSettings,
  type TPlatformSettingsInput,
} from '@screenline/shared/platform-settings';
import { formatIban } from '@screenline/shared/payment';
import { amountInUnits, microsToUnits, pricePerSecondInUnits } from '@/lib/money-input';

/*
 * The platform settings form (/admin/monetization): money in currency units, the commission in
 * percent (two decimals: basis points), the TVs' intervals in whole seconds. The output is the
 * body of PUT /api/v1/admin/platform-settings, which the server checks with the same bounds.
 */

export type TSettingsFormValues = {
  commissionPercent: string;
  minPerSecond: string;
  topUpMin: string;
  topUpMax: string;
  payoutMin: string;
  payoutMax: string;
  fourEyesAbove: string;
  pollIntervalSeconds: string;
  impressionSyncIntervalSeconds: string;
  cacheCleanupIntervalSeconds: string;
  bankAccountHolder: string;
  bankIban: string;
  bankBic: string;
  bankName: string;
  bankAddress: string;
};

// The bank details as the server checks them (compact upper-case IBAN and BIC, lengths).
const bank = ZPlatformBankDetails.shape;

/** "20" or "12.5" percent as basis points (2000, 1250), exactly. */
const percent = z.string().transform((value, ctx) => {
  const match = /^\s*(\d{1,3})(?:[.,](\d{0,2}))?\s*$/.exec(value);
  const basisPoints = match
    ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
    : Number.NaN;
  if (!(basisPoints >= 0 && basisPoints <= 10_000)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a percentage from 0 to 100, like 20 or 12.5.' });
    return z.NEVER;
  }
  return basisPoints;
});

/** Whole seconds within the TVs' bounds (ZPlayerSettings). */
const seconds = (min: number, max: number) =>
  z.string().transform((value, ctx) => {
    const number = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!(number >= min && number <= max)) {
      ctx.addIssue({
        code: 'custom',
        message: `Enter whole seconds from ${min.toLocaleString('en-GB')} to ${max.toLocaleString('en-GB')}.`,
      });
      return z.NEVER;
    }
    return number;
  });

const money = amountInUnits({
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  aboveMax: 'That amount is too large.',
});

export const ZSettingsForm = z
  .object({
    commissionPercent: percent,
    minPerSecond: pricePerSecondInUnits({ min: 1, belowMin: 'Enter a price above zero.' }),
    topUpMin: money,
    topUpMax: money,
    payoutMin: money,
    payoutMax: money,
    // 0: every top-up and payout needs two super-users.
    fourEyesAbove: amountInUnits({
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
      aboveMax: 'That amount is too large.',
    }),
    pollIntervalSeconds: seconds(5, 3600),
    impressionSyncIntervalSeconds: seconds(5, 3600),
    cacheCleanupIntervalSeconds: seconds(60, 86_400),
    bankAccountHolder: bank.accountHolder,
    bankIban: bank.iban,
    bankBic: bank.bic,
    bankName: bank.bankName,
    bankAddress: bank.address,
  })
  .superRefine((values, ctx) => {
    if (values.topUpMax < values.topUpMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['topUpMax'],
        message: `The largest top-up must be at least the smallest (${formatMicros(values.topUpMin)}).`,
      });
    }
    if (values.payoutMax < values.payoutMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['payoutMax'],
        message: `The largest payout must be at least the smallest (${formatMicros(values.payoutMin)}).`,
      });
    }
  })
  .transform((values): TPlatformSettingsInput => ({
    commissionBasisPoints: values.commissionPercent,
    minMicrosPerSecond: values.minPerSecond,
    topUpMinMicros: values.topUpMin,
    topUpMaxMicros: values.topUpMax,
    payoutMinMicros: values.payoutMin,
    payoutMaxMicros: values.payoutMax,
    fourEyesAboveMicros: values.fourEyesAbove,
    player: {
      pollIntervalSeconds: values.pollIntervalSeconds,
      impressionSyncIntervalSeconds: values.impressionSyncIntervalSeconds,
      cacheCleanupIntervalSeconds: values.cacheCleanupIntervalSeconds,
    },
    bank: {
      accountHolder: values.bankAccountHolder,
      iban: values.bankIban,
      bic: values.bankBic,
      bankName: values.bankName,
      address: values.bankAddress,
    },
  }));

/** The saved settings as the form's text. */
export function settingsFormValues(settings: TPlatformSettings): TSettingsFormValues {
  const bp = settings.commissionBasisPoints;
  return {
    commissionPercent: bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace(/0$/, ''),
    minPerSecond: microsToUnits(settings.minMicrosPerSecond),
    topUpMin: microsToUnits(settings.topUpMinMicros),
    topUpMax: microsToUnits(settings.topUpMaxMicros),
    payoutMin: microsToUnits(settings.payoutMinMicros),
    payoutMax: microsToUnits(settings.payoutMaxMicros),
    fourEyesAbove: microsToUnits(settings.fourEyesAboveMicros),
    pollIntervalSeconds: String(settings.player.pollIntervalSeconds),
    impressionSyncIntervalSeconds: String(settings.player.impressionSyncIntervalSeconds),
    cacheCleanupIntervalSeconds: String(settings.player.cacheCleanupIntervalSeconds),
    bankAccountHolder: settings.bank.accountHolder,
    bankIban: formatIban(settings.bank.iban),
    bankBic: settings.bank.bic,
    bankName: settings.bank.bankName,
    bankAddress: settings.bank.address,
  };
}
