import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TContactMessage, TContactMessageStatus } from '@screenline/shared/contact';
import type { TDb } from '../../db/database';
import { contactMessage } from '../../db/schema/index';
import { people, personNameOf } from '../me/people';
import { createdOrder } from '../../lib/created-order';
import { isId } from '@screenline/shared/id';

const nameOf = (column: typeof contactMessage.answeredBy | typeof contactMessage.closedBy) =>
  personNameOf(column);

export interface TContactFilter {
  status?: TContactMessageStatus | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Contact messages: stored from /contact, read, answered, closed and reopened by super-users. */
export function createContactRepository(db: TDb) {
  const selectView = () =>
    db
      .select({
        message: contactMessage,
        answeredByName: nameOf(contactMessage.answeredBy),
        closedByName: nameOf(contactMessage.closedBy),
      })
      .from(contactMessage)
      .$dynamic();

  return {
    async insertMessage(message: TContactMessage, userId: string | null): Promise<string> {
      const [saved] = await db
        .insert(contactMessage)
        .values({ ...message, userId })
        .returning({ id: contactMessage.id });
      return saved?.id ?? '';
    },

    /** Whether `email` is the confirmed address of an account (the owner proved they read it). */
    async isVerifiedAddress(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: people.id })
        .from(people)
        .where(
          and(
            eq(sql`lower(${people.email})`, email.trim().toLowerCase()),
            eq(people.emailVerified, true),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Newest first; `limit + 1` rows, so the caller knows whether there is a next page. */
    async list(filter: TContactFilter) {
      const order = createdOrder(contactMessage, 'newest', filter.cursor);
      return selectView()
        .where(
          and(filter.status ? eq(contactMessage.status, filter.status) : undefined, order.after),
        )
        .orderBy(...order.orderBy)
        .limit(filter.limit + 1);
    },

    async findById(id: string) {
      if (!isId(id)) return undefined;
      const [row] = await selectView().where(eq(contactMessage.id, id));
      return row;
    },

    /** Stores the answer, only if the message is still open; undefined when it was not. */
    async answer(id: string, answer: { text: string; by: string }) {
      if (!isId(id)) return undefined;
      const [row] = await db
        .update(contactMessage)
        .set({
          status: 'answered',
          answer: answer.text,
          answeredBy: answer.by,
          answeredAt: new Date(),
        })
        .where(and(eq(contactMessage.id, id), eq(contactMessage.status, 'open')))
        .returning({ id: contactMessage.id });
      return row;
    },

    /** Closes an open or answered message; undefined when it was closed already (or is gone). */
    async close(id: string, by: string) {
      if (!isId(id)) return undefined;
      const [row] = await db
        .update(contactMessage)
        .set({ status: 'closed', closedBy: by, closedAt: new Date() })
        .where(and(eq(contactMessage.id, id), inArray(contactMessage.status, ['open', 'answered'])))
        .returning({ id: contactMessage.id });
      return row;
    },

    /**
     * Reopens a closed message: back to answered when it has an answer, open otherwise (an
     * answer is never overwritten). Undefined when it was not closed.
     */
    async reopen(id: string) {
      if (!isId(id)) return undefined;
      const [row] = await db
        .update(contactMessage)
        .set({
          status: sql`case when ${contactMessage.answer} is null then 'open' else 'answered' end::contact_message_status`,
          closedBy: null,
          closedAt: null,
        })
        .where(and(eq(contactMessage.id, id), eq(contactMessage.status, 'closed')))
        .returning({ id: contactMessage.id });
      return row;
    },
  };
}

export type TContactRepository = ReturnType<typeof createContactRepository>;
export type TContactRow = NonNullable<Awaited<ReturnType<TContactRepository['findById']>>>;
