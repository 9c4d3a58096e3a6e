import { z } from 'zod';
import { text } from './text';

/** GET /api/health */
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  live: z.literal(true),
  ready: z.boolean(),
  checks: z.object({ database: z.boolean(), storage: z.boolean() }),
  environment: z.enum(['development', 'production', 'test']),
  version: text(),
});
export type THealth = z.infer<typeof ZHealth>;
