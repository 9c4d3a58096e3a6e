// zod/mini, not classic zod: every page of the web app reads the health check at start (the dev
// banner), and mini's functions tree-shake to about 5 KiB where classic zod costs 27 (issue 6
// item 7). The schema is the same to the server (fastify-type-provider-zod takes any zod 4 schema).
import * as z from 'zod/mini';
import { hasNul, NUL_MESSAGE } from './nul';

/** GET /api/health */
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  live: z.literal(true),
  ready: z.boolean(),
  checks: z.object({ database: z.boolean(), storage: z.boolean() }),
  environment: z.enum(['development', 'production', 'test']),
  version: z
    .string()
    .check(z.refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true })),
});
export type THealth = z.infer<typeof ZHealth>;
