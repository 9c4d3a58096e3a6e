import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { API_V1_PREFIX } from '@screenline/shared/api-paths';
import type { TActor, TPrincipal, TSessionUser } from '../lib/actor';
import { forbidden, twoFactorRequired, unauthenticated } from '../lib/app-error';
import { createProfileDirectory, type TProfile } from '../modules/me/profile-directory';
import { createSessionLookup } from '../modules/auth/session-lookup';

/** Who is signed in: the auth user and the product profile (null until one exists). */
export interface TAccount {
  user: TSessionUser;
  profile: TProfile | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An /api/v1 route anyone may call (the contact form, page views, the password policy, the dev
     * mailbox). Every other /api/v1 route refuses a caller without a live session or device token
     * with 401 before its input is parsed or validated (issue 18 item 7).
     */
    isPublic?: boolean;
    /**
     * The route sets its own `Cache-Control: private, …` (the screenshot thumbnails, issue 23):
     * the security plugin leaves it instead of answering `no-store`. Only for bytes that are the
     * caller's own and carry no token.
     */
    cachesPrivately?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer session), or null. Read once per request. */
    getUser(): Promise<TSessionUser | null>;
    /** The signed-in user and profile; 401 when signed out. */
    requireAccount(): Promise<TAccount>;
    /** The signed-in user with role and super-user flag; 401 when signed out. */
    requireActor(): Promise<TActor>;
    /** requireActor, then 403 unless the user is a super-user. */
    requireSuperUser(): Promise<TActor>;
    /**
     * Who is calling, for routes a TV may call: a device (`Authorization: Bearer sld_…`, a live
     * device token), a signed-in user, or null. The service's requireAccess decides the rest.
     */
    getPrincipal(): Promise<TPrincipal | null>;
  }
}

/**
 * Resolves the session of each request, lazily and at most once: from the in-process session
 * cache when these exact credentials were resolved lately, otherwise in one read (session, user
 * and profile: modules/auth/session-lookup.ts) for a session cookie, or through Better Auth
 * (session and user) and the profile directory (profile) for the rest, then cached. Better Auth's hooks evict the cache
 * when a session ends or a user changes (modules/auth/session-cache.ts); the me module evicts it
 * when a profile changes.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { auth, db, sessionCache, devices } = app.deps;
  const profiles = createProfileDirectory(db);
  const findByCookie = createSessionLookup(db, auth);
  const perRequest = new WeakMap<FastifyRequest, Promise<TAccount | null>>();

  async function readAccount(request: FastifyRequest): Promise<TAccount | null> {
    const { cookie, authorization } = request.headers;
    // Without either header there is no session to find (cookie or bearer plugin).
    if (!cookie && !authorization) return null;
    // A device token is never a user session: a TV acting as a device is not its owner.
    if (devices.isDeviceCredential(authorization)) return null;
    const key = `${authorization ?? ''}\n${cookie ?? ''}`;
    const cached = sessionCache.get(key);
    if (cached) return cached;

    const store = sessionCache.begin();
    if (!authorization && cookie) {
      const found = await findByCookie(cookie);
      if (found === null) return null;
      if (found) {
        const account = { user: found.user, profile: found.profile };
        store(key, {
          token: found.token,
          userId: found.user.id,
          value: account,
          sessionExpiresAt: found.sessionExpiresAt,
        });
        return account;
      }
    }
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const { id, email, emailVerified, name, createdAt } = session.user;
    const twoFactorEnabled = session.user.twoFactorEnabled === true;
    const account = {
      user: { id, email, emailVerified, name, createdAt, twoFactorEnabled },
      profile: await profiles.findProfile(id),
    };
    store(key, {
      token: session.session.token,
      userId: id,
      value: account,
      sessionExpiresAt: session.session.expiresAt,
    });
    return account;
  }

  function getAccount(request: FastifyRequest): Promise<TAccount | null> {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = readAccount(request);
      perRequest.set(request, pending);
    }
    return pending;
  }

  app.decorateRequest('getUser', async function (this: FastifyRequest) {
    return (await getAccount(this))?.user ?? null;
  });

  app.decorateRequest('requireAccount', async function (this: FastifyRequest) {
    const account = await getAccount(this);
    if (!account) throw unauthenticated();
    return account;
  });

  app.decorateRequest('requireActor', async function (this: FastifyRequest): Promise<TActor> {
    const origin = { ip: this.ip, userAgent: this.headers['user-agent'] ?? null };
    return { ...actorOf(await this.requireAccount()), origin };
  });

  const principals = new WeakMap<FastifyRequest, Promise<TPrincipal | null>>();
  async function readPrincipal(request: FastifyRequest): Promise<TPrincipal | null> {
    const { authorization } = request.headers;
    if (devices.isDeviceCredential(authorization)) {
      return devices.findByAuthorization(authorization);
    }
    const account = await getAccount(request);
    return account ? actorOf(account) : null;
  }

  app.decorateRequest(
    'getPrincipal',
    async function (this: FastifyRequest): Promise<TPrincipal | null> {
      let pending = principals.get(this);
      if (!pending) {
        pending = readPrincipal(this);
        principals.set(this, pending);
      }
      return pending;
    },
  );

  // Authentication before anything else a route does (ASVS V8.3.1, issue 18 item 7): a caller
  // with no live session or device token gets 401 before the body is parsed and validated, so an
  // anonymous request learns nothing of a route's input rules. Roles and ownership stay with each
  // route's service, after validation.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_V1_PREFIX) || route.config?.isPublic) return;
    const existing = route.onRequest;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.onRequest = [...hooks, requireCaller];
  });
  async function requireCaller(request: FastifyRequest): Promise<void> {
    if (!(await request.getPrincipal())) throw unauthenticated();
  }

  app.decorateRequest('requireSuperUser', async function (this: FastifyRequest) {
    const actor = await this.requireActor();
    if (!actor.isSU) throw forbidden('Only super-users can do this.');
    if (!actor.twoFactorEnabled) throw twoFactorRequired();
    return actor;
  });
});

function actorOf({ user, profile }: TAccount): TActor {
  return { kind: 'user', ...user, role: profile?.role ?? null, isSU: profile?.isSU ?? false };
}
