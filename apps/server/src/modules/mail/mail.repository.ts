import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { emailOutbox } from '../../db/schema/index';

export function createMailRepository(db: TDb) {
  return {
    async insert(mail: { to: string; subject: string; text: string; html: string }) {
      const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
      if (!row) throw new Error('The outbox did not take the message.');
      return row.id;
    },

    async findById(id: string) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },

    async markSent(id: string, at: Date) {
      await db
        .update(emailOutbox)
        .set({ sentAt: at, lastError: null })
        .where(eq(emailOutbox.id, id));
    },

    async recordFailure(id: string, error: string) {
      await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: error })
        .where(eq(emailOutbox.id, id));
    },

    /** Unsent messages that still have tries left, oldest first (queued again at start-up). */
    async listUnsent(maxAttempts: number, limit: number) {
      return db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, maxAttempts)))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(limit);
    },

    listRecent(limit: number) {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
    },
  };
}

export type TMailRepository = ReturnType<typeof createMailRepository>;
