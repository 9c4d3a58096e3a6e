import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TDeviceCommandKind } from '@screenline/shared/fleet';
import { user } from './auth';
import { contentItem } from './content';
import { device } from './player';
import { adSpace, playlist } from './screens';

// Running many screens (issue 23 items 2, 3 and 6), migration 0018_fleet_commands_takeover.

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A remote command to one TV: sent → delivered → done | failed, or expired (read as such). */
export const deviceCommand = pgTable(
  'device_command',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    /** The space the TV played when the command was sent (the list filters by it). */
    adSpaceId: uuid('ad_space_id').references(() => adSpace.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TDeviceCommandKind>().notNull(),
    state: text('state')
      .$type<'sent' | 'delivered' | 'done' | 'failed'>()
      .notNull()
      .default('sent'),
    problem: text('problem'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('device_command_device_state_idx').on(t.deviceId, t.state),
    index('device_command_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

/**
 * The newest screenshot of each TV, kept in the row: at most 200 KB, one per device and replaced
 * each time, so it needs neither the storage service's quota nor a cleanup. Base64 text rather
 * than bytea: PGlite and node-postgres hand it back the same way.
 */
export const deviceScreenshot = pgTable(
  'device_screenshot',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id').references(() => adSpace.id, { onDelete: 'set null' }),
    jpegBase64: text('jpeg_base64'),
    /** Why the TV could not capture (then there is no image). */
    problem: text('problem'),
    takenAt: at('taken_at').notNull().defaultNow(),
  },
  (t) => [index('device_screenshot_ad_space_idx').on(t.adSpaceId)],
);

/** An emergency takeover: a message, an image or a playlist on chosen screens, until it ends. */
export const takeover = pgTable(
  'takeover',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'message' | 'image' | 'playlist'>().notNull(),
    message: text('message'),
    contentId: uuid('content_id').references(() => contentItem.id, { onDelete: 'set null' }),
    playlistId: uuid('playlist_id').references(() => playlist.id, { onDelete: 'set null' }),
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    /** Kept for the log: the account may be renamed or gone. */
    startedByName: text('started_by_name').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull(),
    endedAt: at('ended_at'),
    endedBy: text('ended_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('takeover_owner_started_idx').on(t.ownerId, t.startedAt)],
);

export const takeoverAdSpace = pgTable(
  'takeover_ad_space',
  {
    takeoverId: uuid('takeover_id')
      .notNull()
      .references(() => takeover.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.takeoverId, t.adSpaceId] }),
    index('takeover_ad_space_ad_space_idx').on(t.adSpaceId),
  ],
);

/** Where a takeover showed: the TVs that acknowledged it, first time each. */
export const takeoverDisplay = pgTable(
  'takeover_display',
  {
    takeoverId: uuid('takeover_id')
      .notNull()
      .references(() => takeover.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    shownAt: at('shown_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.takeoverId, t.deviceId] })],
);
