import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALERT_KINDS } from '@screenline/shared/alerts';
import { user } from './auth';
import { adSpace } from './screens';

// Alerts (issue 23 item 4): who an owner's screen alerts go to, and each incident's lifecycle.

export const alertSettings = pgTable('alert_settings', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The addresses e-mailed (string[], parsed with ZAlertEmails when read). */
  emails: jsonb('emails').notNull().default([]),
  /** Receives each message as a signed JSON POST; null: none. */
  webhookUrl: text('webhook_url'),
  /** The HMAC-SHA256 key of the webhook's signature header (hex). */
  webhookSecret: text('webhook_secret').notNull(),
  /** A screen without a heartbeat this long during its on hours is offline for alerts. */
  offlineAfterMinutes: integer('offline_after_minutes').notNull().default(10),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * One incident: a condition of one screen from when it was seen failing to when it ended. One
 * message when it is announced (`notified_at`) and one when it resolves, and only if announced.
 */
export const alertIncident = pgTable(
  'alert_incident',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    /** Since when the condition holds (an outage: the last heartbeat or the on hours' start). */
    failingSince: timestamp('failing_since', { withTimezone: true, precision: 3 }).notNull(),
    /** What the condition was judged on (download: bytes ready then), for "no progress" checks. */
    detail: text('detail'),
    notifiedAt: timestamp('notified_at', { withTimezone: true, precision: 3 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    resolvedNotifiedAt: timestamp('resolved_notified_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One open incident per screen and kind: the no-storm rule, kept by the database.
    uniqueIndex('alert_incident_open_idx')
      .on(t.adSpaceId, t.kind)
      .where(sql`${t.resolvedAt} is null`),
    index('alert_incident_owner_idx').on(t.ownerId, t.createdAt),
    check('alert_incident_kind', sql`${t.kind} in ('offline', 'download-stuck', 'storage-low')`),
  ],
);
