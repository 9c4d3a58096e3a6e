import { z } from 'zod';
import type { TContentItem, TContentReference } from '@screenline/shared/content';
import type { TReference } from '@screenline/shared/errors';
import {
  type TPlaylistDetail,
  type TPlaylistItem,
  type TPlaylistList,
  type TPlaylistSummary,
  type ZDuplicatePlaylist,
  ZPlaylistItems,
  ZPlaylistName,
  type ZPlaylistListQuery,
  type ZSavePlaylist,
  type ZUpdatePlaylist,
} from '@screenline/shared/playlist';
import { AppError, notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TContentDirectory } from '../content/content-directory';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TReferencedItem } from '../content/content-references';
import type { TPlaylistRow, TPlaylistsRepository } from './playlists.repository';
import { ZId } from '@screenline/shared/id';

type TListQuery = z.output<typeof ZPlaylistListQuery>;
type TSave = z.output<typeof ZSavePlaylist>;
type TUpdate = z.output<typeof ZUpdatePlaylist>;
type TDuplicate = z.output<typeof ZDuplicatePlaylist>;

/** Where a page ended: `lower(name)` as the database printed it, and the id as tie-breaker. */
const ZCursor = z.object({ name: z.string().max(1000), id: ZId });

const COPY_SUFFIX = ' (copy)';
const NAME_MAX = 200;

/**
 * Playlists (issue 7 item 3): ordered content items and ad slots. Each owner sees and changes
 * only their own; every item must name one of the owner's library items, of the kind it says.
 */
