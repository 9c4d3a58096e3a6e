import type { z } from 'zod';
import type { TReference } from '@screenline/shared/errors';
import {
  type TLocation,
  type TLocationList,
  ZAudience,
  type ZCreateLocation,
  type ZListQuery,
  type ZUpdateLocation,
} from '@screenline/shared/location';
import { AppError, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TLocationColumns, TLocationRow, TLocationsRepository } from './locations.repository';
import { ZNameCursor } from './name-order';
import { inUseMessage, validationFailed } from './screens-messages';

type TListQuery = z.output<typeof ZListQuery>;
type TCreate = z.output<typeof ZCreateLocation>;
type TUpdate = z.output<typeof ZUpdateLocation>;

/** Locations (issue 7 item 1): each owner sees and changes only their own. */
export function createLocationsService(
  repo: TLocationsRepository,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
) {
  async function list(actor: TActor, query: TListQuery): Promise<TLocationList> {
    await access.requireAccess(actor, 'location.list');
    const after = query.cursor ? decodeCursor(ZNameCursor, query.cursor) : undefined;
    const rows = await repo.list(actor.id, {
      search: query.q,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toLocation(row.location, row.adSpaceCount)),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZNameCursor, { name: last.sortName, id: last.location.id })
          : null,
    };
  }

  async function get(actor: TActor, id: string): Promise<TLocation> {
    await access.requireAccess(actor, 'location.read', [id]);
    return view(actor.id, id);
  }

  async function create(actor: TActor, input: TCreate): Promise<TLocation> {
    await access.requireAccess(actor, 'location.create');
    const row = await repo.insert(actor.id, toColumns(input));
    return toLocation(row, 0);
  }

  async function update(actor: TActor, id: string, input: TUpdate): Promise<TLocation> {
    await access.requireAccess(actor, 'location.update', [id]);
    const changed = await repo.transaction(async (tx) => {
      const current = await tx.lockById(actor.id, id);
      if (!current) throw notFound('That location');
      // The schema checks the pair only when both come; a PATCH may send one of them.
      const latitude = input.latitude === undefined ? current.latitude : input.latitude;
      const longitude = input.longitude === undefined ? current.longitude : input.longitude;
      if ((latitude === null) !== (longitude === null)) {
        const field = latitude === null ? 'latitude' : 'longitude';
        throw validationFailed(`body.${field}`, 'Give both latitude and longitude, or neither.');
      }
      await tx.update(actor.id, id, toChangedColumns(input));
      // Schedules are wall-clock times in this zone: every space here now plays at other instants.
      if (input.timeZone !== undefined && input.timeZone !== current.timeZone) {
        return tx.bumpSpacesAt(id);
      }
      // The name and the city are in the manifests of the spaces here (the TV shows them).
      const isShownChanged =
        (input.name !== undefined && input.name !== current.name) ||
        (input.address !== undefined && input.address.city !== current.city);
      return isShownChanged ? (await tx.findAdSpaces(id)).map((space) => space.id) : [];
    });
    // Committed: the TVs at this location fetch their manifests again.
    changes.publishContent(changed);
    return view(actor.id, id);
  }

  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'location.delete', [id]);
    await repo.transaction(async (tx) => {
      const current = await tx.lockById(actor.id, id);
      if (!current) throw notFound('That location');
      const spaces = await tx.findAdSpaces(id);
      if (spaces.length > 0) {
        const references = spaces.map((space): TReference => ({
          kind: 'adSpace',
          id: space.id,
          name: space.name,
        }));
        throw new AppError(
          'in-use',
          inUseMessage(current.name, references, {
            what: ['ad space', 'ad spaces'],
            then: [
              'Move or delete it first, then delete the location.',
              'Move or delete them first, then delete the location.',
            ],
          }),
          { references },
        );
      }
      await tx.deleteById(actor.id, id);
    });
  }

  async function view(ownerId: string, id: string): Promise<TLocation> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound('That location');
    return toLocation(row.location, row.adSpaceCount);
  }

  return { list, get, create, update, remove };
}

export type TLocationsService = ReturnType<typeof createLocationsService>;

function toColumns(input: TCreate): TLocationColumns {
  const { address, ...rest } = input;
  return { ...rest, ...addressColumns(address) };
}

/** The columns an update sets; an address comes whole, so all its columns change. */
function toChangedColumns(input: TUpdate): Partial<TLocationColumns> {
  const { address, ...rest } = input;
  return { ...rest, ...(address && addressColumns(address)) };
}

function addressColumns(address: TCreate['address']) {
  return {
    addressLine: address.line,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: address.country,
  };
}

function toLocation(row: TLocationRow, adSpaceCount: number): TLocation {
  return {
    id: row.id,
    name: row.name,
    address: {
      line: row.addressLine,
      city: row.city,
      region: row.region,
      postalCode: row.postalCode,
      country: row.country,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    venueType: row.venueType,
    // Stored as JSON: parsed with the schema it was written with, like any other input.
    audience: ZAudience.parse(row.audience),
    adSpaceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
