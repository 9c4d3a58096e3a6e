import { z } from 'zod';

/** GET /api/v1/dev/mailbox (outside production only): the email outbox, newest first. */
export const ZOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const ZOutboxList = z.object({ items: z.array(ZOutboxMessage) });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
