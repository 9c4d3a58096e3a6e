import { createContactRepository } from '../../src/modules/contact/contact.repository';
import type { TCase, TFixture } from './matrix-types';

/** A message as /contact stores it (a row: these cases are about who may act on it). */
async function messageOf(f: TFixture, status: 'open' | 'closed' = 'open'): Promise<string> {
  const repo = createContactRepository(f.t.app.deps.db);
  const id = await repo.insertMessage(
    { name: 'Matrix', email: 'matrix@example.com', subject: 'Matrix', message: 'Hello' },
    null,
  );
  if (status === 'closed') await repo.close(id, f.owner.userId);
  return id;
}

/** The super-users' contact message routes (issue 10 item 2). */
export const CONTACT_CASES: Record<string, TCase> = {
  'GET /api/v1/admin/contact-messages': {
    audience: 'super-user',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/contact-messages?status=open' }),
  },
  'GET /api/v1/admin/contact-messages/:id': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      url: `/api/v1/admin/contact-messages/${await messageOf(f)}`,
    }),
  },
  'POST /api/v1/admin/contact-messages/:id/answer': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${await messageOf(f)}/answer`,
      payload: { answer: 'Thank you for writing.' },
    }),
  },
  'POST /api/v1/admin/contact-messages/:id/close': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${await messageOf(f)}/close`,
    }),
  },
  'POST /api/v1/admin/contact-messages/:id/reopen': {
    audience: 'super-user',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${await messageOf(f, 'closed')}/reopen`,
    }),
  },
};
