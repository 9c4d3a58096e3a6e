import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTENT_KINDS, CONTENT_PROCESSING_STATES } from '@screenline/shared/content';
import { user } from './auth';

export const contentKindEnum = pgEnum('content_kind', CONTENT_KINDS);
export const contentProcessingStateEnum = pgEnum(
  'content_processing_state',
  CONTENT_PROCESSING_STATES,
);

/** An image or video in a user's library (DESIGN.md §4), pointing to its storage object. */
export const contentItem = pgTable(
  'content_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    objectPath: text('object_path').notNull(),
    kind: contentKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms'),
    posterPath: text('poster_path'),
    processingState: contentProcessingStateEnum('processing_state').notNull().default('ready'),
    // Millisecond precision: list cursors carry these values through JavaScript dates exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('content_item_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    uniqueIndex('content_item_owner_object_idx').on(t.ownerId, t.objectPath),
  ],
);
