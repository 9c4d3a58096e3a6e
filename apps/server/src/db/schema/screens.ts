import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORIENTATIONS } from '@screenline/shared/ad-space';
import { VENUE_TYPES } from '@screenline/shared/location';
import { SCREEN_GROUP_KINDS } from '@screenline/shared/screen-group';
import { user } from './auth';

// What screen owners run (issue 7): locations, their ad spaces, playlists and schedule entries.
// Every table carries owner_id so one query decides ownership (modules/access owner lookups).

export const venueTypeEnum = pgEnum('venue_type', VENUE_TYPES);
export const orientationEnum = pgEnum('orientation', ORIENTATIONS);
export const screenGroupKindEnum = pgEnum('screen_group_kind', SCREEN_GROUP_KINDS);

const timestamps = {
  // Millisecond precision: list cursors carry these values through JavaScript dates exactly.
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

export const location = pgTable(
  'location',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA zone: schedules are local wall-clock times here. */
    timeZone: text('time_zone').notNull(),
    venueType: venueTypeEnum('venue_type').notNull(),
    /** TAudience (packages/shared/src/location.ts), parsed with its schema when read. */
    audience: jsonb('audience').notNull().default({}),
    ...timestamps,
  },
  (t) => [index('location_owner_name_idx').on(t.ownerId, t.name, t.id)],
);

export const playlist = pgTable(
  'playlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Bumped by every save. */
    version: integer('version').notNull().default(1),
    /** TPlaylistItem[] (packages/shared/src/playlist.ts), parsed with its schema when read. */
    items: jsonb('items').notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('playlist_owner_name_idx').on(t.ownerId, t.name, t.id),
    // "Which playlists use this content item": items @> '[{"contentId": …}]'.
    index('playlist_items_idx').using('gin', t.items),
  ],
);

export const adSpace = pgTable(
  'ad_space',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // A location with ad spaces cannot be deleted (the service names them; the key backs it up).
    // NO ACTION, not RESTRICT: it is checked at the end of the statement, so deleting the user
    // (which cascades to both tables) still works.
    locationId: uuid('location_id')
      .notNull()
      .references(() => location.id),
    name: text('name').notNull(),
    orientation: orientationEnum('orientation').notNull(),
    resolutionWidth: integer('resolution_width').notNull(),
    resolutionHeight: integer('resolution_height').notNull(),
    defaultPlaylistId: uuid('default_playlist_id').references(() => playlist.id),
    /** Bumped by every change that alters what the screen plays; the player's manifest keys on it. */
    contentVersion: integer('content_version').notNull().default(1),
    /** Last player heartbeat (the TV player issue writes it). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
    /** Normalized tags (ZTag), sorted; a tag group matches the spaces holding all of its tags. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** TPowerSchedule (packages/shared/src/power-schedule.ts): the on hours; null: always on. */
    powerSchedule: jsonb('power_schedule'),
    ...timestamps,
  },
  (t) => [
    index('ad_space_owner_name_idx').on(t.ownerId, t.name, t.id),
    index('ad_space_location_idx').on(t.locationId),
    index('ad_space_default_playlist_idx').on(t.defaultPlaylistId),
    index('ad_space_tags_idx').using('gin', t.tags),
  ],
);

/**
 * A group of an owner's ad spaces (issue 23 item 1): `static`, the spaces in screen_group_member;
 * `tags`, every space of the owner holding all of `tags` (a saved query, so a newly tagged space
 * joins by itself).
 */
export const screenGroup = pgTable(
  'screen_group',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: screenGroupKindEnum('kind').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('screen_group_owner_name_idx').on(t.ownerId, t.name, t.id)],
);

export const screenGroupMember = pgTable(
  'screen_group_member',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => screenGroup.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'screen_group_member_pk', columns: [t.groupId, t.adSpaceId] }),
    index('screen_group_member_ad_space_idx').on(t.adSpaceId),
  ],
);

export const scheduleEntry = pgTable(
  'schedule_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The one ad space it plays on, or null for a group entry (exactly one of the two is set). */
    adSpaceId: uuid('ad_space_id').references(() => adSpace.id, { onDelete: 'cascade' }),
    /** The group it plays on: every member, each in its own location's zone. */
    groupId: uuid('group_id').references(() => screenGroup.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlist.id),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }),
    /** ISO weekdays 1 (Monday) … 7 (Sunday), sorted. */
    weekdays: smallint('weekdays').array().notNull(),
    /** Local wall-clock `HH:mm` in the location's zone; see docs/schedule.md. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    priority: integer('priority').notNull(),
    ...timestamps,
  },
  (t) => [
    index('schedule_entry_ad_space_idx').on(t.adSpaceId, t.firstDay, t.id),
    index('schedule_entry_group_idx').on(t.groupId, t.firstDay, t.id),
    index('schedule_entry_playlist_idx').on(t.playlistId),
    check('schedule_entry_priority_range', sql`${t.priority} between 0 and 100`),
    check('schedule_entry_one_target', sql`num_nonnulls(${t.adSpaceId}, ${t.groupId}) = 1`),
  ],
);
