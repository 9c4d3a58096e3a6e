import type { TManifestTakeover, TPlayerCommand } from '@screenline/shared/fleet';
import type { TDb } from '../../db/database';
import { createCommandsRepository } from './commands.repository';
import type { TFleetDevices } from './fleet-devices';
import { createTakeoversRepository } from './takeovers.repository';

/**
 * The fleet module's facade for the player module (issue 23): what the TV's event stream sends
 * (its pending commands) and what its manifest carries (the takeover on its space now). It
 * reads; it checks no access: the caller is the device's own stream or manifest. `devices` is
 * the player module's own piece (player/device-rows.ts), which the repositories join elsewhere.
 */
export function createFleetDirectory(db: TDb, devices: TFleetDevices) {
  const commands = createCommandsRepository(db, devices);
  const takeovers = createTakeoversRepository(db, devices);
  return {
    /** Commands waiting for the TV: sent, not acknowledged, not expired; oldest first. */
    pendingCommands: (deviceId: string, now: Date): Promise<TPlayerCommand[]> =>
      commands.pendingFor(deviceId, now),
    /** The newest takeover active on the space at `nowMs`, or null. */
    activeTakeover: (adSpaceId: string, nowMs: number): Promise<TManifestTakeover | null> =>
      takeovers.activeFor(adSpaceId, new Date(nowMs)),
  };
}
