import type { TPlayerAdSpace } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { createAdSpacesRepository, type TAdSpaceWithNames } from './ad-spaces.repository';

/**
 * The screens module's facade for the TV player (modules/player): an owner's ad spaces as the
 * TV's setup shows them, name and linked location. It reads; it checks no access: the caller has
 * already required a permission that covers the owner's spaces or the named one.
 */
export function createAdSpaceDirectory(db: TDb) {
  const repo = createAdSpacesRepository(db);
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
  };
}

export type TAdSpaceDirectory = ReturnType<typeof createAdSpaceDirectory>;

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
