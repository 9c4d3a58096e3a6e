// Who is making a request, as services see it. Services take these types from here, never from
// a Fastify plugin, so that they can be called from jobs, the CLI and tests alike.

export interface TSessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  createdAt: Date;
  /** Two-factor sign-in is on (issue 18 item 4): super-users act as such only then. */
  twoFactorEnabled: boolean;
}

/** Where a request came from: what the money audit log records with each decision. */
export interface TRequestOrigin {
  /** The client address as the server sees it (Fastify's request.ip, TRUST_PROXY applied). */
  ip: string;
  userAgent: string | null;
}

/** A signed-in person. `kind` tells a user from a device wherever both may act. */
export interface TActor extends TSessionUser {
  kind: 'user';
  role: 'advertiser' | 'publisher' | null;
  isSU: boolean;
  /** Set for requests over HTTP (requireActor); absent when a job or the CLI acts. */
  origin?: TRequestOrigin;
}

/**
 * A paired TV. It acts for its owner, and only within the one ad space it was paired to; it is
 * never a super-user and has no role of its own.
 */
export interface TDeviceActor {
  kind: 'device';
  /** The device's own id. */
  id: string;
  /** The user who paired it; resources it reads must belong to this owner. */
  ownerId: string;
  adSpaceId: string;
  /** The token the request carried, for its renewal (absent where no request carried one). */
  token?: TDeviceTokenState;
}

/** Where a device token stands in its life (issue 18 item 2). */
export interface TDeviceTokenState {
  hash: string;
  expiresAt: Date;
  /** The token before the last renewal, still inside its grace. */
  isPrevious: boolean;
}

/**
 * A TV a phone just paired (issue 18 item 1): it holds a pairing grant, not its owner's session,
 * and may only list the owner's ad spaces and set itself up once.
 */
export interface TPairingActor {
  kind: 'pairing';
  /** The grant's id; registering the TV spends it. */
  id: string;
  ownerId: string;
}

/** Every principal the access policy knows. */
export type TPrincipal = TActor | TDeviceActor | TPairingActor;
