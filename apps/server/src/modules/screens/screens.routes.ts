import type { FastifyInstance } from 'fastify';
import { adSpacesRoutes } from './ad-spaces.routes';
import { locationsRoutes } from './locations.routes';
import { playlistsRoutes } from './playlists.routes';
import { powerScheduleRoutes } from './power-schedule.routes';
import { scheduleEntriesRoutes } from './schedule-entries.routes';
import { screenGroupsRoutes } from './screen-groups.routes';
import { createScreenOwnersRepository } from './screen-owners.repository';

/**
 * What screen owners run (issue 7): locations, ad spaces, playlists, schedule entries and
 * screen groups. This plugin registers the owner lookups of all five resources (each route plugin checks ids of the
 * others: an ad space names a location and a playlist) and then the route plugins.
 */
export async function screensRoutes(app: FastifyInstance) {
  const { db, access } = app.deps;
  const owners = createScreenOwnersRepository(db);
  for (const resource of [
    'location',
    'adSpace',
    'playlist',
    'scheduleEntry',
    'screenGroup',
  ] as const)
    access.registerOwnerLookup(resource, (ids) => owners.findOwners(resource, ids));
  await app.register(locationsRoutes);
  await app.register(adSpacesRoutes);
  await app.register(playlistsRoutes);
  await app.register(scheduleEntriesRoutes);
  await app.register(screenGroupsRoutes);
  await app.register(powerScheduleRoutes);
}
