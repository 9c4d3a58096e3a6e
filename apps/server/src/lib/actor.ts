// Who is making a request, as services see it. Services take these types from here, never from
// a Fastify plugin, so that they can be called from jobs, the CLI and tests alike.

export interface TSessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  createdAt: Date;
}

export interface TActor extends TSessionUser {
  role: 'advertiser' | 'publisher' | null;
  isSU: boolean;
}
