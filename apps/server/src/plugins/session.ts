import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { profile } from '../db/schema/index';
import type { TActor, TSessionUser } from '../lib/actor';
import { forbidden, unauthenticated } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer session), or null. Read once per request. */
    getUser(): Promise<TSessionUser | null>;
    /** The signed-in user with role and super-user flag; 401 when signed out. */
    requireActor(): Promise<TActor>;
    /** requireActor, then 403 unless the user is a super-user. */
    requireSuperUser(): Promise<TActor>;
  }
}

/** Resolves the session of each request through Better Auth, lazily and at most once. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { auth, db } = app.deps;
  const cache = new WeakMap<FastifyRequest, Promise<TSessionUser | null>>();

  async function readUser(request: FastifyRequest): Promise<TSessionUser | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const { id, email, emailVerified, name, createdAt } = session.user;
    return { id, email, emailVerified, name, createdAt };
  }

  app.decorateRequest('getUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = readUser(this);
      cache.set(this, pending);
    }
    return pending;
  });

  app.decorateRequest('requireActor', async function (this: FastifyRequest) {
    const user = await this.getUser();
    if (!user) throw unauthenticated();
    const [row] = await db.select().from(profile).where(eq(profile.userId, user.id));
    return { ...user, role: row?.role ?? null, isSU: row?.isSU ?? false };
  });

  app.decorateRequest('requireSuperUser', async function (this: FastifyRequest) {
    const actor = await this.requireActor();
    if (!actor.isSU) throw forbidden('Only super-users can do this.');
    return actor;
  });
});
