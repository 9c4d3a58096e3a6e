import type { TContactMessage } from '@screenline/shared/contact';
import type { TSessionUser } from '../../lib/actor';
import type { MailService } from '../mail/mail.service';
import { contactMessageMail } from '../mail/templates';
import type { TProfileDirectory } from '../me/profile-directory';
import type { TContactRepository } from './contact.repository';

/** Messages to the Screenline team: kept, and mailed to every super-user. */
export function createContactService(deps: {
  repo: TContactRepository;
  profiles: TProfileDirectory;
  mail: Pick<MailService, 'enqueue'>;
  publicUrl: string;
}) {
  async function send(sender: TSessionUser | null, message: TContactMessage) {
    const id = await deps.repo.insertMessage(message, sender?.id ?? null);
    // Super-users are the support team: each gets the message by email.
    const team = await deps.profiles.listSuperUserEmails();
    for (const email of team)
      await deps.mail.enqueue(contactMessageMail(email, message, deps.publicUrl));
    return { id };
  }

  return { send };
}
