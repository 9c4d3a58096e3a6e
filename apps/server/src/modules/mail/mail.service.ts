import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { emailOutbox } from '../../db/schema/index';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAX_ATTEMPTS = 5;

/**
 * Email goes into the outbox table first, so a mail server that is down loses nothing. Without
 * SMTP_URL messages stay there and the dev mailbox shows them; with it a sender drains the outbox.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private draining: Promise<void> | undefined;
  private readonly retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: TDb,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      smtpUrl: string | undefined;
      from: string;
      retryIntervalMs?: number;
    },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
    if (this.transport) {
      // Mail that failed (server down, network) is tried again on this beat, and after a restart.
      this.retryTimer = setInterval(() => void this.drain(), options.retryIntervalMs ?? 60_000);
      this.retryTimer.unref();
      void this.drain();
    }
  }

  async enqueue(mail: TMail): Promise<void> {
    await this.db.insert(emailOutbox).values(mail);
    this.log.info(
      { to: mail.to, subject: mail.subject },
      this.transport ? 'email queued' : 'email kept in the dev mailbox',
    );
    if (this.transport) void this.drain();
  }

  /** Sends every unsent message once; concurrent calls share one pass. */
  drain(): Promise<void> {
    this.draining ??= this.sendPending().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async sendPending(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const pending = await this.db
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50);
    for (const mail of pending) {
      try {
        await transport.sendMail({
          from: this.options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await this.db
          .update(emailOutbox)
          .set({ sentAt: new Date(), lastError: null })
          .where(eqId(mail.id));
      } catch (error) {
        this.log.warn({ err: error, to: mail.to }, 'email not sent; will retry');
        await this.db
          .update(emailOutbox)
          .set({ attempts: mail.attempts + 1, lastError: String(error) })
          .where(eqId(mail.id));
      }
    }
  }

  listRecent(limit = 100) {
    return this.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  }

  close(): void {
    clearInterval(this.retryTimer);
    this.transport?.close();
  }
}

const eqId = (id: string) => eq(emailOutbox.id, id);
