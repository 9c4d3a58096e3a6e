import { and, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { session } from '../../db/schema/index';
import { signedInPeople as person } from '../me/people';

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
            id: person.id,
            email: person.email,
            emailVerified: person.emailVerified,
            name: person.name,
            createdAt: person.createdAt,
            twoFactorEnabled: person.twoFactorEnabled,
          },
          profile: {
            userId: person.profileUserId,
            role: person.role,
            isSU: person.isSU,
            company: person.company,
            phone: person.phone,
          },
        })
        .from(session)
        .innerJoin(person, eq(person.id, session.userId))
        .where(eq(session.token, token))
        .limit(1);
      if (!row) return null;
      const found = row.profile;
      // A user without a profile row: every profile column is null (the key first).
      return {
        ...row,
        profile:
          found.userId !== null && found.isSU !== null
            ? {
                role: found.role,
                isSU: found.isSU,
                company: found.company ?? '',
                phone: found.phone ?? '',
              }
            : null,
      };
    },
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
