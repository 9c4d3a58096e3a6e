import type { z } from 'zod';
import {
  adSpaceStatusOf,
  type TAdSpace,
  type TAdSpacePlayer,
  type TAdSpaceList,
  type ZAdSpaceListQuery,
  type ZCreateAdSpace,
  type ZUpdateAdSpace,
} from '@screenline/shared/ad-space';
import type { TReference } from '@screenline/shared/errors';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import type { TPlayedAd } from '@screenline/shared/proof-of-play';
import type { TPlaying } from '@screenline/shared/schedule';
import { scheduleEntryLabel } from '@screenline/shared/schedule-label';
import {
  createScheduleResolver,
  resolveLocalDateTime,
} from '@screenline/playback/schedule-resolver';
import { isOnAt } from '@screenline/playback/power-schedule';
import { AppError, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TContentDirectory } from '../content/content-directory';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { contentVersionOf } from './content-versions';
import type {
  TAdSpaceColumns,
  TAdSpacesRepository,
  TAdSpaceWithNames,
  TEntryWithName,
} from './ad-spaces.repository';
import { ZNameCursor } from './name-order';
import { explainPlaying } from './playing-explanation';
import { readPowerSchedule } from './power-schedule';
import { toScheduleRule } from './schedule-rule';
import { inUseMessage } from './screens-messages';
import { groupEntriesOf } from './ad-spaces-bulk.service';
import { isId } from '@screenline/shared/id';

/**
 * What the ad spaces page needs of the TVs' heartbeats (the newest of the TV playing a space), declared here and handed in by app.ts
 * (modules/player/player-directory.ts answers it): the player module builds on screens, so
 * screens names no player file (test/module-graph.test.ts).
 */
export interface TLatestHeartbeat {
  deviceId: string;
  deviceName: string | null;
  lastSeenAt: Date;
  heartbeat: TPlayerHeartbeat;
}
export interface THeartbeatSource {
  /** Per ad space, the heartbeat of its signed-in TV seen last. */
  latestHeartbeats(adSpaceIds: readonly string[]): Promise<Map<string, TLatestHeartbeat>>;
}

/**
 * What the ad spaces page needs to name the buyer's ad a TV says is on screen, declared here and
 * handed in by app.ts (modules/campaigns/campaign-reads.ts answers it from the fill the TV's
 * manifest carried): the campaigns module builds on screens, so screens names no campaigns file.
 */
export interface TAdsOnScreenSource {
  /** Per ad space of the owner's, the campaign (and its buyer) whose creative the TV shows. */
  adsOnScreen(
    ownerId: string,
    screens: readonly { adSpaceId: string; manifestVersion: string; contentId: string }[],
  ): Promise<Map<string, TPlayedAd>>;
}

type TListQuery = z.output<typeof ZAdSpaceListQuery>;
type TCreate = z.output<typeof ZCreateAdSpace>;
type TUpdate = z.output<typeof ZUpdateAdSpace>;

