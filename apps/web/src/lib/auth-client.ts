import { createAuthClient } from 'better-auth/react';

/** Better Auth on the same origin (the server mounts it at /api/auth). */
export const authClient = createAuthClient({ baseURL: `${window.location.origin}/api/auth` });
