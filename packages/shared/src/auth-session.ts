// zod/mini, not classic zod: every page of the web app reads the session at start, and the first
// page must stay light (issue 6 item 7; see health.ts).
import * as z from 'zod/mini';

/**
 * GET /api/auth/get-session (Better Auth): the signed-in account, or null. Only the fields the web
 * app uses; Better Auth sends more (the session row, image, updatedAt), which are dropped.
 */
export const ZAuthSession = z.nullable(
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      name: z.string(),
      createdAt: z.string(),
    }),
  }),
);
export type TAuthSession = z.infer<typeof ZAuthSession>;
export type TAuthSessionUser = NonNullable<TAuthSession>['user'];
