import type { z } from 'zod';
import type {
  TContactMessage,
  TContactMessageList,
  TContactMessageView,
  ZContactMessageListQuery,
} from '@screenline/shared/contact';
import type { TActor, TSessionUser } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pageOf } from '../../lib/created-order';
import type { TAccessPolicy } from '../access/access-policy';
import type { MailService } from '../mail/mail.service';
import { contactAnswerMail, contactMessageMail } from '../mail/templates';
import type { TProfileDirectory } from '../me/profile-directory';
import type { TContactRepository, TContactRow } from './contact.repository';

type TListQuery = z.output<typeof ZContactMessageListQuery>;

const NOT_FOUND = 'That contact message';
const dayOf = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Messages to the Screenline team: kept, and mailed to every super-user; super-users read them,
 * answer (the answer is emailed to the sender), close and reopen them. Every change is a
 * conditional update on the status: of two super-users acting at once, one wins and the other
 * is told what happened instead.
 */
export function createContactService(deps: {
  repo: TContactRepository;
  profiles: TProfileDirectory;
  access: TAccessPolicy;
  mail: Pick<MailService, 'enqueue'>;
  publicUrl: string;
}) {
  const { repo, access, mail, publicUrl } = deps;

  async function send(sender: TSessionUser | null, message: TContactMessage) {
    const id = await repo.insertMessage(message, sender?.id ?? null);
    // Super-users are the support team: each gets the message by email, linked to its page.
    const team = await deps.profiles.listSuperUserEmails();
    const url = `${publicUrl}/admin/contact-messages?message=${id}`;
    for (const email of team) await mail.enqueue(contactMessageMail(email, message, url));
    return { id };
  }

  async function list(actor: TActor, query: TListQuery): Promise<TContactMessageList> {
    await access.requireAccess(actor, 'admin.contactMessages.read');
    const rows = await repo.list(query);
    const { page, nextCursor } = pageOf(rows, query.limit, (row) => row.message);
    return { items: page.map(toView), nextCursor };
  }

  async function read(actor: TActor, id: string): Promise<TContactMessageView> {
    await access.requireAccess(actor, 'admin.contactMessages.read');
    return view(id);
  }

  async function answer(actor: TActor, id: string, text: string): Promise<TContactMessageView> {
    await access.requireAccess(actor, 'admin.contactMessages.update');
    if (!(await repo.answer(id, { text, by: actor.id }))) {
      const current = await view(id);
      throw new AppError(
        'invalid-state',
        current.status === 'closed'
          ? 'This message is closed. Reopen it to answer.'
          : `This message was already answered${byWhom(current.answer?.answeredBy)}; its sender has that answer.`,
      );
    }
    const answered = await view(id);
    // The answer goes only to the address the message came from (issue 18 item 7). Anyone can
    // type anyone's address into the form, so what the sender wrote (name, subject, message) is
    // quoted only when the address is theirs: typed while signed in, or an account's confirmed
    // address. Otherwise the mail carries the team's answer alone, so the form cannot make
    // Screenline mail a stranger someone else's words.
    const isQuotable = answered.userId !== null || (await repo.isVerifiedAddress(answered.email));
    await mail.enqueue(
      contactAnswerMail(
        answered.email,
        isQuotable
          ? {
              name: answered.name,
              subject: answered.subject,
              message: answered.message,
              sentOn: dayOf.format(new Date(answered.createdAt)),
            }
          : null,
        text,
        publicUrl,
      ),
    );
    return answered;
  }

  async function close(actor: TActor, id: string): Promise<TContactMessageView> {
    await access.requireAccess(actor, 'admin.contactMessages.update');
    if (!(await repo.close(id, actor.id))) {
      const current = await view(id);
      throw new AppError(
        'invalid-state',
        `This message was already closed${byWhom(current.closed?.closedBy)}.`,
      );
    }
    return view(id);
  }

  async function reopen(actor: TActor, id: string): Promise<TContactMessageView> {
    await access.requireAccess(actor, 'admin.contactMessages.update');
    if (!(await repo.reopen(id))) {
      const current = await view(id);
      throw new AppError('invalid-state', `This message is ${current.status}, not closed.`);
    }
    return view(id);
  }

  async function view(id: string): Promise<TContactMessageView> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NOT_FOUND);
    return toView(row);
  }

  return { send, list, read, answer, close, reopen };
}

export type TContactService = ReturnType<typeof createContactService>;

const byWhom = (who: { name: string } | null | undefined) => (who ? ` by ${who.name}` : '');

function toView({ message, answeredByName, closedByName }: TContactRow): TContactMessageView {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    userId: message.userId,
    status: message.status,
    createdAt: message.createdAt.toISOString(),
    answer:
      message.answer !== null && message.answeredAt
        ? {
            text: message.answer,
            answeredAt: message.answeredAt.toISOString(),
            answeredBy:
              message.answeredBy && answeredByName !== null
                ? { id: message.answeredBy, name: answeredByName }
                : null,
          }
        : null,
    closed: message.closedAt
      ? {
          closedAt: message.closedAt.toISOString(),
          closedBy:
            message.closedBy && closedByName !== null
              ? { id: message.closedBy, name: closedByName }
              : null,
        }
      : null,
  };
}
