import { z } from 'zod';
import {
  type TScheduleEntryList,
  type TScheduleEntryView,
  type ZCreateScheduleEntry,
  type ZScheduleEntryListQuery,
  type ZUpdateScheduleEntry,
} from '@screenline/shared/schedule';
import { AppError, notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type {
  TScheduleEntriesRepository,
  TScheduleEntryRow,
  TScheduleFields,
} from './schedule-entries.repository';
import { ZId } from '@screenline/shared/id';

type TListQuery = z.output<typeof ZScheduleEntryListQuery>;
type TCreate = z.output<typeof ZCreateScheduleEntry>;
type TUpdate = z.output<typeof ZUpdateScheduleEntry>;

/** Where a page ended: the last entry's first day and its id. */
const ZCursor = z.object({ firstDay: z.iso.date(), id: ZId });

const DAY_ORDER = 'The last day cannot be before the first day.';

/**
 * Schedule entries (issue 7 items 5–7): which playlist an ad space plays on which local days and
 * hours. The semantics are packages/playback's (docs/schedule.md); this service stores entries
 * and keeps every ad space's content version honest: each create, update and delete bumps it in
 * the same transaction.
 */
export function createScheduleEntriesService(
  repo: TScheduleEntriesRepository,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  async function list(actor: TActor, query: TListQuery): Promise<TScheduleEntryList> {
    await access.requireAccess(actor, 'scheduleEntry.list');
    // Naming another owner's space or playlist is "not found", as everywhere else.
    if (query.adSpaceId) await access.requireAccess(actor, 'adSpace.read', [query.adSpaceId]);
    if (query.groupId) await access.requireAccess(actor, 'screenGroup.read', [query.groupId]);
    if (query.playlistId) await access.requireAccess(actor, 'playlist.read', [query.playlistId]);
    const after = query.cursor ? decodeCursor(ZCursor, query.cursor) : undefined;
    const rows = await repo.list(actor.id, {
      adSpaceId: query.adSpaceId,
      groupId: query.groupId,
      playlistId: query.playlistId,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toView),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZCursor, { firstDay: last.entry.firstDay, id: last.entry.id })
          : null,
    };
  }

  async function get(actor: TActor, id: string): Promise<TScheduleEntryView> {
    await access.requireAccess(actor, 'scheduleEntry.read', [id]);
    return toView(await requireEntry(actor, id));
  }

  async function create(actor: TActor, input: TCreate): Promise<TScheduleEntryView> {
    await access.requireAccess(actor, 'scheduleEntry.create');
    const { adSpaceId, groupId, ...fields } = input;
    // The schema lets exactly one of the two through.
    const target = adSpaceId !== undefined ? { adSpaceId } : { groupId: groupId ?? '' };
    if (target.adSpaceId !== undefined) {
      await access.requireAccess(actor, 'adSpace.read', [target.adSpaceId]);
    } else {
      await access.requireAccess(actor, 'screenGroup.read', [target.groupId]);
    }
    await access.requireAccess(actor, 'playlist.read', [input.playlistId]);
    const created = await repo.insert({ ownerId: actor.id, ...fields, ...target });
    if (!created) throw notFound('That ad space, group or playlist');
    // Committed: the TVs of every space it plays on fetch their manifest again.
    changes.publishContent(created.adSpaceIds);
    return get(actor, created.id);
  }

  /** Merges the change into the stored entry, then checks the day order of the result. */
  async function update(actor: TActor, id: string, input: TUpdate): Promise<TScheduleEntryView> {
    await access.requireAccess(actor, 'scheduleEntry.update', [id]);
    if (input.playlistId) await access.requireAccess(actor, 'playlist.read', [input.playlistId]);
    const { entry } = await requireEntry(actor, id);
    const merged: TScheduleFields = {
      playlistId: input.playlistId ?? entry.playlistId,
      firstDay: input.firstDay ?? entry.firstDay,
      lastDay: input.lastDay === undefined ? entry.lastDay : input.lastDay,
      weekdays: input.weekdays ?? entry.weekdays,
      startTime: input.startTime ?? entry.startTime,
      endTime: input.endTime ?? entry.endTime,
      priority: input.priority ?? entry.priority,
    };
    // YYYY-MM-DD strings compare like the days they name.
    if (merged.lastDay !== null && merged.lastDay < merged.firstDay) {
      const path = input.lastDay === undefined ? 'body.firstDay' : 'body.lastDay';
      throw new AppError('validation-failed', DAY_ORDER, {
        fields: [{ path, message: DAY_ORDER }],
      });
    }
    // A change of nothing is no change: the entry keeps its place in the tie-break.
    if (Object.keys(input).length === 0) return toView(await requireEntry(actor, id));
    const outcome = await repo.update(actor.id, id, merged);
    if (outcome === 'not-found') throw notFound('That schedule entry');
    if (outcome === 'missing-reference') throw notFound('That playlist');
    changes.publishContent(outcome);
    return get(actor, id);
  }

  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'scheduleEntry.delete', [id]);
    const adSpaceIds = await repo.delete(actor.id, id);
    if (!adSpaceIds) throw notFound('That schedule entry');
    changes.publishContent(adSpaceIds);
  }

  async function requireEntry(actor: TActor, id: string): Promise<TScheduleEntryRow> {
    const row = await repo.findById(actor.id, id);
    if (!row) throw notFound('That schedule entry');
    return row;
  }

  return { list, get, create, update, remove };
}

export type TScheduleEntriesService = ReturnType<typeof createScheduleEntriesService>;

function toView({ entry, playlistName, groupName }: TScheduleEntryRow): TScheduleEntryView {
  return {
    id: entry.id,
    adSpaceId: entry.adSpaceId,
    groupId: entry.groupId,
    groupName,
    playlistId: entry.playlistId,
    playlistName,
    firstDay: entry.firstDay,
    lastDay: entry.lastDay,
    weekdays: entry.weekdays,
    startTime: entry.startTime,
    endTime: entry.endTime,
    priority: entry.priority,
    updatedAt: entry.updatedAt.toISOString(),
    createdAt: entry.createdAt.toISOString(),
  };
}
