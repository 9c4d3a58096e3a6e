import { boolean, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '@screenline/shared/user';
import { user } from './auth';

export const roleEnum = pgEnum('role', ROLES);

/**
 * The product's side of a user (DESIGN.md §4): role, super-user flag and contact details. Kept
 * apart from Better Auth's user table so no auth route can ever write role or isSU.
 */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  role: roleEnum('role'),
  isSU: boolean('is_su').notNull().default(false),
  company: text('company').notNull().default(''),
  phone: text('phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
