import { z } from 'zod';
import { text } from './text';
import { ZEmail } from './auth';

/** POST /api/v1/contact-messages (anonymous allowed) → 201. Also the contact form's schema. */
export const ZContactMessage = z.object({
  name: text().trim().min(1, 'Enter your name.').max(120, 'Keep it under 120 characters.'),
  email: ZEmail,
  subject: text().trim().min(1, 'Enter a subject.').max(200, 'Keep it under 200 characters.'),
  message: text().trim().min(1, 'Enter your message.').max(5000, 'Keep it under 5,000 characters.'),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/**
 * The super-users' side of contact messages (/admin/contact-messages): a message is open until a
 * super-user answers it (the answer is emailed to the sender) or closes it; a closed message can
 * be reopened, and an answered one closed. A closed message cannot be answered: reopen it first.
 */
export const CONTACT_MESSAGE_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZContactMessageStatus = z.enum(CONTACT_MESSAGE_STATUSES);
export type TContactMessageStatus = z.infer<typeof ZContactMessageStatus>;

const ZActorName = z.object({ id: text(), name: text() });

export const ZContactMessageView = z.object({
  id: text(),
  name: text(),
  email: text(),
  subject: text(),
  message: text(),
  /** The sender's account when they were signed in; null for visitors. */
  userId: text().nullable(),
  status: ZContactMessageStatus,
  createdAt: text(),
  answer: z
    .object({
      text: text(),
      answeredAt: text(),
      /** Null when that super-user's account was deleted since. */
      answeredBy: ZActorName.nullable(),
    })
    .nullable(),
  closed: z
    .object({
      closedAt: text(),
      closedBy: ZActorName.nullable(),
    })
    .nullable(),
});
export type TContactMessageView = z.infer<typeof ZContactMessageView>;

/** GET /api/v1/admin/contact-messages: newest first, `?status=` filters. */
export const ZContactMessageListQuery = z.object({
  status: ZContactMessageStatus.optional(),
  cursor: text().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZContactMessageList = z.object({
  items: z.array(ZContactMessageView),
  nextCursor: text().nullable(),
});
export type TContactMessageList = z.infer<typeof ZContactMessageList>;

/** POST /api/v1/admin/contact-messages/{id}/answer: emailed to the sender. Also the answer form's schema. */
export const ZContactAnswer = z.strictObject({
  answer: text().trim().min(1, 'Write an answer.').max(5000, 'Keep it under 5,000 characters.'),
});
export type TContactAnswer = z.infer<typeof ZContactAnswer>;
