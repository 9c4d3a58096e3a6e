import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TContentKind, TContentSort, TSortOrder } from '@screenline/shared/content';
import type { TDb } from '../../db/database';
import { contentItem } from '../../db/schema/index';
import { storedObjectRefsAs } from '../storage/stored-object-refs';

export type TContentItemRow = typeof contentItem.$inferSelect;

/** A list position: the sort value of the last item seen, and its id as the tie-breaker. */
export interface TListPosition {
  value: string;
  id: string;
}

export interface TListFilter {
  kind?: TContentKind | undefined;
  search?: string | undefined;
  sort: TContentSort;
  order: TSortOrder;
  limit: number;
  after?: TListPosition | undefined;
}

const media = storedObjectRefsAs('media');
const poster = storedObjectRefsAs('poster');

/** The SQL expression each sort orders by, and how a cursor value is typed back into SQL. */
const SORT_KEYS: Record<TContentSort, { key: SQL; param: (value: string) => SQL }> = {
  createdAt: {
    key: sql`${contentItem.createdAt}`,
    param: (value) => sql`${value}::timestamptz`,
  },
  // Case-insensitive, so "apple" and "Banana" sort the way people expect.
  name: { key: sql`lower(${contentItem.name})`, param: (value) => sql`${value}::text` },
  size: { key: sql`${contentItem.sizeBytes}`, param: (value) => sql`${value}::bigint` },
};

/** Whose library each of these items is in (absent: no such item). */
export async function ownersOfContent(
  db: TDb,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contentItem.id, ownerId: contentItem.ownerId })
    .from(contentItem)
    .where(inArray(contentItem.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.ownerId]));
}

export function createContentRepository(db: TDb, bucket: string) {
  const selection = {
    item: contentItem,
    media: { bucket: media.bucket, name: media.name, downloadTokens: media.downloadTokens },
    poster: { bucket: poster.bucket, name: poster.name, downloadTokens: poster.downloadTokens },
  };

  /** Items with their storage objects (for download links), which may be gone. */
  function selectWithObjects(sortKey: SQL = sql`null`) {
    return db
      .select({ ...selection, sortValue: sql<string | null>`(${sortKey})::text` })
      .from(contentItem)
      .leftJoin(media, and(eq(media.bucket, bucket), eq(media.name, contentItem.objectPath)))
      .leftJoin(poster, and(eq(poster.bucket, bucket), eq(poster.name, contentItem.posterPath)));
  }

  return {
    async list(ownerId: string, filter: TListFilter) {
      const { key, param } = SORT_KEYS[filter.sort];
      const conditions: SQL[] = [eq(contentItem.ownerId, ownerId)];
      if (filter.kind) conditions.push(eq(contentItem.kind, filter.kind));
      if (filter.search) conditions.push(ilike(contentItem.name, `%${escapeLike(filter.search)}%`));
      if (filter.after) {
        const at = sql`(${param(filter.after.value)}, ${filter.after.id}::uuid)`;
        conditions.push(
          filter.order === 'asc'
            ? sql`(${key}, ${contentItem.id}) > ${at}`
            : sql`(${key}, ${contentItem.id}) < ${at}`,
        );
      }
      const direction = filter.order === 'asc' ? asc : desc;
      // The sort value comes back as text exactly as the database compares it, for the cursor.
      return selectWithObjects(key)
        .where(and(...conditions))
        .orderBy(direction(key), direction(contentItem.id))
        .limit(filter.limit);
    },

    /** The owner of each of the ids that exist (the access policy's lookup), in one query. */
    async findOwners(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: contentItem.id, ownerId: contentItem.ownerId })
        .from(contentItem)
        .where(inArray(contentItem.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.ownerId]));
    },

    async findById(ownerId: string, id: string) {
      const [row] = await selectWithObjects().where(
        and(eq(contentItem.ownerId, ownerId), eq(contentItem.id, id)),
      );
      return row;
    },

    /** The owner's items among `ids` (others' and missing ids are left out), in one query. */
    async findByIds(ownerId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return selectWithObjects().where(
        and(eq(contentItem.ownerId, ownerId), inArray(contentItem.id, [...ids])),
      );
    },

    async findByObjectPath(ownerId: string, objectPath: string) {
      const [row] = await db
        .select({ id: contentItem.id })
        .from(contentItem)
        .where(and(eq(contentItem.ownerId, ownerId), eq(contentItem.objectPath, objectPath)));
      return row;
    },

    /** Items of the owner that use the object, as their media or their poster. */
    async findUsersOfObject(ownerId: string, objectPath: string) {
      return db
        .select({
          id: contentItem.id,
          name: contentItem.name,
          objectPath: contentItem.objectPath,
        })
        .from(contentItem)
        .where(
          and(
            eq(contentItem.ownerId, ownerId),
            or(eq(contentItem.objectPath, objectPath), eq(contentItem.posterPath, objectPath)),
          ),
        )
        .orderBy(asc(contentItem.createdAt))
        .limit(10);
    },

    /** Inserts an item; null when the owner already has an item for that object. */
    async insert(values: typeof contentItem.$inferInsert): Promise<TContentItemRow | null> {
      const [row] = await db
        .insert(contentItem)
        .values(values)
        .onConflictDoNothing({ target: [contentItem.ownerId, contentItem.objectPath] })
        .returning();
      return row ?? null;
    },

    async rename(ownerId: string, id: string, name: string): Promise<boolean> {
      const updated = await db
        .update(contentItem)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(contentItem.ownerId, ownerId), eq(contentItem.id, id)))
        .returning({ id: contentItem.id });
      return updated.length === 1;
    },

    async delete(ownerId: string, id: string): Promise<TContentItemRow | undefined> {
      const [row] = await db
        .delete(contentItem)
        .where(and(eq(contentItem.ownerId, ownerId), eq(contentItem.id, id)))
        .returning();
      return row;
    },
  };
}

/** LIKE treats %, _ and \ specially; a search for them means the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export type TContentRepository = ReturnType<typeof createContentRepository>;
