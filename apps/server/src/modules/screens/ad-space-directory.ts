import type { TPlayerAdSpace } from '@screenline/shared/player';
import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { adSpace, location } from '../../db/schema/index';
import { ZPlaylistItems } from '@screenline/shared/playlist';
import { createAdSpacesRepository, type TAdSpaceWithNames } from './ad-spaces.repository';
import { bumpContentVersion } from './content-version.repository';
import { createPlaylistsRepository } from './playlists.repository';
import { readPowerSchedule } from './power-schedule';
import { toScheduleRule } from './schedule-rule';

/**
 * The screens module's facade for the TV player (modules/player): an owner's ad spaces as the
 * TV's setup shows them, name and linked location. It reads; it checks no access: the caller has
 * already required a permission that covers the owner's spaces or the named one.
 */
export function createAdSpaceDirectory(db: TDb) {
  const repo = createAdSpacesRepository(db);
  const playlists = createPlaylistsRepository(db);
  return {
    /** All of the owner's ad spaces, by name. */
    async listForPlayer(ownerId: string): Promise<TPlayerAdSpace[]> {
      return (await repo.listAll(ownerId)).map(toPlayerAdSpace);
    },

    /** The owner's ad space, or null when it is not theirs or no longer exists. */
    async findForPlayer(ownerId: string, id: string): Promise<TPlayerAdSpace | null> {
      const row = await repo.findById(ownerId, id);
      return row ? toPlayerAdSpace(row) : null;
    },

    /**
     * The owner's playlists among `ids` with their items, as the manifest carries them (an
     * emergency takeover's playlist, issue 23 item 6). Others' and deleted ones are left out.
     */
    async findPlaylists(ownerId: string, ids: readonly string[]) {
      const rows = await playlists.findByIds(ownerId, [...new Set(ids)]);
      return rows.map((playlist) => ({
        id: playlist.id,
        name: playlist.name,
        version: playlist.version,
        items: ZPlaylistItems.parse(playlist.items),
      }));
    },

    /**
     * What the TV's manifest is made of (modules/player/manifest.ts): the space with its
     * location, its schedule entries (as the resolver reads them), and every playlist the schedule or the default can reach,
     * with its items. Three queries; null when the space is not the owner's or is gone.
     */
    async findForManifest(ownerId: string, id: string) {
      const row = await repo.findById(ownerId, id);
      if (!row) return null;
      const entries = (await repo.findEntries([id])).map(toScheduleRule);
      const playlistIds = new Set(entries.map((entry) => entry.playlistId));
      if (row.adSpace.defaultPlaylistId) playlistIds.add(row.adSpace.defaultPlaylistId);
      const rows = await playlists.findByIds(ownerId, [...playlistIds]);
      return {
        adSpace: { ...toPlayerAdSpace(row), ...pick(row.adSpace) },
        entries,
        playlists: rows.map((playlist) => ({
          id: playlist.id,
          name: playlist.name,
          version: playlist.version,
          // Stored as JSON: read with the schema it was written with.
          items: ZPlaylistItems.parse(playlist.items),
        })),
      };
    },
  };
}

export type TAdSpaceDirectory = ReturnType<typeof createAdSpaceDirectory>;

/**
 * For other modules whose changes alter what these spaces play (the marketplace's fill): bumps
 * their content version in the caller's transaction, so their TVs fetch a new manifest. Answers
 * the ids bumped, to publish on the player change bus once the transaction commits.
 */
export function bumpAdSpacesContentVersion(tx: TDb, adSpaceIds: readonly string[]) {
  return bumpContentVersion(tx, { adSpaceIds });
}

/** Each ad space's time zone (its location's), for other modules' reads in their transaction. */
export function timeZonesOf(tx: TDb, adSpaceIds: readonly string[]) {
  return tx
    .select({ id: adSpace.id, timeZone: location.timeZone })
    .from(adSpace)
    .innerJoin(location, eq(location.id, adSpace.locationId))
    .where(inArray(adSpace.id, [...adSpaceIds]));
}

function pick(space: TAdSpaceWithNames['adSpace']) {
  return {
    resolutionWidth: space.resolutionWidth,
    resolutionHeight: space.resolutionHeight,
    contentVersion: space.contentVersion,
    defaultPlaylistId: space.defaultPlaylistId,
    powerSchedule: readPowerSchedule(space.powerSchedule),
  };
}

function toPlayerAdSpace(row: TAdSpaceWithNames): TPlayerAdSpace {
  return {
    id: row.adSpace.id,
    name: row.adSpace.name,
    orientation: row.adSpace.orientation,
    location: {
      id: row.location.id,
      name: row.location.name,
      city: row.location.city,
      timeZone: row.location.timeZone,
    },
  };
}
