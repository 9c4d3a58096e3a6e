import { QueryBuilder } from 'drizzle-orm/pg-core';
import { device } from '../../db/schema/index';

/**
 * The player module's read-only piece for the fleet module's statements: the TVs under the alias
 * `devices`, to join so that a list of commands, screenshots or takeovers names its TVs in one
 * query (PostgreSQL flattens a plain subquery: the plan is the table's). Fleet cannot import it
 * (player builds on fleet: the manifest and the event stream read fleet-directory.ts), so app.ts
 * hands it in as `app.deps.deviceRows`, and the player module passes it to the fleet directory.
 * The proof-of-play overview (player builds on proof-of-play too) names its flagged TVs with it,
 * from `app.deps.deviceRows` as well. Only what they read; writes stay in the player module.
 */
export const deviceRows = new QueryBuilder()
  .select({
    id: device.id,
    ownerId: device.ownerId,
    adSpaceId: device.adSpaceId,
    name: device.name,
    /** Null once the TV signed out. */
    tokenHash: device.tokenHash,
  })
  .from(device)
  .as('devices');

export type TDeviceRows = typeof deviceRows;
