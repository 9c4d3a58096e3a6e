import type { TDb } from '../../db/database';
import { createMeRepository } from './me.repository';

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
    listSuperUserEmails: () => repo.listSuperUserEmails(),
  };
}

export type TProfileDirectory = ReturnType<typeof createProfileDirectory>;
