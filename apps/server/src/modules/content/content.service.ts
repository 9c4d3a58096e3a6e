import { z } from 'zod';
import {
  contentKindOf,
  type TContentItem,
  type TContentList,
  type TContentReference,
  type TCreateContentItem,
  type ZContentListQuery,
  ZSortOrder,
} from '@screenline/shared/content';
import { type TStorageObjectUser, userStoragePrefix } from '@screenline/shared/storage';
import { AppError, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor, ZCursorBigint, ZCursorTimestamp } from '../../lib/cursor';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TObjectKey, TStorageFacade } from '../storage/storage.service';
import type { TContentReferenceRegistry } from './content-references';
import type { TStoredObjectRef } from '../storage/stored-object-refs';
import type { TContentRepository, TListPosition } from './content.repository';
import { isId, ZId } from '@screenline/shared/id';

type TListQuery = z.output<typeof ZContentListQuery>;
export type TItemWithObjects = NonNullable<Awaited<ReturnType<TContentRepository['findById']>>>;

/** Where a page ended; the value is typed by the sort it belongs to, as it goes back into SQL. */
const ZCursor = z.intersection(
  z.object({ order: ZSortOrder, id: ZId }),
  z.discriminatedUnion('sort', [
    z.object({ sort: z.literal('createdAt'), value: ZCursorTimestamp }),
    z.object({ sort: z.literal('name'), value: z.string().max(1000) }),
    z.object({ sort: z.literal('size'), value: ZCursorBigint }),
  ]),
);

