// Who is making a request, as services see it. Services take these types from here, never from
// a Fastify plugin, so that they can be called from jobs, the CLI and tests alike.

export interface TSessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  createdAt: Date;
}

/** A signed-in person. `kind` tells a user from a device wherever both may act. */
export interface TActor extends TSessionUser {
  kind: 'user';
  role: 'advertiser' | 'publisher' | null;
  isSU: boolean;
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
}

/** Every principal the access policy knows. */
export type TPrincipal = TActor | TDeviceActor;
