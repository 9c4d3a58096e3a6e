// The seeded TVs' manifests before an open-loop run (bench/ingest.ts, bench/fleet.ts): one TV of
// each group (an owner's TVs, or a space's) fetches its manifest over HTTP through the shared
// typed client, so the route records what it sent as for a real TV; the group's other TVs got
// the same version and are recorded as sent it in bulk by the server process.
import type { TPlayerManifest } from '@screenline/shared/player';
import type { BenchServer } from './bench-server';
import type { TSeeded, TSentManifest } from './ingest-plays';

type TSeededTv = TSeeded['tvs'][number];

export interface TServeManifests {
  /** Which TVs share a manifest (same playlist and zone, so the same fill). */
  groupOf(tv: TSeededTv): string;
  /** How many groups fetch at once. */
  concurrency: number;
  /** What to do with a group once its first TV fetched `manifest` (the first TV is `tvs[0]`). */
  each(tvs: TSeededTv[], manifest: TPlayerManifest): Promise<void>;
}

/** Fetches one manifest per group, hands it to `each`, then records the others as sent it. */
export async function serveManifests(
  server: BenchServer,
  seeded: readonly TSeededTv[],
  options: TServeManifests,
): Promise<void> {
  const byGroup = new Map<string, TSeededTv[]>();
  for (const one of seeded) {
    const group = options.groupOf(one);
    byGroup.set(group, [...(byGroup.get(group) ?? []), one]);
  }
  const groups = [...byGroup.values()];
  const sent: TSentManifest[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < groups.length) {
        const tvs = groups[next++]!;
        const polled = await server.api.playerManifest(tvs[0]!.token);
        if (!polled) throw new Error('a TV’s first poll answered 304');
        const { manifest } = polled;
        await options.each(tvs, manifest);
        sent.push({
          version: manifest.version,
          adFill: manifest.adFill,
          playlists: manifest.playlists,
          devices: tvs
            .slice(1)
            .map((one) => ({ deviceId: one.deviceId, adSpaceId: one.adSpaceId })),
        });
      }
    }),
  );
  await server.ask({ type: 'served', sent });
}
