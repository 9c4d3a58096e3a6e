import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { freePort } from '../../../test/storage-helpers';

interface TReceived {
  to: string[];
  body: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(
  port = 0,
): Promise<{ port: number; received: TReceived[]; close: () => Promise<void> }> {
  const received: TReceived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('email with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends queued mail through the SMTP server and marks it sent', async () => {
    const { email } = await t.signUp();
    await t.app.deps.mail.drain();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    const [message] = smtp.received.filter((m) => m.to.includes(email));
    expect(message!.body).toContain('Subject: Confirm your email for Screenline');
    expect(message!.body).toContain('/api/auth/verify-email?token=');
    const [row] = await t.app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});

describe('email while the SMTP server is down', () => {
  it('keeps the message in the outbox and sends it once the server answers', async () => {
    const port = await freePort();
    const t = await createTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const { email } = await t.signUp();
      await t.app.deps.mail.drain();
      const [failed] = await t.app.deps.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, email));
      expect(failed?.sentAt).toBeNull();
      expect(failed?.attempts).toBeGreaterThanOrEqual(1);
      expect(failed?.lastError).toMatch(/ECONNREFUSED/);

      // The mail server comes up on that port; the next pass delivers the message.
      const smtp = await startSmtp(port);
      try {
        await t.app.deps.mail.drain();
        expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
        const [sent] = await t.app.deps.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, email));
        expect(sent?.sentAt).toBeInstanceOf(Date);
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });
});
