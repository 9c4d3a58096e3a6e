// bench/ingest: the TVs of the run and the batches they send, shared by the driver (bench/ingest.ts,
// which sends them over HTTP) and the server process (bench/ingest-server.ts, which writes the same
// rows with a plain INSERT for the baseline).
import crypto from 'node:crypto';
import type {
  TImpression,
  TManifestAdFill,
  TManifestPlaylist,
  TPlayerManifest,
} from '@screenline/shared/player';

/** A TV as the run drives it: what its manifest offered, and its own clock and sequence. */
export interface TBenchTv {
  deviceId: string;
  ownerId: string;
  adSpaceId: string;
  /** The ad slots of its playlist (`playlistId`/`itemId`) and their length. */
  slots: Array<{ playlistId: string; itemId: string; ms: number }>;
  /** Its own content between the ads. */
  own: { playlistId: string; itemId: string; contentId: string; ms: number };
  /** The campaigns its manifest offered: weight, creative and windows. */
  campaigns: Array<{
    id: string;
    weight: number;
    creativeId: string;
    windows: Array<[number, number]>;
  }>;
  /** Where its next play starts (ms): plays follow each other on the TV's clock. */
  clock: number;
  sequence: number;
}

/** The fraction of a batch's plays that are ad plays ("mostly ad plays"). */
export const AD_SHARE = 0.75;
export const BATCH_MIN = 4;
export const BATCH_MAX = 10;

/**
 * What the manifest the TV was served offers it; null when it offers no ad slot, or no campaign
 * unless `withoutCampaigns` (a fleet with billing off: its ad slots go unfilled, it plays its own).
 */
