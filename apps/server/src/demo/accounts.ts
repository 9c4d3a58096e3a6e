import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '@screenline/shared/api-paths';
import { user } from '../db/schema/index';
import { createMeRepository } from '../modules/me/me.repository';
import type { TDemoClient, TDemoSession } from './demo-client';

// The demo's people: their accounts, roles and two-factor sign-in.

export const DEMO_PASSWORD = 'screenline-demo';

/**
 * The demo's two-factor key (issue 18 item 4): the super-user needs two-factor sign-in on for the
 * admin pages, the screen owner for payouts. Both accounts use this published key, whose base32
 * form (what an authenticator app takes) docs/demo.md gives: never use it for a real account.
 */
export const DEMO_TOTP_SECRET = 'screenline-demo-two-factor-2026!';

export const DEMO_USERS = {
  owner: {
    email: 'owner@demo.screenline.example',
    name: 'Maya Lindqvist',
    company: 'Lindqvist Screens',
    role: 'Screen owner: locations, ad spaces, playlists, earnings',
  },
  buyer: {
    email: 'buyer@demo.screenline.example',
    name: 'Daniel Moreau',
    company: 'Aurora Coffee Roasters',
    role: 'Ad buyer: wallet, campaigns, results',
  },
  buyer2: {
    email: 'kaito@demo.screenline.example',
    name: 'Kaito Sato',
    company: 'Ramen Bar Kaito',
    role: 'Ad buyer: a pending top-up and a campaign awaiting approval',
  },
  admin: {
    email: 'admin@demo.screenline.example',
    name: 'Priya Raman',
    company: 'Screenline Operations',
    role: 'Super-user: approvals of top-ups, campaigns, payouts, monetization',
  },
} as const;

export type TDemoSessions = Record<keyof typeof DEMO_USERS, TDemoSession>;

/**
 * Signs the four people up through the API with their names, companies and roles, makes the
 * super-user one, takes their emails as verified and turns two-factor sign-in on for the
 * super-user and the owner. Answers their sessions.
 */
export async function seedPeople(
  app: FastifyInstance,
  client: TDemoClient,
): Promise<TDemoSessions> {
  const { call } = client;
  const sessions = {} as TDemoSessions;
  const roles = { owner: 'advertiser', buyer: 'publisher', buyer2: 'publisher', admin: null };
  // At once: hashing the passwords is the slow part, and it runs off the main thread.
  await Promise.all(
    (Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]).map(async (key) => {
      const person = DEMO_USERS[key];
      const session = await client.signUp(person.email, DEMO_PASSWORD, person.name);
      const role = roles[key];
      await call({
        method: 'PATCH',
        url: API.me,
        cookie: session.cookie,
        payload: { name: person.name, company: person.company, ...(role ? { role } : {}) },
      });
      sessions[key] = session;
    }),
  );
  // The first super-user comes from the repository, as `npm run admin -- grant` does.
  await createMeRepository(app.deps.db).setSuperUser(DEMO_USERS.admin.email, true);
  // Their addresses are made up (example.com's kind): no mail could reach them, so the people
  // are taken as having followed the link, and no page asks them to verify their email.
  await app.deps.db
    .update(user)
    .set({ emailVerified: true })
    .where(
      inArray(
        user.email,
        Object.values(DEMO_USERS).map((person) => person.email),
      ),
    );
  // Super-users act as such only with two-factor sign-in on; payouts need it too.
  sessions.admin = await client.enrollTwoFactor(sessions.admin, DEMO_PASSWORD, DEMO_TOTP_SECRET);
  sessions.owner = await client.enrollTwoFactor(sessions.owner, DEMO_PASSWORD, DEMO_TOTP_SECRET);
  return sessions;
}
