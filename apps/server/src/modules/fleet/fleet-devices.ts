import type { TPieceColumn, TPiece } from '../../lib/query-pieces';

/**
 * The TVs as fleet's statements join them, declared here and handed in by app.ts (the player
 * module's piece, modules/player/device-rows.ts, answers it): player builds on fleet (its
 * manifest and event stream read fleet-directory.ts), so fleet names no player file and never
 * the device table (test/module-graph.test.ts).
 */
export type TFleetDevices = TPiece<
  'devices',
  {
    id: TPieceColumn<string, true>;
    ownerId: TPieceColumn<string, true>;
    adSpaceId: TPieceColumn<string, false>;
    name: TPieceColumn<string, false>;
    /** Null once the TV signed out. */
    tokenHash: TPieceColumn<string, false>;
  }
>;
