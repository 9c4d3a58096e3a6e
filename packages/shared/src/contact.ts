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
