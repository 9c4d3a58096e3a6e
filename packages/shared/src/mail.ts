import { z } from 'zod';
import { text } from './text';

/** GET /api/v1/dev/mailbox (outside production only): the email outbox, newest first. */
export const ZOutboxMessage = z.object({
  id: text(),
  to: text(),
  subject: text(),
  text: text(),
  html: text(),
  createdAt: text(),
  sentAt: text().nullable(),
});
export const ZOutboxList = z.object({ items: z.array(ZOutboxMessage) });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
