import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { adSpace } from './screens';

// The TV player (issue 8): a device is one TV that its owner set up to play one ad space.

export const device = pgTable(
  'device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Deleting the account deletes its TVs, and with them their credentials.
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The ad space it plays. Deleting the space sets this to null, which revokes the device's
     * token (a token resolves only while its device has an ad space) and keeps the record, so the
     * TV set up again reuses it.
     */
    adSpaceId: uuid('ad_space_id').references(() => adSpace.id, { onDelete: 'set null' }),
    /** The random id the player made once and keeps: the same TV set up again reuses this row. */
    deviceKey: text('device_key').notNull(),
    name: text('name'),
    userAgent: text('user_agent').notNull(),
    appVersion: text('app_version').notNull(),
    /** SHA-256 (hex) of the device token; null once the TV signed out. */
    tokenHash: text('token_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_owner_key_idx').on(t.ownerId, t.deviceKey),
    uniqueIndex('device_token_hash_idx').on(t.tokenHash),
    index('device_ad_space_idx').on(t.adSpaceId),
  ],
);
