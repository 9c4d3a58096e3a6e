import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { exponentialBackoff, type TJobDefinition, type TJobQueue } from '../jobs/job-queue';
import type { TMailRepository } from './mail.repository';
import { ZId } from '@screenline/shared/id';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** 30 s, 1 min, 2 min, … : eight tries span a little over an hour of mail server downtime. */
const MAX_ATTEMPTS = 8;
const ZSendPayload = z.object({ outboxId: ZId });

/**
 * Email goes into the outbox table first, so a mail server that is down loses nothing. Without
 * SMTP_URL messages stay there and the dev mailbox shows them; with it, sending each message is
 * one job on the queue, so with several instances on one database each message is sent once.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private readonly sendJob: TJobDefinition<z.infer<typeof ZSendPayload>>;

  constructor(
    private readonly repo: TMailRepository,
    private readonly jobs: TJobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl: string | undefined; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
    this.sendJob = {
      name: 'mail.send',
      payload: ZSendPayload,
      maxAttempts: MAX_ATTEMPTS,
      backoffMs: exponentialBackoff(30_000, 60 * 60 * 1000),
      run: ({ outboxId }) => this.send(outboxId),
    };
    // Without a mail server there is nothing to send: no job is registered or queued.
    if (this.transport) jobs.register(this.sendJob);
  }

  async enqueue(mail: TMail): Promise<void> {
    const id = await this.repo.insert(mail);
    this.log.info(
      { to: mail.to, subject: mail.subject },
      this.transport ? 'email queued' : 'email kept in the dev mailbox',
    );
    if (this.transport) await this.queueSend(id);
  }

  /**
   * Queues what an earlier run left unsent (a restart, or SMTP_URL set since). The key keeps a
   * message that is already queued, by this instance or another, from being queued twice.
   */
  async queueUnsent(): Promise<void> {
    if (!this.transport) return;
    for (const { id } of await this.repo.listUnsent(MAX_ATTEMPTS, 1000)) await this.queueSend(id);
  }

  private async queueSend(outboxId: string): Promise<void> {
    await this.jobs.enqueue(this.sendJob, { outboxId }, { key: `mail.send:${outboxId}` });
  }

  /** One message; a failure is recorded on the message and thrown, so the queue retries. */
  private async send(outboxId: string): Promise<void> {
    const transport = this.transport;
    const mail = await this.repo.findById(outboxId);
    if (!transport || !mail || mail.sentAt) return;
    try {
      await transport.sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      this.log.warn({ err: error, to: mail.to }, 'email not sent; will retry');
      await this.repo.recordFailure(outboxId, String(error));
      throw error;
    }
    await this.repo.markSent(outboxId, new Date());
  }

  listRecent(limit = 100) {
    return this.repo.listRecent(limit);
  }

  close(): void {
    this.transport?.close();
  }
}
