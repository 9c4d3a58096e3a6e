import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TDeviceSignInMethod, TPlayerHeartbeat } from '@screenline/shared/player';
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
    /** When the token stops working unless the TV renewed it (heartbeat answers, issue 18). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, precision: 3 }),
    /**
     * The token before the last renewal, valid for a short grace while the TV may not have stored
     * the new one yet (a lost answer); a renewal asked with it issues a fresh token again.
     */
    previousTokenHash: text('previous_token_hash'),
    previousTokenExpiresAt: timestamp('previous_token_expires_at', {
      withTimezone: true,
      precision: 3,
    }),
    /** How the TV signed in when it was set up: `password` or `pairing`; null before issue 18. */
    signInMethod: text('sign_in_method').$type<TDeviceSignInMethod>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
    /** The newest heartbeat (parsed with ZPlayerHeartbeat when read); null until the first. */
    heartbeat: jsonb('heartbeat').$type<TPlayerHeartbeat>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_owner_key_idx').on(t.ownerId, t.deviceKey),
    uniqueIndex('device_token_hash_idx').on(t.tokenHash),
    uniqueIndex('device_previous_token_hash_idx').on(t.previousTokenHash),
    index('device_ad_space_idx').on(t.adSpaceId),
  ],
);

/**
 * A pairing grant (issue 18 item 1): what a TV gets when a phone approves its code. It is not the
 * owner's session: it can list the owner's ad spaces and set up one TV (registration spends it),
 * and nothing else. Only the token's SHA-256 is stored.
 */
export const deviceGrant = pgTable(
  'device_grant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_grant_token_hash_idx').on(t.tokenHash),
    index('device_grant_owner_idx').on(t.ownerId),
  ],
);

/**
 * Proof of play (issue 8 item 8): one row per play a TV recorded. The id is the UUID the TV made,
 * so a batch sent twice stores each play once. Playlist, content, campaign and creative ids are
 * kept as they were when it played (no foreign keys): deleting a playlist keeps its history.
 */
export const impression = pgTable(
  'impression',
  {
    id: uuid('id').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    /** Per device, from 1; holes are records that never arrived. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    shownMs: integer('shown_ms').notNull(),
    endReason: text('end_reason').notNull(),
    playlistId: uuid('playlist_id'),
    playlistVersion: integer('playlist_version'),
    itemId: text('item_id').notNull(),
    contentId: uuid('content_id'),
    campaignId: uuid('campaign_id'),
    creativeId: uuid('creative_id'),
    /**
     * What the play was charged (issue 9): floor(shown ms × bid / 1000), capped at what was left
     * of the campaign's hold; set once, in the transaction that stores the play. 0 for plays
     * that are not ads, plays past the budget, and plays of campaigns that were not live.
     */
    billedMicros: bigint('billed_micros', { mode: 'number' }).notNull().default(0),
    /**
     * Ad plays (issue 17): `pending` until settled, then `billed` or why not (TPlayVerdict,
     * packages/shared/src/proof-of-play.ts). Null for plays that are not ads.
     */
    verdict: text('verdict'),
    /**
     * The part of the play that can be billed, fixed when it arrives: its time on screen, at most
     * the slot's length plus the tolerance, less what overlaps plays the same TV reported before
     * (the longest stretch left). 0 for plays refused on arrival and plays that are not ads.
     */
    billableFrom: timestamp('billable_from', { withTimezone: true, precision: 3 }),
    billableMs: integer('billable_ms').notNull().default(0),
    /** The owner's part of `billed_micros` (after commission), credited to their wallet. */
    ownerShareMicros: bigint('owner_share_micros', { mode: 'number' }).notNull().default(0),
    /** The play's local day at the screen's location: the day its flight, cap and reports read. */
    localDay: date('local_day', { mode: 'string' }),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('impression_ad_space_started_idx').on(t.adSpaceId, t.startedAt),
    index('impression_device_sequence_idx').on(t.deviceId, t.sequence),
    index('impression_campaign_started_idx').on(t.campaignId, t.startedAt),
    // Settlement's queue: each campaign's plays not settled yet.
    index('impression_pending_idx')
      .on(t.campaignId, t.startedAt)
      .where(sql`${t.verdict} = 'pending'`),
    // What one TV reported around a time (overlaps), and a campaign's plays of a local day (caps).
    index('impression_device_billable_idx')
      .on(t.deviceId, t.billableFrom)
      .where(sql`${t.billableMs} > 0`),
    index('impression_campaign_day_idx').on(t.campaignId, t.localDay),
    // An owner's grouped earnings (0016, issue 22 item 6).
    index('impression_owner_day_idx')
      .on(t.ownerId, t.localDay)
      .where(sql`${t.verdict} = 'billed'`),
  ],
);

/**
 * The ad fill of a manifest version of one ad space, kept for billing (issue 17 "it was
 * offered"): which campaigns it offered and when, and the length of each ad slot of its
 * playlists. Written once per version that has a fill; immutable.
 */
export const servedFill = pgTable(
  'served_fill',
  {
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    /** TServedFill, parsed with ZServedFill when read. */
    fill: jsonb('fill').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adSpaceId, t.version] })],
);

/** Which manifest versions (with a fill) each device was sent, and when first. */
export const deviceServedFill = pgTable(
  'device_served_fill',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id').notNull(),
    version: text('version').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.version] }),
    index('device_served_fill_served_idx').on(t.deviceId, t.servedAt),
  ],
);
