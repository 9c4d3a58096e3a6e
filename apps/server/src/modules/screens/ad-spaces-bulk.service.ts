import type { z } from 'zod';
import {
  AD_SPACE_TAGS_MAX,
  type TBulkAdSpaceResult,
  type ZBulkAdSpaceRequest,
} from '@screenline/shared/screen-group';
import { AppError, notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TAdSpaceQueries, TAdSpacesRepository } from './ad-spaces.repository';
import type { TScreenGroupsRepository } from './screen-groups.repository';
import { changeMembership } from './screen-groups.service';

type TRequest = z.output<typeof ZBulkAdSpaceRequest>;

/**
 * The group entries that play on each space, as one comparable string per space: a tag change
 * that takes a space into or out of a tag group with entries changes what it plays.
 */
export async function groupEntriesOf(
  tx: TAdSpaceQueries,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const bySpace = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of await tx.findEntries(ids)) {
    if (row.entry.groupId !== null) bySpace.get(row.adSpaceId)?.push(row.entry.id);
  }
  return new Map([...bySpace].map(([id, entries]) => [id, entries.sort().join(',')]));
}

/**
 * One change to several ad spaces at once (issue 23 item 1): all or nothing. Every space named
 * must be the caller's (`adSpace.update` on each: one of another owner's makes the whole call
 * "not found" and changes nothing), as must the playlist or group it names.
 */
export function createAdSpacesBulkService(
  repo: TAdSpacesRepository,
  groups: TScreenGroupsRepository,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  async function apply(actor: TActor, request: TRequest): Promise<TBulkAdSpaceResult> {
    const { adSpaceIds: ids, action } = request;
    await access.requireAccess(actor, 'adSpace.update', ids);
    let notified: string[];
    switch (action.kind) {
      case 'set-default-playlist': {
        if (action.playlistId) {
          await access.requireAccess(actor, 'playlist.read', [action.playlistId]);
        }
        notified = await repo.transaction(async (tx) => {
          const spaces = await tx.lockByIds(actor.id, ids);
          await tx.updateMany(actor.id, ids, { defaultPlaylistId: action.playlistId });
          return tx.bumpContentVersions(
            spaces
              .filter((space) => space.defaultPlaylistId !== action.playlistId)
              .map((space) => space.id),
          );
        });
        break;
      }
      case 'add-tag':
      case 'remove-tag': {
        notified = await repo.transaction(async (tx) => {
          const spaces = await tx.lockByIds(actor.id, ids);
          const before = await groupEntriesOf(tx, ids);
          for (const space of spaces) {
            const tags =
              action.kind === 'add-tag'
                ? [...new Set([...space.tags, action.tag])].sort()
                : space.tags.filter((tag) => tag !== action.tag);
            if (tags.length > AD_SPACE_TAGS_MAX) {
              const message = `${space.name} already has ${AD_SPACE_TAGS_MAX} tags.`;
              throw new AppError('validation-failed', message, {
                fields: [{ path: 'body.action.tag', message }],
              });
            }
            if (tags.join('\n') !== space.tags.join('\n')) {
              await tx.updateMany(actor.id, [space.id], { tags });
            }
          }
          const after = await groupEntriesOf(tx, ids);
          const moved = ids.filter((id) => before.get(id) !== after.get(id));
          await tx.requireWithinEntryLimit(moved, 'body.action.tag');
          return tx.bumpContentVersions(moved);
        });
        break;
      }
      case 'add-to-group': {
        await access.requireAccess(actor, 'screenGroup.update', [action.groupId]);
        notified = await groups.transaction(async (tx) => {
          const group = await tx.lockById(actor.id, action.groupId);
          if (!group) throw notFound('That screen group');
          if (group.kind !== 'static') {
            const message = 'A tag group’s members follow its tags: add the tag instead.';
            throw new AppError('validation-failed', message, {
              fields: [{ path: 'body.action.groupId', message }],
            });
          }
          return changeMembership(
            tx,
            group.id,
            () => tx.addMembers(group.id, ids),
            'body.adSpaceIds',
          );
        });
        break;
      }
    }
    // Committed: the TVs of the spaces whose play changed fetch their manifest again; a tag or
    // a name is not in the manifest, so the others are left alone.
    changes.publishContent(notified);
    return { adSpaceIds: ids, notifiedAdSpaceIds: notified };
  }

  return { apply };
}
