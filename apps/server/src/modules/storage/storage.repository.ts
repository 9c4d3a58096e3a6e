import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { storageObject, uploadSession } from '../../db/schema/index';
import { isSuperUser, personExists } from '../me/people';

export type TStorageObjectRow = typeof storageObject.$inferSelect;
export type TUploadSessionRow = typeof uploadSession.$inferSelect;
export type TNewStorageObject = Omit<
  typeof storageObject.$inferInsert,
  'metageneration' | 'createdAt' | 'updatedAt'
> & { generation: number };

/** Serialises transactions that use the same key (PostgreSQL advisory lock, released at commit). */
const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

export function createStorageRepository(db: TDb) {
  /**
   * Bytes the user holds: finished objects (but the one at `replacing`, which a new write
   * replaces) plus the declared size of every active upload session. Null when the user no
   * longer exists (a token outlives its account by up to 15 minutes).
   */
  async function usedBytes(
    ownerId: string,
    replacing?: { bucket: string; name: string },
    tx: TDb = db,
  ): Promise<number | null> {
    if (!(await personExists(tx, ownerId))) return null;
    const [objects] = await tx
      .select({ total: sql<string>`coalesce(sum(${storageObject.size}), 0)` })
      .from(storageObject)
      .where(
        and(
          eq(storageObject.ownerId, ownerId),
          replacing &&
            or(ne(storageObject.bucket, replacing.bucket), ne(storageObject.name, replacing.name)),
        ),
      );
    const [sessions] = await tx
      .select({ total: sql<string>`coalesce(sum(${uploadSession.totalSize}), 0)` })
      .from(uploadSession)
      .where(and(eq(uploadSession.ownerId, ownerId), eq(uploadSession.status, 'active')));
    return Number(objects?.total ?? 0) + Number(sessions?.total ?? 0);
  }

  return {
    usedBytes,

    async findObject(bucket: string, name: string): Promise<TStorageObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(storageObject)
        .where(and(eq(storageObject.bucket, bucket), eq(storageObject.name, name)));
      return row;
    },

    isSuperUser: (userId: string): Promise<boolean> => isSuperUser(db, userId),

    /**
     * Opens a session if the user's quota has room for its declared size. The check and the
     * insert hold the user's lock, so parallel starts cannot together overrun the quota.
     */
    async createSessionWithinQuota(
      values: typeof uploadSession.$inferInsert,
      quotaBytes: number,
    ): Promise<'created' | 'quota-exceeded' | 'no-user'> {
      return db.transaction(async (tx) => {
        await tx.execute(lockKey(`storage-owner:${values.ownerId}`));
        const used = await usedBytes(values.ownerId, values, tx);
        if (used === null) return 'no-user';
        if (used + values.totalSize > quotaBytes) return 'quota-exceeded';
        await tx.insert(uploadSession).values(values);
        return 'created';
      });
    },

    async findSession(id: string): Promise<TUploadSessionRow | undefined> {
      const [row] = await db.select().from(uploadSession).where(eq(uploadSession.id, id));
      return row;
    },

    async setSessionDriverState(id: string, driverState: unknown): Promise<void> {
      await db
        .update(uploadSession)
        .set({ driverState, updatedAt: new Date() })
        .where(eq(uploadSession.id, id));
    },

    /**
     * Records bytes appended at `from`. Compare-and-set on the received size: false when another
     * request moved the session meanwhile.
     */
    async advanceSession(id: string, from: number, to: number, driverState: unknown) {
      const updated = await db
        .update(uploadSession)
        .set({ received: to, driverState, updatedAt: new Date() })
        .where(
          and(
            eq(uploadSession.id, id),
            eq(uploadSession.received, from),
            eq(uploadSession.status, 'active'),
          ),
        )
        .returning({ id: uploadSession.id });
      return updated.length === 1;
    },

    /** After the driver lost bytes: the session continues from what it still holds. */
    async lowerSessionReceived(id: string, received: number): Promise<void> {
      await db
        .update(uploadSession)
        .set({ received, updatedAt: new Date() })
        .where(and(eq(uploadSession.id, id), eq(uploadSession.status, 'active')));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(uploadSession).where(eq(uploadSession.id, id));
    },

    /**
     * Writes an object's metadata (insert or replace) and, for a resumable upload, marks its
     * session final, in one transaction under the object's lock. The generation only grows.
     * Returns the row and the blob key it replaced, which the caller deletes. With `quotaBytes`
     * the write is refused when it would take the owner past it.
     */
    async commitObject(
      values: TNewStorageObject,
      options: { sessionId?: string; quotaBytes?: number } = {},
    ): Promise<
      | { row: TStorageObjectRow; replacedBlobKey: string | null }
      | { quotaExceeded: true; used: number | null }
    > {
      const { sessionId, quotaBytes } = options;
      return db.transaction(async (tx) => {
        if (quotaBytes !== undefined) {
          // A write that did not reserve its bytes with a session (multipart) is counted here,
          // under the owner's lock, so parallel uploads cannot pass the quota together. The
          // owner lock is always taken before an object lock, never after.
          await tx.execute(lockKey(`storage-owner:${values.ownerId}`));
          const used = await usedBytes(values.ownerId, values, tx);
          if (used === null || used + values.size > quotaBytes)
            return { quotaExceeded: true, used };
        }
        await tx.execute(lockKey(`storage-object:${values.bucket}/${values.name}`));
        const [previous] = await tx
          .select({ blobKey: storageObject.blobKey, generation: storageObject.generation })
          .from(storageObject)
          .where(and(eq(storageObject.bucket, values.bucket), eq(storageObject.name, values.name)));
        const now = new Date();
        const generation = Math.max(values.generation, (previous?.generation ?? 0) + 1);
        const row = { ...values, generation, metageneration: 1, createdAt: now, updatedAt: now };
        const [saved] = await tx
          .insert(storageObject)
          .values(row)
          .onConflictDoUpdate({ target: [storageObject.bucket, storageObject.name], set: row })
          .returning();
        if (!saved) throw new Error('The object row was not written.');
        if (sessionId !== undefined) {
          await tx
            .update(uploadSession)
            .set({ status: 'final', received: values.size, updatedAt: now })
            .where(eq(uploadSession.id, sessionId));
        }
        const replaced = previous && previous.blobKey !== values.blobKey ? previous.blobKey : null;
        return { row: saved, replacedBlobKey: replaced };
      });
    },

    async updateObjectMetadata(
      bucket: string,
      name: string,
      changes: Partial<
        Pick<
          TStorageObjectRow,
          | 'contentType'
          | 'cacheControl'
          | 'contentDisposition'
          | 'contentEncoding'
          | 'contentLanguage'
          | 'customMetadata'
        >
      >,
    ): Promise<TStorageObjectRow | undefined> {
      const [row] = await db
        .update(storageObject)
        .set({
          ...changes,
          metageneration: sql`${storageObject.metageneration} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(storageObject.bucket, bucket), eq(storageObject.name, name)))
        .returning();
      return row;
    },

    /** Deletes the object's row; returns the blob key to delete, or null when there was none. */
    async deleteObject(bucket: string, name: string): Promise<string | null> {
      const [row] = await db
        .delete(storageObject)
        .where(and(eq(storageObject.bucket, bucket), eq(storageObject.name, name)))
        .returning({ blobKey: storageObject.blobKey });
      return row?.blobKey ?? null;
    },

    /** Removes every object row of a user; returns their blob keys. */
    async deleteObjectsOf(ownerId: string): Promise<string[]> {
      const rows = await db
        .delete(storageObject)
        .where(eq(storageObject.ownerId, ownerId))
        .returning({ blobKey: storageObject.blobKey });
      return rows.map((row) => row.blobKey);
    },

    async deleteSessionsOf(ownerId: string): Promise<TUploadSessionRow[]> {
      return db.delete(uploadSession).where(eq(uploadSession.ownerId, ownerId)).returning();
    },

    async deleteExpiredSessions(now: Date, limit: number): Promise<TUploadSessionRow[]> {
      const expired = db
        .select({ id: uploadSession.id })
        .from(uploadSession)
        .where(lt(uploadSession.expiresAt, now))
        .limit(limit);
      return db
        .delete(uploadSession)
        .where(sql`${uploadSession.id} in (${expired})`)
        .returning();
    },
  };
}

export type TStorageRepository = ReturnType<typeof createStorageRepository>;
