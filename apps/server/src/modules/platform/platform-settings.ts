import { eq } from 'drizzle-orm';
import {
  PLATFORM_SETTINGS_DEFAULTS,
  type TPlatformSettings,
  type TPlatformSettingsInput,
  ZPlatformBankDetails,
  ZPlatformSettingsFields,
} from '@screenline/shared/platform-settings';
import { type TPlayerSettings, ZPlayerSettings } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { platformSettings } from '../../db/schema/index';
import { people } from '../me/people';

/** How long an instance answers settings from memory: another instance's save reaches it by then. */
export const PLATFORM_SETTINGS_TTL_MS = 30_000;

/**
 * The platform settings (issue 9 item 5): commission, minimum price per second, top-up and
 * payout limits and the TVs' intervals. One row, read through a short in-memory cache (every
 * manifest, bid check and settlement reads them). Until a super-user first saves them: the
 * shared defaults, with the server's PLAYER_* config for the player part.
 */
export function createPlatformSettings(
  db: TDb,
  options: { player: TPlayerSettings; now?: () => number },
) {
  const now = options.now ?? Date.now;
  let cached: { value: TPlatformSettings; until: number } | undefined;

  async function load(executor: TDb): Promise<TPlatformSettings> {
    const [row] = await executor
      .select({ settings: platformSettings, updatedByName: people.name })
      .from(platformSettings)
      .leftJoin(people, eq(people.id, platformSettings.updatedBy))
      .where(eq(platformSettings.id, 1));
    if (!row)
      return {
        ...PLATFORM_SETTINGS_DEFAULTS,
        player: options.player,
        updatedAt: null,
        updatedBy: null,
      };
    const { settings } = row;
    return {
      commissionBasisPoints: settings.commissionBasisPoints,
      minMicrosPerSecond: settings.minMicrosPerSecond,
      topUpMinMicros: settings.topUpMinMicros,
      topUpMaxMicros: settings.topUpMaxMicros,
      payoutMinMicros: settings.payoutMinMicros,
      payoutMaxMicros: settings.payoutMaxMicros,
      fourEyesAboveMicros: settings.fourEyesAboveMicros,
      // A stored value is parsed like any outside input.
      player: ZPlayerSettings.parse(settings.player),
      bank: ZPlatformBankDetails.parse(settings.bank),
      updatedAt: settings.updatedAt.toISOString(),
      updatedBy:
        settings.updatedBy === null
          ? null
          : { id: settings.updatedBy, name: row.updatedByName ?? 'A deleted user' },
    };
  }

  return {
    /**
     * The settings now (at most PLATFORM_SETTINGS_TTL_MS old on this instance). Inside a
     * transaction, pass it: a miss then reads through it. Read through the pool instead, it
     * would wait forever on PGlite, whose one connection the transaction holds.
     */
    async get(executor: TDb = db): Promise<TPlatformSettings> {
      if (cached && cached.until > now()) return cached.value;
      const value = await load(executor);
      cached = { value, until: now() + PLATFORM_SETTINGS_TTL_MS };
      return value;
    },

    /** Saves all of them (a super-user; the caller checked). Answers what is stored now. */
    async save(actorId: string, input: TPlatformSettingsInput): Promise<TPlatformSettings> {
      const values = ZPlatformSettingsFields.parse(input);
      const row = { ...values, updatedBy: actorId, updatedAt: new Date(now()) };
      await db
        .insert(platformSettings)
        .values({ id: 1, ...row })
        .onConflictDoUpdate({ target: platformSettings.id, set: row });
      cached = undefined;
      return this.get();
    },

    /** Forget the cached copy (tests; a save on this instance does it itself). */
    forget(): void {
      cached = undefined;
    },
  };
}

export type TPlatformSettingsService = ReturnType<typeof createPlatformSettings>;