export function createPlaylistsService(
  repo: TPlaylistsRepository,
  content: TContentDirectory,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  /**
   * Summaries of stored playlists in a fixed number of queries however many there are: one for
   * the library items they name (videos only unless `withContent`), two for where they are used.
   */
  async function summarize(
    ownerId: string,
    rows: readonly TPlaylistRow[],
    { withContent }: { withContent: boolean },
  ) {
    const parsed = rows.map((row) => ({ row, items: ZPlaylistItems.parse(row.items) }));
    const contentIds = parsed.flatMap(({ items }) =>
      items.flatMap((item) =>
        item.type === 'content' && (withContent || item.kind === 'video') ? [item.contentId] : [],
      ),
    );
    const [library, usage] = await Promise.all([
      content.findForPlaylist(ownerId, contentIds),
      repo.findUsage(
        ownerId,
        rows.map((row) => row.id),
      ),
    ]);
    const byId = new Map(library.map((item) => [item.id, item]));
    return parsed.map(({ row, items }) => {
      const summary: TPlaylistSummary = {
        id: row.id,
        name: row.name,
        version: row.version,
        itemCount: items.length,
        durationSeconds: totalSeconds(items, byId),
        adSlotSeconds: adSlotSeconds(items),
        usage: {
          defaultFor: usage.defaults
            .filter((space) => space.playlistId === row.id)
            .map(({ id, name }) => ({ id, name })),
          scheduledOn: usage.entries
            .filter((entry) => entry.playlistId === row.id)
            .map(({ scheduleEntryId, adSpaceId, adSpaceName }) => ({
              scheduleEntryId,
              adSpaceId,
              adSpaceName,
            })),
        },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
      return { summary, items, content: contentInOrder(items, byId) };
    });
  }

  async function detailOf(ownerId: string, row: TPlaylistRow): Promise<TPlaylistDetail> {
    const [one] = await summarize(ownerId, [row], { withContent: true });
    if (!one) throw new Error('A summary of one playlist is missing.');
    return { ...one.summary, items: one.items, content: one.content };
  }

  async function requirePlaylist(actor: TActor, id: string): Promise<TPlaylistRow> {
    const row = await repo.findById(actor.id, id);
    if (!row) throw notFound('That playlist');
    return row;
  }

  /**
   * Every content item the items name must be the actor's (404 otherwise, as for any foreign
   * id) and of the kind the item says (400 naming the item). An item still processing is
   * accepted (it will play once ready; the player skips what it cannot load); one whose
   * processing failed is refused, since it can never play.
   */
  async function requireContent(actor: TActor, items: readonly TPlaylistItem[]): Promise<void> {
    const ids = items.flatMap((item) => (item.type === 'content' ? [item.contentId] : []));
    if (ids.length === 0) return;
    await access.requireAccess(actor, 'content.read', ids);
    const byId = new Map(
      (await content.findForPlaylist(actor.id, ids)).map((found) => [found.id, found]),
    );
    const fields: { path: string; message: string }[] = [];
    for (const [index, item] of items.entries()) {
      if (item.type !== 'content') continue;
      const stored = byId.get(item.contentId);
      // Deleted since the access check: the same answer as an id that never existed.
      if (!stored) throw notFound('That content item');
      const which = `Item ${index + 1}, “${stored.name}”,`;
      if (stored.kind !== item.kind) {
        fields.push({
          path: `body.items.${index}.kind`,
          message: `${which} is ${article(stored.kind)} in the library, not ${article(item.kind)}.`,
        });
      } else if (stored.processingState === 'failed') {
        fields.push({
          path: `body.items.${index}.contentId`,
          message: `${which} could not be processed and cannot play; upload it again.`,
        });
      }
    }
    if (fields.length > 0) {
      throw new AppError('validation-failed', fields.map((field) => field.message).join(' '), {
        fields,
      });
    }
  }

  /** What still uses the playlist: ad spaces playing it by default, schedule entries naming it. */
  async function findReferences(ownerId: string, id: string): Promise<TReference[]> {
    const { defaults, entries } = await repo.findUsage(ownerId, [id]);
    return [
      ...defaults.map((space): TReference => ({ kind: 'adSpace', id: space.id, name: space.name })),
      ...entries.map((entry): TReference => ({
        kind: 'scheduleEntry',
        id: entry.scheduleEntryId,
        name: `${entry.adSpaceName}, ${entry.startTime}–${entry.endTime} from ${entry.firstDay}`,
      })),
    ];
  }

  async function list(actor: TActor, query: TListQuery): Promise<TPlaylistList> {
    await access.requireAccess(actor, 'playlist.list');
    const after = query.cursor ? decodeCursor(ZCursor, query.cursor) : undefined;
    const rows = await repo.list(actor.id, { search: query.q, limit: query.limit + 1, after });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const summaries = await summarize(
      actor.id,
      page.map((row) => row.playlist),
      { withContent: false },
    );
    return {
      items: summaries.map(({ summary }) => summary),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZCursor, { name: last.sortKey, id: last.playlist.id })
          : null,
    };
  }

  async function get(actor: TActor, id: string): Promise<TPlaylistDetail> {
    await access.requireAccess(actor, 'playlist.read', [id]);
    return detailOf(actor.id, await requirePlaylist(actor, id));
  }

  async function create(actor: TActor, input: TSave): Promise<TPlaylistDetail> {
    await access.requireAccess(actor, 'playlist.create');
    await requireContent(actor, input.items);
    const row = await repo.insert({ ownerId: actor.id, name: input.name, items: input.items });
    return detailOf(actor.id, row);
  }

  /** Renames and/or replaces the items; every save bumps the version. An empty change saves nothing. */
  async function update(actor: TActor, id: string, input: TUpdate): Promise<TPlaylistDetail> {
    await access.requireAccess(actor, 'playlist.update', [id]);
    if (input.items) await requireContent(actor, input.items);
    if (input.name === undefined && input.items === undefined) return get(actor, id);
    const saved = await repo.update(actor.id, id, { name: input.name, items: input.items });
    if (!saved) throw notFound('That playlist');
    // Committed: every TV playing the playlist fetches its manifest again.
    changes.publishContent(saved.adSpaceIds);
    return detailOf(actor.id, saved.row);
  }

  /** A new playlist with the same items, named "<name> (copy)" unless a name is given. */
  async function duplicate(actor: TActor, id: string, input: TDuplicate): Promise<TPlaylistDetail> {
    await access.requireAccess(actor, 'playlist.read', [id]);
    await access.requireAccess(actor, 'playlist.create');
    const source = await requirePlaylist(actor, id);
    const row = await repo.insert({
      ownerId: actor.id,
      name: input.name ?? copyName(source.name),
      items: ZPlaylistItems.parse(source.items),
    });
    return detailOf(actor.id, row);
  }

  /** Refused (409 `in-use`, naming them) while an ad space or a schedule entry plays it. */
  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'playlist.delete', [id]);
    const { name } = await requirePlaylist(actor, id);
    const refuse = async () => {
      const references = await findReferences(actor.id, id);
      return new AppError('in-use', inUseMessage(name, references), { references });
    };
    if ((await findReferences(actor.id, id)).length > 0) throw await refuse();
    const outcome = await repo.delete(actor.id, id);
    if (outcome === 'in-use') throw await refuse();
    if (outcome === 'not-found') throw notFound('That playlist');
  }

  /** The content reference check: the owner's playlists that name the item. */
  async function findContentUsers(item: TReferencedItem): Promise<TContentReference[]> {
    const users = await repo.findUsersOfContent(item.ownerId, item.id);
    return users.map((found) => ({ kind: 'playlist', id: found.id, name: found.name }));
  }

  return { list, get, create, update, duplicate, remove, findContentUsers };
}

