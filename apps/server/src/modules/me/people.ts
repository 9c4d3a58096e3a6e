import { type AnyColumn, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { profile, user } from '../../db/schema/index';

/*
 * The me module's read surface over the people tables (user, profile) for the rest of the server:
 * read-only subqueries other modules join or filter on inside their own statements (one query,
 * no extra round trip; PostgreSQL flattens a plain subquery into the outer join), and a few read
 * functions. Other modules never name the user or profile table (apps/server/test/module-graph).
 */

const qb = new QueryBuilder();

// An SQL expression's alias is named bare in the outer statement (Drizzle writes `"alias"`, not
// `"subquery"."alias"`), so each is unique to its piece.

type TRole = (typeof profile.role.enumValues)[number];

/** People by id with their name, email and whether it is confirmed, under the alias given. */
export function peopleAs<TAlias extends string>(alias: TAlias) {
  return qb
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .as(alias);
}

/** {@link peopleAs} under the alias `people`: join it once per statement. */
export const people = peopleAs('people');

/**
 * Buyers as others name them (the owners whose screens play their ads, the approvals queue): the
 * company, else the name. One row per user, `id` and `name`.
 */
export const advertisers = qb
  .select({
    id: user.id,
    name: sql<string>`coalesce(nullif(${profile.company}, ''), ${user.name})`.as('advertiser_name'),
  })
  .from(user)
  .leftJoin(profile, eq(profile.userId, user.id))
  .as('advertisers');

/**
 * Each user with the profile the session carries: the session lookup's join (auth), one round trip
 * on a cache miss. The profile columns are all null for a user without a profile row (typed so:
 * a subquery's columns do not carry the left join's nulls).
 */
export const signedInPeople = qb
  .select({
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    createdAt: user.createdAt,
    twoFactorEnabled: user.twoFactorEnabled,
    profileUserId: sql<string | null>`${profile.userId}`.as('signed_in_profile_user_id'),
    role: sql<TRole | null>`${profile.role}`.as('signed_in_role'),
    isSU: sql<boolean | null>`${profile.isSU}`.as('signed_in_is_su'),
    company: sql<string | null>`${profile.company}`.as('signed_in_company'),
    phone: sql<string | null>`${profile.phone}`.as('signed_in_phone'),
  })
  .from(user)
  .leftJoin(profile, eq(profile.userId, user.id))
  .as('signed_in_people');

/**
 * The name of the user a column holds the id of (null for none or a deleted user): a scalar
 * subquery for a select list, where the statement already joins people once under another role.
 */
export function personNameOf(userIdColumn: AnyColumn) {
  return sql<string | null>`(select u.name from ${user} u where u.id = ${userIdColumn})`;
}

/**
 * The user's role as text (null without a profile row): a scalar subquery for a select list, so
 * that a statement about the user's other data (the wallet's account deletion check) stays one.
 */
export function personRoleOf(userId: string) {
  return sql<string | null>`(select role::text from profile where user_id = ${userId})`;
}

/** Whether the user exists (a token outlives its account by up to 15 minutes). */
export async function personExists(db: TDb, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return row !== undefined;
}

/** Whether the user is a super-user (false without a profile row). */
export async function isSuperUser(db: TDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isSU: profile.isSU })
    .from(profile)
    .where(eq(profile.userId, userId));
  return row?.isSU ?? false;
}

/**
 * The profile of a user just signed up (Better Auth's user hook, auth.ts); `isSU` for the
 * operators named in SUPER_USER_EMAILS. Nothing when it exists already.
 */
export async function createProfile(db: TDb, userId: string, isSU: boolean): Promise<void> {
  await db.insert(profile).values({ userId, isSU }).onConflictDoNothing();
}
