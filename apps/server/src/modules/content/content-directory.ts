import type { TContentItem } from '@screenline/shared/content';
import type { TDb } from '../../db/database';
import type { TStorageFacade } from '../storage/storage.service';
import { createContentRepository, ownersOfContent } from './content.repository';
import { toContentItem } from './content.service';
import { isId } from '@screenline/shared/id';

/**
 * The content module's facade for modules that name library items (playlists now, campaigns
 * later). It reads; it checks no access: the caller has already required `content.read` on the
 * ids, or reads ids it stored after such a check. Other modules use this, never the content
 * repository itself.
 */
export function createContentDirectory(db: TDb, storage: TStorageFacade, bucket: string) {
  const repo = createContentRepository(db, bucket);
  return {
    /**
     * The owner's items among `ids`, as `GET /api/v1/content/{id}` answers them (download links
     * included), in one query. Ids that are not the owner's, or no longer exist, are left out;
     * the order is not that of `ids`.
     */
    async findForPlaylist(ownerId: string, ids: readonly string[]): Promise<TContentItem[]> {
      // An id that is not a uuid names no item (and must not reach a uuid comparison in SQL).
      const unique = [...new Set(ids)].filter((id) => isId(id));
      const rows = await repo.findByIds(ownerId, unique);
      return rows.map((row) => toContentItem(row, storage));
    },
  };
}

export type TContentDirectory = ReturnType<typeof createContentDirectory>;

/**
 * Whose library each of these items is in, for any owner (fill's house ads: the super-user who
 * chose one may not be the one who edits the playlist next). Reads no access: the caller has.
 */
export const contentOwnersOf = (db: TDb, ids: readonly string[]) => ownersOfContent(db, ids);
