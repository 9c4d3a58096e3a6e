import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { TActor, TSessionUser } from '../lib/actor';
import { forbidden, unauthenticated } from '../lib/app-error';
import { createProfileDirectory } from '../modules/me/profile-directory';

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
  const profiles = createProfileDirectory(db);
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

  app.decorateRequest('requireActor', async function (this: FastifyRequest): Promise<TActor> {
    const user = await this.getUser();
    if (!user) throw unauthenticated();
    return { kind: 'user', ...user, ...(await profiles.findAccess(user.id)) };
  });

  app.decorateRequest('requireSuperUser', async function (this: FastifyRequest) {
    const actor = await this.requireActor();
    if (!actor.isSU) throw forbidden('Only super-users can do this.');
    return actor;
  });
});