/** Ad spaces (issue 7 item 2): each owner sees and changes only their own. */
export function createAdSpacesService(
  repo: TAdSpacesRepository,
  access: TAccessPolicy,
  deps: {
    /** Publishes changes to the TVs after each commit. */
    changes: TPlayerChangeBus;
    /** What the TVs last reported, for `player` (the player module's directory, from app.ts). */
    players: THeartbeatSource;
    /** Names of the buyers' ads on screen (the campaigns module's reads, from app.ts). */
    campaigns: TAdsOnScreenSource;
    /** Names of what the TVs say is on screen. */
    content: TContentDirectory;
  },
) {
  const { changes, players, campaigns, content } = deps;

  /**
   * The `player` of each space, from its TV's newest heartbeat: one query for the spaces and one
   * for the names of what they show, however many there are.
   */
  async function playersOf(
    ownerId: string,
    spaces: readonly TAdSpaceWithNames['adSpace'][],
  ): Promise<Map<string, TAdSpacePlayer>> {
    const latest = await players.latestHeartbeats(spaces.map((space) => space.id));
    const contentIds = [...latest.values()].flatMap(({ heartbeat }) =>
      heartbeat.nowPlaying?.contentId ? [heartbeat.nowPlaying.contentId] : [],
    );
    // What is not in the owner's library may be a buyer's ad the TV was offered (issue 21 item 2).
    const adScreens = [...latest.entries()].flatMap(([adSpaceId, { heartbeat }]) => {
      const contentId = heartbeat.nowPlaying?.contentId;
      const { manifestVersion } = heartbeat;
      return contentId && manifestVersion && isId(contentId)
        ? [{ adSpaceId, manifestVersion, contentId }]
        : [];
    });
    const [names, ads] = await Promise.all([
      contentIds.length > 0
        ? content
            .findForPlaylist(ownerId, contentIds)
            .then((items) => new Map(items.map((item) => [item.id, item.name])))
        : new Map<string, string>(),
      campaigns.adsOnScreen(ownerId, adScreens),
    ]);
    const found = new Map<string, TAdSpacePlayer>();
    for (const space of spaces) {
      const beat = latest.get(space.id);
      if (beat) {
        found.set(space.id, toPlayer(beat, space.contentVersion, names, ads.get(space.id) ?? null));
      }
    }
    return found;
  }

  async function list(actor: TActor, query: TListQuery): Promise<TAdSpaceList> {
    await access.requireAccess(actor, 'adSpace.list');
    if (query.locationId) await access.requireAccess(actor, 'location.read', [query.locationId]);
    const after = query.cursor ? decodeCursor(ZNameCursor, query.cursor) : undefined;
    const rows = await repo.list(actor.id, {
      search: query.q,
      locationId: query.locationId,
      tag: query.tag,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    // One query for the whole page's entries; what each space plays is resolved in memory.
    const [entryRows, playerOf] = await Promise.all([
      repo.findEntries(page.map((row) => row.adSpace.id)),
      playersOf(
        actor.id,
        page.map((row) => row.adSpace),
      ),
    ]);
    const entries = groupBySpace(entryRows);
    const at = Date.now();
    return {
      items: page.map((row) =>
        toAdSpace(row, entries.get(row.adSpace.id) ?? [], at, playerOf.get(row.adSpace.id) ?? null),
      ),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZNameCursor, { name: last.sortName, id: last.adSpace.id })
          : null,
    };
  }

  async function get(actor: TActor, id: string): Promise<TAdSpace> {
    await access.requireAccess(actor, 'adSpace.read', [id]);
    return view(actor.id, id);
  }

  async function create(actor: TActor, input: TCreate): Promise<TAdSpace> {
    await access.requireAccess(actor, 'adSpace.create');
    await requireNamedIds(actor, input);
    const id = await repo.insert(actor.id, input);
    return view(actor.id, id);
  }

  async function update(actor: TActor, id: string, input: TUpdate): Promise<TAdSpace> {
    await access.requireAccess(actor, 'adSpace.update', [id]);
    await requireNamedIds(actor, input);
    await repo.transaction(async (tx) => {
      const current = await tx.lockById(actor.id, id);
      if (!current) throw notFound('That ad space');
      const groupEntriesBefore = (await groupEntriesOf(tx, [id])).get(id);
      await tx.update(actor.id, id, input);
      // Another default playlist, another location (its zone moves every window), or tags that
      // take it into or out of a tag group with entries change what the screen plays.
      const isPlayChanged =
        (input.defaultPlaylistId !== undefined &&
          input.defaultPlaylistId !== current.defaultPlaylistId) ||
        (input.locationId !== undefined && input.locationId !== current.locationId) ||
        (input.tags !== undefined &&
          groupEntriesBefore !== (await groupEntriesOf(tx, [id])).get(id));
      if (isPlayChanged) await tx.bumpContentVersion(id);
      if (input.tags !== undefined) await tx.requireWithinEntryLimit([id]);
    });
    // Committed. Its name, orientation and resolution are in the manifest too: always tell.
    changes.publishContent([id]);
    return view(actor.id, id);
  }

  async function remove(
    actor: TActor,
    id: string,
    options: { removeSchedule: boolean },
  ): Promise<void> {
    await access.requireAccess(actor, 'adSpace.delete', [id]);
    await repo.transaction(async (tx) => {
      const current = await tx.lockById(actor.id, id);
      if (!current) throw notFound('That ad space');
      // Its groups' entries stay: they play on the groups' other spaces.
      const entries = (await tx.findEntries([id])).filter((row) => row.entry.adSpaceId === id);
      if (entries.length > 0 && !options.removeSchedule) {
        const references = entries.map((row): TReference => ({
          kind: 'scheduleEntry',
          id: row.entry.id,
          name: entryName(row),
        }));
        throw new AppError(
          'in-use',
          inUseMessage(current.name, references, {
            what: ['schedule entry', 'schedule entries'],
            then: [
              'Remove it from the schedule first, or delete the ad space with its schedule.',
              'Remove them from the schedule first, or delete the ad space with its schedule.',
            ],
          }),
          { references },
        );
      }
      await tx.deleteEntriesOf(id);
      await tx.deleteById(actor.id, id);
    });
    // Committed: the space's TVs lost their token (device.ad_space_id is now null); their cached
    // lookups, manifest and event streams go on every instance.
    changes.publish({ kind: 'revoke', adSpaceIds: [id] });
  }

  /**
   * What the space plays at the local date-time `at` (`YYYY-MM-DDTHH:mm` at its location), or
   * now, with the reasons.
   */
  async function playing(actor: TActor, id: string, at: string | undefined): Promise<TPlaying> {
    await access.requireAccess(actor, 'adSpace.read', [id]);
    const row = await repo.findById(actor.id, id);
    if (!row) throw notFound('That ad space');
    const entries = await repo.findEntries([id]);
    const { timeZone } = row.location;
    // The instant the local time means there, and how it was read (a gap moves it forward).
    const local = at === undefined ? null : resolveLocalDateTime(at, timeZone);
    const epochMs = local ? local.epochMs : Date.now();
    const explained = resolverOf(row, entries).explainAt(epochMs);
    const names = playlistNames(row, entries);
    return {
      at: explained.at,
      localTime: explained.localTime,
      timeZone: explained.timeZone,
      source: explained.source,
      playlistId: explained.playlistId,
      scheduleEntryId: explained.scheduleEntryId,
      playlistName: names.get(explained.playlistId ?? '') ?? null,
      explanation: explainPlaying({
        explained,
        requested: at && local ? { localDateTime: at, adjustment: local.adjustment } : null,
        entryNames: new Map(entries.map((entry) => [entry.entry.id, entryName(entry)])),
        playlistNames: names,
      }),
    };
  }

  /** The location and the default playlist a create or update names must be the caller's. */
  async function requireNamedIds(actor: TActor, input: Partial<TAdSpaceColumns>) {
    if (input.locationId) await access.requireAccess(actor, 'location.read', [input.locationId]);
    if (input.defaultPlaylistId) {
      await access.requireAccess(actor, 'playlist.read', [input.defaultPlaylistId]);
    }
  }

  async function view(ownerId: string, id: string): Promise<TAdSpace> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound('That ad space');
    const [entries, playerOf] = await Promise.all([
      repo.findEntries([id]),
      playersOf(ownerId, [row.adSpace]),
    ]);
    return toAdSpace(row, entries, Date.now(), playerOf.get(id) ?? null);
  }

  function toAdSpace(
    row: TAdSpaceWithNames,
    entries: TEntryWithName[],
    nowMs: number,
    player: TAdSpacePlayer | null,
  ): TAdSpace {
    const space = row.adSpace;
    const playing = resolverOf(row, entries).playingAt(nowMs);
    return {
      id: space.id,
      name: space.name,
      location: row.location,
      orientation: space.orientation,
      resolutionWidth: space.resolutionWidth,
      resolutionHeight: space.resolutionHeight,
      defaultPlaylist:
        space.defaultPlaylistId !== null && row.defaultPlaylistName !== null
          ? { id: space.defaultPlaylistId, name: row.defaultPlaylistName }
          : null,
      tags: space.tags,
      status: adSpaceStatusOf(
        space.lastSeenAt,
        nowMs,
        isOnAt(readPowerSchedule(space.powerSchedule), row.location.timeZone, nowMs),
      ),
      lastSeenAt: space.lastSeenAt ? space.lastSeenAt.toISOString() : null,
      contentVersion: space.contentVersion,
      playing: {
        ...playing,
        playlistName: playlistNames(row, entries).get(playing.playlistId ?? '') ?? null,
      },
      scheduleEntryCount: entries.length,
      player,
      createdAt: space.createdAt.toISOString(),
      updatedAt: space.updatedAt.toISOString(),
    };
  }

  return { list, get, create, update, remove, playing };
}

