import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decodeCursor, encodeCursor, ZCursorTimestamp } from './cursor';
import { ZId } from '@screenline/shared/id';

// Requests (top-ups, payouts, monetization) list by creation time, the id breaking ties; a cursor
// holds the last row's time and id. Newest first for a user's own history; a super-user's queue
// of pending requests reads oldest first (who waited longest comes first).

export const ZCreatedCursor = z.object({ createdAt: ZCursorTimestamp, id: ZId });
export type TCreatedPosition = z.infer<typeof ZCreatedCursor>;

export type TCreatedDirection = 'newest' | 'oldest';

/** The condition "after this cursor" and the order by, for a table's created_at and id. */
export function createdOrder(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  direction: TCreatedDirection,
  cursor: string | undefined,
): { after: SQL | undefined; orderBy: SQL[] } {
  const position = cursor ? decodeCursor(ZCreatedCursor, cursor) : undefined;
  const compare = direction === 'newest' ? sql`<` : sql`>`;
  const order = direction === 'newest' ? sql`desc` : sql`asc`;
  return {
    after: position
      ? sql`(${columns.createdAt}, ${columns.id}) ${compare} (${position.createdAt}::timestamptz, ${position.id}::uuid)`
      : undefined,
    orderBy: [sql`${columns.createdAt} ${order}`, sql`${columns.id} ${order}`],
  };
}

/** A page of `limit` from `limit + 1` rows read, and the cursor to the next one. */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  positionOf: (row: T) => { createdAt: Date; id: string },
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { page, nextCursor: null };
  const { createdAt, id } = positionOf(last);
  return {
    page,
    nextCursor: encodeCursor(ZCreatedCursor, { createdAt: createdAt.toISOString(), id }),
  };
}
