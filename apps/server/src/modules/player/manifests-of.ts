import type { FastifyInstance } from 'fastify';
import { createContentDirectory } from '../content/content-directory';
import { createAdFillSource } from '../fill/ad-fill';
import { createAdRotation } from '../fill/ad-rotation';
import { createAdSpaceDirectory } from '../screens/ad-space-directory';
import { createFleetDirectory } from '../fleet/fleet-directory';
import { deviceRows } from './device-rows';
import { createManifestService } from './manifest';

/**
 * The manifest service wired from the app's dependencies: what the player routes answer TVs
 * with, and what bench/manifest.ts times, so the bench measures the route's own build.
 */
export function createManifestsOf(app: Pick<FastifyInstance, 'deps'>) {
  const { db, storage, config, platformSettings, playerChanges, campaignReads } = app.deps;
  const content = createContentDirectory(db, storage, config.storageBucket);
  const fleet = createFleetDirectory(db, deviceRows);
  return createManifestService({
    adSpaces: createAdSpaceDirectory(db),
    content,
    adFill: createAdFillSource({
      db,
      rotation: createAdRotation(db, content, campaignReads),
      publicUrl: config.publicUrl,
    }),
    settings: async () => (await platformSettings.get()).player,
    changes: playerChanges,
    takeovers: { activeFor: fleet.activeTakeover },
  });
}
