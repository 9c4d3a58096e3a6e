import type { z } from 'zod';
import {
  SCREEN_GROUPS_MAX,
  type TScreenGroup,
  type TScreenGroupList,
  type ZCreateScreenGroup,
  type ZUpdateScreenGroup,
} from '@screenline/shared/screen-group';
import { AppError, notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type {
  TScreenGroupQueries,
  TScreenGroupRow,
  TScreenGroupsRepository,
} from './screen-groups.repository';

type TCreate = z.output<typeof ZCreateScreenGroup>;
type TUpdate = z.output<typeof ZUpdateScreenGroup>;

/**
 * Changes a group's membership inside the caller's transaction and keeps its spaces' TVs honest:
 * when the group has schedule entries, every space that joined or left plays something else, so
 * its content version is bumped (and, for those that joined, the entry limit checked). Answers
 * the spaces to publish on the player change bus once the transaction commits.
 */
export async function changeMembership(
  tx: TScreenGroupQueries,
  groupId: string,
  change: () => Promise<void>,
  path: string,
): Promise<string[]> {
  const before = new Set(await tx.memberIdsOf(groupId));
  await change();
  if (!(await tx.hasEntries(groupId))) return [];
  const after = new Set(await tx.memberIdsOf(groupId));
  const joined = [...after].filter((id) => !before.has(id));
  const left = [...before].filter((id) => !after.has(id));
  const moved = await tx.bumpContentVersion([...joined, ...left]);
  await tx.requireWithinEntryLimit(joined, path);
  return moved;
}

const kindRefusal = (path: string, message: string) =>
  new AppError('validation-failed', message, { fields: [{ path, message }] });

/**
 * Screen groups (issue 23 item 1): a static set of an owner's ad spaces, or a saved tag query. A
 * schedule entry on a group plays on every member; each change of membership re-notifies the
 * TVs of the spaces that joined or left.
 */
export function createScreenGroupsService(
  repo: TScreenGroupsRepository,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  async function list(actor: TActor): Promise<TScreenGroupList> {
    await access.requireAccess(actor, 'screenGroup.list');
    return { items: await views(await repo.list(actor.id)) };
  }

  async function get(actor: TActor, id: string): Promise<TScreenGroup> {
    await access.requireAccess(actor, 'screenGroup.read', [id]);
    return view(actor.id, id);
  }

  async function create(actor: TActor, input: TCreate): Promise<TScreenGroup> {
    await access.requireAccess(actor, 'screenGroup.create');
    if (input.kind === 'static' && input.adSpaceIds.length > 0) {
      await access.requireAccess(actor, 'adSpace.read', input.adSpaceIds);
    }
    if ((await repo.countOf(actor.id)) >= SCREEN_GROUPS_MAX) {
      throw kindRefusal(
        'body.name',
        `An owner keeps at most ${SCREEN_GROUPS_MAX} groups; delete one first.`,
      );
    }
    // A new group has no schedule entries: nothing plays differently yet.
    const id = await repo.transaction(async (tx) => {
      const created = await tx.insert(actor.id, {
        name: input.name,
        kind: input.kind,
        tags: input.kind === 'tags' ? input.tags : [],
      });
      if (input.kind === 'static') await tx.addMembers(created, input.adSpaceIds);
      return created;
    });
    return view(actor.id, id);
  }

  async function update(actor: TActor, id: string, input: TUpdate): Promise<TScreenGroup> {
    await access.requireAccess(actor, 'screenGroup.update', [id]);
    if (input.adSpaceIds && input.adSpaceIds.length > 0) {
      await access.requireAccess(actor, 'adSpace.read', input.adSpaceIds);
    }
    const moved = await repo.transaction(async (tx) => {
      const group = await tx.lockById(actor.id, id);
      if (!group) throw notFound('That screen group');
      // A group keeps its kind: members are a static group's, tags a tag group's.
      if (input.adSpaceIds !== undefined && group.kind !== 'static') {
        throw kindRefusal('body.adSpaceIds', 'A tag group’s members follow its tags.');
      }
      if (input.tags !== undefined && group.kind !== 'tags') {
        throw kindRefusal('body.tags', 'A static group has members, not tags.');
      }
      const path = input.tags === undefined ? 'body.adSpaceIds' : 'body.tags';
      return changeMembership(
        tx,
        id,
        async () => {
          await tx.update(id, { name: input.name, tags: input.tags });
          if (input.adSpaceIds !== undefined) await tx.setMembers(id, input.adSpaceIds);
        },
        path,
      );
    });
    changes.publishContent(moved);
    return view(actor.id, id);
  }

  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'screenGroup.delete', [id]);
    // Its entries go with it (the web app says so before asking): its spaces play without them.
    const moved = await repo.transaction(async (tx) => {
      const group = await tx.lockById(actor.id, id);
      if (!group) throw notFound('That screen group');
      const members = (await tx.hasEntries(id)) ? await tx.memberIdsOf(id) : [];
      const bumped = await tx.bumpContentVersion(members);
      await tx.deleteById(id);
      return bumped;
    });
    changes.publishContent(moved);
  }

  async function view(ownerId: string, id: string): Promise<TScreenGroup> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound('That screen group');
    const [found] = await views([row]);
    if (!found) throw notFound('That screen group');
    return found;
  }

  /** The groups with their members: one query for all the members. */
  async function views(rows: readonly TScreenGroupRow[]): Promise<TScreenGroup[]> {
    const members = await repo.findMembers(rows.map((row) => row.group.id));
    return rows.map(({ group, scheduleEntryCount }) => ({
      id: group.id,
      name: group.name,
      kind: group.kind,
      tags: group.tags,
      members: members
        .filter((member) => member.groupId === group.id)
        .map((member) => ({ id: member.id, name: member.name })),
      scheduleEntryCount: Number(scheduleEntryCount),
      createdAt: group.createdAt.toISOString(),
      updatedAt: group.updatedAt.toISOString(),
    }));
  }

  return { list, get, create, update, remove };
}

export type TScreenGroupsService = ReturnType<typeof createScreenGroupsService>;
