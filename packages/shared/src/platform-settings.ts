import { z } from 'zod';
import { ZMicros, ZPositiveMicros } from './money';
import { PLAYER_SETTINGS_DEFAULTS, ZPlayerSettings } from './player';
import { text } from './text';
import { isValidIban } from './wallet';

/**
 * The platform's settings (issue 9 item 5, /admin/monetization): one row, changed by super-users.
 * `GET /api/v1/platform-settings` (any signed-in user: the wizard and the wallet show the limits)
 * and `PUT /api/v1/admin/platform-settings` (super-users; the whole object).
 */

/** Commission in basis points: 2000 = 20 % of every charge goes to the platform. */
export const ZCommissionBasisPoints = z
  .number()
  .int('Whole basis points, please.')
  .min(0, 'At least 0 %.')
  .max(10_000, 'At most 100 %.');

/** A BIC (ISO 9362): 8 or 11 characters, bank, country, location and optional branch. */
const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * The platform's bank account and legal details (issue 22 item 4): top-ups show them with the
 * request's reference, and every receipt prints them. Empty until a super-user fills them in;
 * the wallet then says top-ups cannot be paid yet.
 */
export const ZPlatformBankDetails = z.strictObject({
  accountHolder: text().trim().max(140, 'Keep it under 140 characters.'),
  /** Spaces allowed; stored compact and upper case, checked with the mod-97 check digits. */
  iban: text()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => value === '' || isValidIban(value), 'That IBAN is not valid.'),
  bic: text()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(
      (value) => value === '' || BIC_PATTERN.test(value),
      'A BIC has 8 or 11 letters and digits.',
    ),
  bankName: text().trim().max(140, 'Keep it under 140 characters.'),
  /** The platform's postal address and tax number, as printed on receipts (lines). */
  address: text().trim().max(400, 'Keep it under 400 characters.'),
});
export type TPlatformBankDetails = z.output<typeof ZPlatformBankDetails>;

export const EMPTY_BANK_DETAILS: TPlatformBankDetails = {
  accountHolder: '',
  iban: '',
  bic: '',
  bankName: '',
  address: '',
};

/** Whether a buyer can be told where to send a transfer. */
export function bankDetailsComplete(bank: TPlatformBankDetails): boolean {
  return bank.accountHolder !== '' && bank.iban !== '' && bank.bic !== '' && bank.bankName !== '';
}

export const ZPlatformSettingsFields = z
  .strictObject({
    commissionBasisPoints: ZCommissionBasisPoints,
    /** The lowest floor an owner may ask per second of play (and so the lowest bid). */
    minMicrosPerSecond: ZPositiveMicros,
    topUpMinMicros: ZPositiveMicros,
    topUpMaxMicros: ZPositiveMicros,
    payoutMinMicros: ZPositiveMicros,
    payoutMaxMicros: ZPositiveMicros,
    /**
     * Four eyes (issue 18 item 6): a top-up or payout above this amount needs the approval of
     * two different super-users before money moves.
     */
    fourEyesAboveMicros: ZMicros,
    /** Handed to every TV in its manifest (ZPlayerSettings' bounds). */
    player: ZPlayerSettings,
    bank: ZPlatformBankDetails,
  })
  .refine((value) => value.topUpMinMicros <= value.topUpMaxMicros, {
    path: ['topUpMaxMicros'],
    message: 'The largest top-up must be at least the smallest.',
  })
  .refine((value) => value.payoutMinMicros <= value.payoutMaxMicros, {
    path: ['payoutMaxMicros'],
    message: 'The largest payout must be at least the smallest.',
  });
export type TPlatformSettingsInput = z.input<typeof ZPlatformSettingsFields>;

export const ZPlatformSettings = z.object({
  commissionBasisPoints: z.number().int(),
  minMicrosPerSecond: ZMicros,
  topUpMinMicros: ZMicros,
  topUpMaxMicros: ZMicros,
  payoutMinMicros: ZMicros,
  payoutMaxMicros: ZMicros,
  fourEyesAboveMicros: ZMicros,
  player: ZPlayerSettings,
  bank: z.object({
    accountHolder: text(),
    iban: text(),
    bic: text(),
    bankName: text(),
    address: text(),
  }),
  updatedAt: text().nullable(),
  updatedBy: z.object({ id: text(), name: text() }).nullable(),
});
export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;

/**
 * What a fresh platform starts with (the server's PLAYER_* config replaces `player` until a
 * super-user saves the settings once).
 */
export const PLATFORM_SETTINGS_DEFAULTS: Omit<TPlatformSettings, 'updatedAt' | 'updatedBy'> = {
  commissionBasisPoints: 2000,
  // €0.0001 per second: €0.36 per hour of play.
  minMicrosPerSecond: 100,
  topUpMinMicros: 10_000_000,
  topUpMaxMicros: 50_000_000_000,
  payoutMinMicros: 10_000_000,
  payoutMaxMicros: 50_000_000_000,
  // €10,000: above it, two super-users approve a top-up or payout.
  fourEyesAboveMicros: 10_000_000_000,
  player: PLAYER_SETTINGS_DEFAULTS,
  bank: EMPTY_BANK_DETAILS,
};

/** The owner's share of a charge: floor(charge × (10000 − commission) / 10000); the platform gets the rest. */
export function ownerShareMicros(chargeMicros: number, commissionBasisPoints: number): number {
  return Number((BigInt(chargeMicros) * BigInt(10_000 - commissionBasisPoints)) / BigInt(10_000));
}

/** An impression's charge: floor(shown ms × bid per second / 1000), before the budget cap. */
export function chargeMicros(shownMs: number, bidMicrosPerSecond: number): number {
  return Number((BigInt(shownMs) * BigInt(bidMicrosPerSecond)) / BigInt(1000));
}
