import { z } from 'zod';
import { ZId } from '@screenline/shared/id';

// Locations and ad spaces list by name, case-insensitively ("apple" before "Banana"), with the
// id breaking ties between equal names; a cursor holds the last row's lower-cased name and id.

/** A list position: the lower-cased name of the last row seen, and its id. */
export const ZNameCursor = z.object({ name: z.string().max(1000), id: ZId });
export type TNamePosition = z.infer<typeof ZNameCursor>;

/** LIKE treats %, _ and \ specially; a search for them means the characters themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
