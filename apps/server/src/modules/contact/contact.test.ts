import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { createMeRepository } from '../me/me.repository';

describe('contact messages', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('stores a message and emails it to the super-users', async () => {
    const admin = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(admin.email, true);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: {
        name: 'Grace',
        email: 'grace@example.com',
        subject: 'Pricing',
        message: 'How much per screen?',
      },
    });
    expect(res.statusCode).toBe(201);
    const mailbox = await t.request({ method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(mailbox.json<{ items: { to: string; subject: string }[] }>().items).toContainEqual(
      expect.objectContaining({ to: admin.email, subject: 'Contact form: Pricing' }),
    );
  });

  it('refuses an incomplete message with the failing fields', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: { name: 'Grace', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{
      error: { code: string; details: { fields: { path: string }[] } };
    }>();
    expect(error.code).toBe('validation-failed');
    expect(error.details.fields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.subject', 'body.message']),
    );
  });
});
