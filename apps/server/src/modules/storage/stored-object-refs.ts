import { QueryBuilder } from 'drizzle-orm/pg-core';
import { storageObject } from '../../db/schema/index';

/**
 * The storage module's read-only piece for other modules' statements: each stored object's
 * bucket, name and download tokens (what a download link needs), under the alias given, so the
 * content library lists its items with their files in one query without naming the
 * storage_object table. Writes stay in the storage service.
 */
export function storedObjectRefsAs<TAlias extends string>(alias: TAlias) {
  return new QueryBuilder()
    .select({
      bucket: storageObject.bucket,
      name: storageObject.name,
      downloadTokens: storageObject.downloadTokens,
    })
    .from(storageObject)
    .as(alias);
}

/** A stored object as {@link storedObjectRefsAs} reads it. */
export type TStoredObjectRef = Pick<
  typeof storageObject.$inferSelect,
  'bucket' | 'name' | 'downloadTokens'
>;
