import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_MESSAGE_STATUSES } from '@screenline/shared/contact';
import { user } from './auth';

/** Every email goes through here first (DESIGN.md §2); a sender drains it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('email_outbox_unsent_idx').on(t.sentAt, t.createdAt)],
);

/** SPEC §1: a row per change of path + query. */
export const pageView = pgTable(
  'page_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    /** The web router's pattern the path matched (`/content/:id`); null from older clients. */
    route: text('route'),
    title: text('title').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin report reads a date range.
  (t) => [
    index('page_view_path_idx').on(t.path),
    index('page_view_route_idx').on(t.route),
    index('page_view_created_at_idx').on(t.createdAt),
  ],
);

export const contactMessageStatusEnum = pgEnum('contact_message_status', CONTACT_MESSAGE_STATUSES);

/**
 * A message from /contact. Super-users answer (the answer is emailed), close and reopen it; each
 * change is a conditional update on `status`, so two super-users acting at once cannot both win.
 */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    // Millisecond precision: the list's cursor holds the time as an ISO string (ms).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    status: contactMessageStatusEnum('status').notNull().default('open'),
    answer: text('answer'),
    answeredBy: text('answered_by').references(() => user.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('contact_message_status_idx').on(t.status, t.createdAt)],
);