export function tvOf(
  base: { deviceId: string; ownerId: string; adSpaceId: string },
  manifest: TPlayerManifest,
  withoutCampaigns = false,
): TBenchTv | null {
  const slots: TBenchTv['slots'] = [];
  let own: TBenchTv['own'] | null = null;
  for (const playlist of manifest.playlists) {
    for (const item of playlist.items) {
      if (item.type === 'adSlot')
        slots.push({ playlistId: playlist.id, itemId: item.id, ms: item.lengthSeconds * 1000 });
      else if (item.kind === 'image' && !own)
        own = {
          playlistId: playlist.id,
          itemId: item.id,
          contentId: item.contentId,
          ms: item.durationSeconds * 1000,
        };
    }
  }
  const campaigns = (manifest.adFill?.campaigns ?? []).flatMap((entry) => {
    const creative = entry.creatives[0];
    return creative
      ? [
          {
            id: entry.campaignId,
            weight: entry.weight,
            creativeId: creative.creativeId,
            windows: entry.windows.map((window): [number, number] => [
              window.startMs,
              window.endMs,
            ]),
          },
        ]
      : [];
  });
  if (slots.length === 0 || (campaigns.length === 0 && !withoutCampaigns) || !own) return null;
  return { ...base, slots, own, campaigns, clock: 0, sequence: 0 };
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** A campaign offered at `atMs`, in proportion to its weight (as the TV picks); null: none. */
function campaignAt(tv: TBenchTv, atMs: number) {
  const live = tv.campaigns.filter((entry) =>
    entry.windows.some(([start, end]) => start <= atMs && atMs < end),
  );
  let left = Math.random() * live.reduce((sum, entry) => sum + entry.weight, 0);
  for (const entry of live) {
    left -= entry.weight;
    if (left < 0) return entry;
  }
  return live.at(-1) ?? null;
}

/**
 * The TV's next batch, sent at `nowMs`: 4–10 plays back to back on its clock that end about now
 * (never before its previous play ended), three in four of them ad plays of a campaign its
 * manifest offered at that instant, in one of its ad slots, each shown for the slot's length.
 */
export function nextBatch(tv: TBenchTv, nowMs: number): TImpression[] {
  const count = BATCH_MIN + Math.floor(Math.random() * (BATCH_MAX - BATCH_MIN + 1));
  const span = count * Math.max(tv.own.ms, ...tv.slots.map((slot) => slot.ms));
  let at = Math.max(tv.clock, nowMs - span - 200);
  const plays: TImpression[] = [];
  for (let index = 0; index < count; index += 1) {
    tv.sequence += 1;
    const ad = Math.random() < AD_SHARE ? campaignAt(tv, at) : null;
    const slot = pick(tv.slots);
    const shownMs = ad ? slot.ms : tv.own.ms;
    plays.push({
      id: crypto.randomUUID(),
      sequence: tv.sequence,
      startedAt: new Date(at).toISOString(),
      shownMs,
      endReason: 'completed',
      adSpaceId: tv.adSpaceId,
      playlistId: ad ? slot.playlistId : tv.own.playlistId,
      playlistVersion: 1,
      itemId: ad ? slot.itemId : tv.own.itemId,
      contentId: ad ? ad.creativeId : tv.own.contentId,
      campaignId: ad ? ad.id : null,
      creativeId: ad ? ad.creativeId : null,
    });
    at += shownMs;
  }
  tv.clock = at;
  return plays;
}

/** Messages between the driver and the server process (IPC). */
export type TRequest =
  | {
      id: number;
      type: 'seed';
      tvs: number;
      tvsPerSpace: number;
      slotSeconds: number;
      /** Live funded campaigns targeting every space (default 20, five of them capped). */
      campaigns?: number;
    }
  | { id: number; type: 'served'; sent: TSentManifest[] }
  | { id: number; type: 'tvs'; tvs: TBenchTv[] }
  | { id: number; type: 'plain'; seconds: number; concurrency: number }
  | { id: number; type: 'store'; seconds: number; concurrency: number }
  | { id: number; type: 'pending' }
  | { id: number; type: 'memory'; gc?: boolean }
  | { id: number; type: 'statements'; reset: boolean; top: number }
  | { id: number; type: 'window'; fromMs: number; toMs: number }
  | { id: number; type: 'verify' };

/** A request as the driver asks it (the channel adds the id). */
export type TAsk = TRequest extends infer R ? (R extends TRequest ? Omit<R, 'id'> : never) : never;

/**
 * A manifest one TV of an owner fetched over HTTP, and the owner's other TVs (same playlist, same
 * zone: the same fill) to be recorded as sent it too.
 */
export interface TSentManifest {
  version: string;
  adFill: TManifestAdFill | null;
  playlists: TManifestPlaylist[];
  devices: Array<{ deviceId: string; adSpaceId: string }>;
}

export interface TSeeded {
  tvs: Array<{ deviceId: string; ownerId: string; adSpaceId: string; token: string }>;
  campaigns: number;
  capped: number;
  spaces: number;
}

export interface TPlainRound {
  plays: number;
  batches: number;
  seconds: number;
  latenciesMs: number[];
}

export interface TWindowFigures {
  /** Ad plays received in the window (ingest's verdict set). */
  adPlaysReceived: number;
  /** Ad plays the settlement worker settled in the window (arrival refusals excluded). */
  settled: number;
  /** Receipt to settled, seconds, of the plays received in the window. */
  lagP50: number | null;
  lagP99: number | null;
  lagMax: number | null;
}

export interface TVerify {
  verdicts: Record<string, number>;
  /** Rows of the plain-INSERT baseline (no verdict: never settled). */
  plainRows: number;
  /** Rows stored through POST /api/v1/player/impressions. */
  ingestRows: number;
  billedPlays: number;
  billedMicros: number;
  /** What the holds went down by. */
  holdsSpentMicros: number;
  /** Plays billed more than their billable time at the bid, or billed without the verdict. */
  overBilled: number;
  auditProblems: string[];
}

/** The server process's memory (process.memoryUsage()), and its peak RSS since it started. */
export interface TServerMemory {
  rss: number;
  peakRss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The server's worst event-loop delay since the last ask, in ms. */
  loopDelayMaxMs: number;
}
