import type { TDb } from '../../db/database';
import { createMeRepository } from './me.repository';

/** A user's profile as the session carries it; null when the user has no profile row yet. */
export interface TProfile {
  role: 'advertiser' | 'publisher' | null;
  isSU: boolean;
  company: string;
  phone: string;
}

/**
 * The me module's facade for the rest of the server: who has which role, who the super-users
 * are. Other modules and plugins use this, never the me repository itself.
 */
export function createProfileDirectory(db: TDb) {
  const repo = createMeRepository(db);
  return {
    /** Role and super-user flag; a user without a profile row has neither. */
    async findAccess(
      userId: string,
    ): Promise<{ role: 'advertiser' | 'publisher' | null; isSU: boolean }> {
      const row = await repo.findAccess(userId);
      return { role: row?.role ?? null, isSU: row?.isSU ?? false };
    },
    /** The whole profile, read once per session by the session plugin (and cached with it). */
    async findProfile(userId: string): Promise<TProfile | null> {
      return (await repo.findProfile(userId)) ?? null;
    },
    listSuperUserEmails: () => repo.listSuperUserEmails(),
  };
}

export type TProfileDirectory = ReturnType<typeof createProfileDirectory>;