export type TPlaylistsService = ReturnType<typeof createPlaylistsService>;

/**
 * Images count their duration, ad slots their length, videos the length the library knows
 * (0 when it does not). Summed in milliseconds so that seconds add up exactly.
 */
function totalSeconds(items: readonly TPlaylistItem[], library: Map<string, TContentItem>) {
  let totalMs = 0;
  for (const item of items) {
    if (item.type === 'adSlot') totalMs += item.lengthSeconds * 1000;
    else if (item.kind === 'image') totalMs += item.durationSeconds * 1000;
    else totalMs += library.get(item.contentId)?.durationMs ?? 0;
  }
  return totalMs / 1000;
}

/** The ad slots' lengths, which a TV on a screen without monetization skips. */
function adSlotSeconds(items: readonly TPlaylistItem[]) {
  let totalMs = 0;
  for (const item of items) if (item.type === 'adSlot') totalMs += item.lengthSeconds * 1000;
  return totalMs / 1000;
}

/** The library items the playlist names, each once, in the order they first appear. */
function contentInOrder(
  items: readonly TPlaylistItem[],
  library: Map<string, TContentItem>,
): TContentItem[] {
  const seen = new Set<string>();
  const found: TContentItem[] = [];
  for (const item of items) {
    if (item.type !== 'content' || seen.has(item.contentId)) continue;
    seen.add(item.contentId);
    const stored = library.get(item.contentId);
    if (stored) found.push(stored);
  }
  return found;
}

/** "<name> (copy)", the name shortened (by whole characters) to keep it within the limit. */
export function copyName(name: string): string {
  const characters = Array.from(name);
  while (characters.join('').length + COPY_SUFFIX.length > NAME_MAX) characters.pop();
  return ZPlaylistName.parse(`${characters.join('').trimEnd()}${COPY_SUFFIX}`);
}

const article = (kind: 'image' | 'video') => (kind === 'image' ? 'an image' : 'a video');

function inUseMessage(name: string, references: readonly TReference[]): string {
  const label = { adSpace: 'ad space', scheduleEntry: 'schedule entry' } as const;
  const named = references
    .slice(0, 3)
    .map((reference) =>
      reference.kind === 'adSpace' || reference.kind === 'scheduleEntry'
        ? `${label[reference.kind]} “${reference.name}”`
        : `“${reference.name}”`,
    )
    .join(', ');
  const more = references.length > 3 ? ` and ${references.length - 3} more` : '';
  const steps = [
    references.some((reference) => reference.kind === 'adSpace')
      ? 'choose another default playlist for those ad spaces'
      : null,
    references.some((reference) => reference.kind === 'scheduleEntry')
      ? 'remove those schedule entries'
      : null,
  ].filter((step) => step !== null);
  return `“${name}” is played by ${named}${more}. First ${steps.join(' and ')}, then delete it.`;
}