export type TAdSpacesService = ReturnType<typeof createAdSpacesService>;

function resolverOf(row: TAdSpaceWithNames, entries: readonly TEntryWithName[]) {
  return createScheduleResolver({
    timeZone: row.location.timeZone,
    entries: entries.map(toScheduleRule),
    defaultPlaylistId: row.adSpace.defaultPlaylistId,
  });
}

/** What the ad spaces page shows of a TV, from its newest heartbeat. */
function toPlayer(
  { deviceId, deviceName, lastSeenAt, heartbeat }: TLatestHeartbeat,
  contentVersion: number,
  names: ReadonlyMap<string, string>,
  ad: TPlayedAd | null,
): TAdSpacePlayer {
  const { nowPlaying } = heartbeat;
  return {
    deviceId,
    deviceName,
    appVersion: heartbeat.appVersion,
    lastSeenAt: lastSeenAt.toISOString(),
    manifestVersion: heartbeat.manifestVersion,
    isUpToDate: contentVersionOf(heartbeat.manifestVersion) === contentVersion,
    cache: heartbeat.cache,
    storage: heartbeat.storage,
    nowPlaying: nowPlaying
      ? {
          playlistId: nowPlaying.playlistId,
          contentId: nowPlaying.contentId,
          contentName: nowPlaying.contentId ? (names.get(nowPlaying.contentId) ?? null) : null,
          ad,
          startedAt: nowPlaying.startedAt,
        }
      : null,
  };
}

/** Playlist id → name, for every playlist the space can play. */
function playlistNames(row: TAdSpaceWithNames, entries: readonly TEntryWithName[]) {
  const names = new Map(entries.map((entry) => [entry.entry.playlistId, entry.playlistName]));
  const { defaultPlaylistId } = row.adSpace;
  if (defaultPlaylistId !== null && row.defaultPlaylistName !== null) {
    names.set(defaultPlaylistId, row.defaultPlaylistName);
  }
  return names;
}

function entryName(row: TEntryWithName): string {
  return scheduleEntryLabel({ ...row.entry, playlistName: row.playlistName });
}

function groupBySpace(entries: readonly TEntryWithName[]): Map<string, TEntryWithName[]> {
  const bySpace = new Map<string, TEntryWithName[]>();
  for (const entry of entries) {
    const list = bySpace.get(entry.adSpaceId);
    if (list) list.push(entry);
    else bySpace.set(entry.adSpaceId, [entry]);
  }
  return bySpace;
}
