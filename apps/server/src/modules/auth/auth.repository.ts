import { and, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { profile, session, user } from '../../db/schema/index';

export function createAuthRepository(db: TDb) {
  return {
    /** Whether the session exists, belongs to the user and has not expired. */
    async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: session.id })
        .from(session)
        .where(
          and(
            eq(session.id, sessionId),
            eq(session.userId, userId),
            gt(session.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The session with this token, its user and the user's profile (null when none): one read by
     * the session table's unique token index, the rest by primary keys. The session plugin's
     * cache miss (issue 19 item 4); the profile is the me module's row, read here so that a miss
     * costs one round trip rather than three (session, user, profile).
     */
    async findSessionAccount(token: string) {
      const [row] = await db
        .select({
          sessionExpiresAt: session.expiresAt,
          user: {
            id: user.id,
            email: user.email,
            emailVerified: user.emailVerified,
            name: user.name,
            createdAt: user.createdAt,
            twoFactorEnabled: user.twoFactorEnabled,
          },
          // Drizzle makes a left-joined object null when its FIRST column is null: the key leads,
          // since `role` is null until onboarding.
          profile: {
            userId: profile.userId,
            role: profile.role,
            isSU: profile.isSU,
            company: profile.company,
            phone: profile.phone,
          },
        })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .leftJoin(profile, eq(profile.userId, session.userId))
        .where(eq(session.token, token))
        .limit(1);
      if (!row) return null;
      const found = row.profile;
      return {
        ...row,
        profile: found
          ? { role: found.role, isSU: found.isSU, company: found.company, phone: found.phone }
          : null,
      };
    },
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
