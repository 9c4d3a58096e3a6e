import { and, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { session } from '../../db/schema/index';

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
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