/** A stored item as the API answers it, with download links to its media and poster. */
export function toContentItem(row: TItemWithObjects, storage: TStorageFacade): TContentItem {
  const { item } = row;
  const linkTo = (object: TStoredObjectRef | null) =>
    object ? storage.downloadPath(object) : null;
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    objectPath: item.objectPath,
    contentType: item.contentType,
    sizeBytes: item.sizeBytes,
    md5: item.md5,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
    posterPath: item.posterPath,
    processingState: item.processingState,
    mediaUrl: linkTo(row.media),
    posterUrl: linkTo(row.poster),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** The content library: each user sees and changes only their own items. */
export function createContentService(
  repo: TContentRepository,
  storage: TStorageFacade,
  references: TContentReferenceRegistry,
  access: TAccessPolicy,
  bucket: string,
) {
  const toItem = (row: TItemWithObjects) => toContentItem(row, storage);

  async function requireItem(actor: TActor, id: string): Promise<TItemWithObjects> {
    const row = await repo.findById(actor.id, id);
    // Another user's item is "not found", never "forbidden": ids are not to be probed.
    if (!row) throw notFound('That content item');
    return row;
  }

  /** A storage object the actor owns, for a new item; the same 404 when it is someone else's. */
  async function requireOwnObject(actor: TActor, path: string, what: string) {
    const object = path.startsWith(userStoragePrefix(actor.id))
      ? await storage.findObject(path)
      : undefined;
    if (!object) {
      throw new AppError(
        'not-found',
        `The ${what} '${path}' is not in your storage; upload it first.`,
      );
    }
    return object;
  }

  async function list(actor: TActor, query: TListQuery): Promise<TContentList> {
    await access.requireAccess(actor, 'content.list');
    const after = query.cursor ? readCursor(query.cursor, query) : undefined;
    const rows = await repo.list(actor.id, {
      kind: query.kind,
      search: query.q,
      sort: query.sort,
      order: query.order,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      items: page.map(toItem),
      nextCursor:
        hasMore && last
          ? writeCursor(query, { value: last.sortValue ?? '', id: last.item.id })
          : null,
    };
  }

  async function get(actor: TActor, id: string): Promise<TContentItem> {
    await access.requireAccess(actor, 'content.read', [id]);
    return toItem(await requireItem(actor, id));
  }

  async function create(actor: TActor, input: TCreateContentItem): Promise<TContentItem> {
    await access.requireAccess(actor, 'content.create');
    const object = await requireOwnObject(actor, input.objectPath, 'file');
    const kind = contentKindOf(object.contentType);
    if (kind !== input.kind) {
      throw new AppError(
        'bad-request',
        `The file is ${object.contentType}, not ${input.kind === 'image' ? 'an image' : 'a video'}.`,
      );
    }
    if (input.posterPath) {
      const poster = await requireOwnObject(actor, input.posterPath, 'poster');
      if (contentKindOf(poster.contentType) !== 'image') {
        throw new AppError(
          'bad-request',
          `The poster must be an image, not ${poster.contentType}.`,
        );
      }
    }
    const row = await repo.insert({
      ownerId: actor.id,
      name: input.name,
      objectPath: input.objectPath,
      kind,
      // Size, checksum and type are the storage service's, never the client's word.
      contentType: object.contentType,
      sizeBytes: object.size,
      md5: object.md5Hash,
      width: input.width,
      height: input.height,
      durationMs: kind === 'video' ? (input.durationMs ?? null) : null,
      posterPath: input.posterPath ?? null,
      processingState: 'ready',
    });
    if (!row) {
      throw new AppError('conflict', 'This file is already in your library.');
    }
    return get(actor, row.id);
  }

  async function rename(actor: TActor, id: string, name: string): Promise<TContentItem> {
    await access.requireAccess(actor, 'content.update', [id]);
    await requireItem(actor, id);
    if (!(await repo.rename(actor.id, id, name))) throw notFound('That content item');
    return get(actor, id);
  }

  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'content.delete', [id]);
    const { item } = await requireItem(actor, id);
    const users = await references.findReferences(item);
    if (users.length > 0) {
      throw new AppError('in-use', inUseMessage(item.name, users), { references: users });
    }
    const deleted = await repo.delete(actor.id, id);
    if (!deleted) throw notFound('That content item');
    // A file another item still uses (one item's poster may be another's media) stays: the
    // storage facade asks findObjectUsers below before it deletes.
    await storage.deleteOwnObject(actor.id, deleted.objectPath);
    if (deleted.posterPath) await storage.deleteOwnObject(actor.id, deleted.posterPath);
  }

  /** The access policy's owner lookup for content ids; ids that are not uuids own nothing. */
  function findOwners(ids: readonly string[]): Promise<Map<string, string>> {
    return repo.findOwners(ids.filter((id) => isId(id)));
  }

  /** The items that use a storage object; registered with storage as its in-use check. */
  async function findObjectUsers(object: TObjectKey): Promise<TStorageObjectUser[]> {
    if (object.bucket !== bucket) return [];
    const items = await repo.findUsersOfObject(object.ownerId, object.name);
    return items.map((item) => ({
      kind: 'content-item',
      id: item.id,
      name: item.name,
      usage: item.objectPath === object.name ? 'media' : 'poster',
    }));
  }

  return { list, get, create, rename, remove, findOwners, findObjectUsers };
}

export type TContentService = ReturnType<typeof createContentService>;

function writeCursor(query: TListQuery, position: TListPosition): string {
  return encodeCursor(ZCursor, { sort: query.sort, order: query.order, ...position });
}

function readCursor(cursor: string, query: TListQuery): TListPosition {
  const position = decodeCursor(ZCursor, cursor);
  if (position.sort !== query.sort || position.order !== query.order) {
    throw new AppError(
      'bad-request',
      'The cursor belongs to another sort order; start from the first page.',
    );
  }
  return { value: position.value, id: position.id };
}

function inUseMessage(name: string, users: TContentReference[]): string {
  const named = users
    .slice(0, 3)
    .map((user) => `${user.kind} “${user.name}”`)
    .join(', ');
  const more = users.length > 3 ? ` and ${users.length - 3} more` : '';
  return `“${name}” is used by ${named}${more}. Remove it from there first, then delete it.`;
}
