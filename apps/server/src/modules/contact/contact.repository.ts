import type { TContactMessage } from '@screenline/shared/contact';
import type { TDb } from '../../db/database';
import { contactMessage } from '../../db/schema/index';

export function createContactRepository(db: TDb) {
  return {
    async insertMessage(message: TContactMessage, userId: string | null): Promise<string> {
      const [saved] = await db
        .insert(contactMessage)
        .values({ ...message, userId })
        .returning({ id: contactMessage.id });
      return saved?.id ?? '';
    },
  };
}

export type TContactRepository = ReturnType<typeof createContactRepository>;
