import { and, eq, isNull, TransactionRollbackError } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { profile, user } from '../../db/schema/index';

export function createMeRepository(db: TDb) {
  return {
    async findUserWithProfile(userId: string) {
      const [row] = await db
        .select({ user, profile })
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .where(eq(user.id, userId));
      return row;
    },

    /** Role and super-user flag; undefined for a user without a profile row yet. */
    async findAccess(userId: string) {
      const [row] = await db
        .select({ role: profile.role, isSU: profile.isSU })
        .from(profile)
        .where(eq(profile.userId, userId));
      return row;
    },

    /** The whole profile row; undefined for a user without one yet. */
    async findProfile(userId: string) {
      const [row] = await db
        .select({
          role: profile.role,
          isSU: profile.isSU,
          company: profile.company,
          phone: profile.phone,
        })
        .from(profile)
        .where(eq(profile.userId, userId));
      return row;
    },

    async listSuperUserEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: user.email })
        .from(profile)
        .innerJoin(user, eq(user.id, profile.userId))
        .where(eq(profile.isSU, true));
      return rows.map((row) => row.email);
    },

    async ensureProfile(userId: string) {
      await db.insert(profile).values({ userId }).onConflictDoNothing();
    },

    /**
     * Updates the profile; a role is written only while none is set (the WHERE makes that rule
     * hold under concurrent requests too). Returns false when the role was already set.
     */
    async updateProfile(
      userId: string,
      changes: {
        name?: string | undefined;
        company?: string | undefined;
        phone?: string | undefined;
        role?: 'advertiser' | 'publisher' | undefined;
      },
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          const now = new Date();
          if (changes.role) {
            const updated = await tx
              .update(profile)
              .set({ role: changes.role, updatedAt: now })
              .where(and(eq(profile.userId, userId), isNull(profile.role)))
              .returning({ userId: profile.userId });
            if (updated.length === 0) {
              tx.rollback();
            }
          }
          const profileChanges = pick(changes, ['company', 'phone']);
          if (Object.keys(profileChanges).length > 0) {
            await tx
              .update(profile)
              .set({ ...profileChanges, updatedAt: now })
              .where(eq(profile.userId, userId));
          }
          if (changes.name !== undefined) {
            await tx
              .update(user)
              .set({ name: changes.name, updatedAt: now })
              .where(eq(user.id, userId));
          }
        });
        return true;
      } catch (error) {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      }
    },

    async setSuperUser(email: string, isSU: boolean): Promise<boolean> {
      const [found] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email.toLowerCase()));
      if (!found) return false;
      await db
        .insert(profile)
        .values({ userId: found.id, isSU })
        .onConflictDoUpdate({ target: profile.userId, set: { isSU, updatedAt: new Date() } });
      return true;
    },
  };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

export type TMeRepository = ReturnType<typeof createMeRepository>;
