import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Neither table has a foreign key to the user: when an account is deleted, Better Auth deletes
// the user row first and only then tells us, and we still need these rows then to find and
// delete the user's bytes in the storage driver.

/** Metadata of every stored object; the bytes live in the storage driver under `blobKey`. */
export const storageObject = pgTable(
  'storage_object',
  {
    bucket: text('bucket').notNull(),
    name: text('name').notNull(),
    ownerId: text('owner_id').notNull(),
    /** Each write gets a fresh key, so a replaced object's bytes are never mixed with the new ones. */
    blobKey: text('blob_key').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    metageneration: integer('metageneration').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5Hash: text('md5_hash').notNull(),
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>(),
    downloadTokens: text('download_tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.name] }),
    index('storage_object_owner_idx').on(t.ownerId),
  ],
);

export const uploadSessionStatusEnum = pgEnum('upload_session_status', ['active', 'final']);

/**
 * A resumable upload. `received` is what the driver durably holds, so a restarted server (or
 * another instance) answers the client's query with it and the upload carries on from there.
 */
export const uploadSession = pgTable(
  'upload_session',
  {
    id: text('id').primaryKey(),
    bucket: text('bucket').notNull(),
    name: text('name').notNull(),
    ownerId: text('owner_id').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    status: uploadSessionStatusEnum('status').notNull().default('active'),
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>(),
    /** The driver's own bookkeeping (S3: multipart upload id and parts). */
    driverState: jsonb('driver_state').$type<unknown>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('upload_session_owner_idx').on(t.ownerId, t.status),
    index('upload_session_expires_idx').on(t.expiresAt),
  ],
);
