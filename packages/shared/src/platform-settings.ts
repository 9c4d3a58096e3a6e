import { z } from 'zod';
import { ZMicros, ZPositiveMicros } from './money';
import { PLAYER_SETTINGS_DEFAULTS, ZPlayerSettings } from './player';
import { text } from './text';

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
};

/** The owner's share of a charge: floor(charge × (10000 − commission) / 10000); the platform gets the rest. */
export function ownerShareMicros(chargeMicros: number, commissionBasisPoints: number): number {
  return Number((BigInt(chargeMicros) * BigInt(10_000 - commissionBasisPoints)) / BigInt(10_000));
}

/** An impression's charge: floor(shown ms × bid per second / 1000), before the budget cap. */
export function chargeMicros(shownMs: number, bidMicrosPerSecond: number): number {
  return Number((BigInt(shownMs) * BigInt(bidMicrosPerSecond)) / BigInt(1000));
}
