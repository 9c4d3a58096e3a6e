import {
  PLAY_CLOCK_SKEW_MS,
  PLAY_MAX_AGE_MS,
  PLAY_SLOT_TOLERANCE_MS,
  type TPlayVerdict,
  type TServedFill,
} from '@screenline/shared/proof-of-play';

/** An ad play as the arrival rules read it. */
export interface TArrivingPlay {
  id: string;
  sequence: number;
  startedAtMs: number;
  shownMs: number;
  failed: boolean;
  /** `playlistId/itemId`: the ad slot it played in (slotKey). */
  slotKey: string;
  campaignId: string;
}

/** How an ad slot is named in a served fill: its playlist and its item id within it. */
export const slotKey = (playlistId: string | null, itemId: string) =>
  `${playlistId ?? ''}/${itemId}`;

/** A manifest version with a fill that was sent to the device, and when first. */
export interface TServedVersion {
  version: string;
  servedAtMs: number;
  fill: TServedFill;
}

/** A stretch of screen time `[startMs, endMs)`. */
export interface TSpan {
  startMs: number;
  endMs: number;
}

/** What arrival decided for one play. */
export interface TArrivalVerdict {
  /** `pending` (settlement decides) or why it is refused for good. */
  verdict: Extract<
    TPlayVerdict,
    | 'pending'
    | 'failed'
    | 'clock-ahead'
    | 'too-old'
    | 'not-offered'
    | 'overlap'
    | 'too-short'
    | 'takeover'
    | 'powered-off'
  >;
  /** The billable stretch (pending plays only). */
  billable: TSpan | null;
}

/**
 * The rules a play must pass when it arrives (docs/marketplace.md "What makes a play billable",
 * rules 1–4): facts about one screen, decided before any campaign is looked at.
 *
 * - The play failed: refused.
 * - Time: it must end no later than the server's now plus the clock-skew allowance, and start
 *   no earlier than the maximum age before now.
 * - It was offered: a manifest sent to this device before the play started (allowing for the
 *   skew) offered the campaign at that instant and had this ad slot; the slot's length comes from
 *   the newest such manifest.
 * - Power: the screen's power schedule had it on when the play started (`isOffAt`; issue 23).
 * - Slot length: at most the slot's length plus the tolerance is billable.
 * - One screen shows one thing at a time: the billable stretch is the longest part of
 *   `[start, start + clipped length)` that no play the device reported before covers (`taken`,
 *   and the plays before it in this batch, in order of start).
 * - An emergency takeover (issue 23 item 6) replaces ads: a play that starts during one of the
 *   space's takeovers is refused (`takeover`), and one that runs into it bills only the part
 *   before it.
 *
 * Plays are judged in order of start (then sequence); `taken` grows with each pending play.
 */
export function judgeArrivals(
  plays: readonly TArrivingPlay[],
  context: {
    nowMs: number;
    served: readonly TServedVersion[];
    taken: readonly TSpan[];
    /** The ad space's emergency takeovers around the batch. */
    takeovers?: readonly TSpan[];
    /** Whether the screen was scheduled off at the instant (no power schedule: never). */
    isOffAt?: ((epochMs: number) => boolean) | undefined;
  },
): Map<string, TArrivalVerdict> {
  const takeovers = context.takeovers ?? [];
  // Takeover time is never billable: it clips plays that run into it like a play would.
  const taken: TSpan[] = [...context.taken, ...takeovers];
  const verdicts = new Map<string, TArrivalVerdict>();
  const refuse = (id: string, verdict: TArrivalVerdict['verdict']) =>
    verdicts.set(id, { verdict, billable: null });
  const ordered = [...plays].sort(
    (a, b) => a.startedAtMs - b.startedAtMs || a.sequence - b.sequence,
  );
  for (const play of ordered) {
    const early = refusedOnArrival(play, context.nowMs);
    if (early) {
      refuse(play.id, early);
      continue;
    }
    const slotMs = offeredSlotMs(play, context.served);
    if (slotMs === null) {
      refuse(play.id, 'not-offered');
      continue;
    }
    if (
      takeovers.some((span) => span.startMs <= play.startedAtMs && play.startedAtMs < span.endMs)
    ) {
      refuse(play.id, 'takeover');
      continue;
    }
    if (context.isOffAt?.(play.startedAtMs)) {
      refuse(play.id, 'powered-off');
      continue;
    }
    const length = Math.min(play.shownMs, slotMs + PLAY_SLOT_TOLERANCE_MS);
    if (length <= 0) {
      refuse(play.id, 'too-short');
      continue;
    }
    const free = longestFree(
      { startMs: play.startedAtMs, endMs: play.startedAtMs + length },
      taken,
    );
    if (!free) {
      refuse(play.id, 'overlap');
      continue;
    }
    taken.push(free);
    verdicts.set(play.id, { verdict: 'pending', billable: free });
  }
  return verdicts;
}

/**
 * The first rules, which read nothing but the play and the server's clock: the play failed, or its
 * time is implausible (it ends past now plus the skew, or starts before the maximum age). Null when
 * it passes them. judgeArrivals() applies them first; so does ingest's statement
 * (arrival-statement.ts), which judges the rest in the database.
 */
export function refusedOnArrival(
  play: Pick<TArrivingPlay, 'startedAtMs' | 'shownMs' | 'failed'>,
  nowMs: number,
): 'failed' | 'clock-ahead' | 'too-old' | null {
  if (play.failed) return 'failed';
  if (play.startedAtMs + play.shownMs > nowMs + PLAY_CLOCK_SKEW_MS) return 'clock-ahead';
  if (play.startedAtMs < nowMs - PLAY_MAX_AGE_MS) return 'too-old';
  return null;
}

/**
 * The length (ms) of the play's ad slot in the newest manifest sent to the device before the play
 * started that offered its campaign at that instant; null when none did.
 */
export function offeredSlotMs(
  play: Pick<TArrivingPlay, 'startedAtMs' | 'slotKey' | 'campaignId'>,
  served: readonly TServedVersion[],
): number | null {
  let best: { servedAtMs: number; slotMs: number } | null = null;
  for (const version of served) {
    if (version.servedAtMs > play.startedAtMs + PLAY_CLOCK_SKEW_MS) continue;
    const slotMs = version.fill.slots[play.slotKey];
    if (slotMs === undefined) continue;
    const windows = version.fill.campaigns[play.campaignId];
    if (!windows?.some(([start, end]) => start <= play.startedAtMs && play.startedAtMs < end))
      continue;
    if (!best || version.servedAtMs > best.servedAtMs)
      best = { servedAtMs: version.servedAtMs, slotMs };
  }
  return best?.slotMs ?? null;
}

/** The longest part of `span` outside every span of `taken`; null when nothing is left. */
export function longestFree(span: TSpan, taken: readonly TSpan[]): TSpan | null {
  const covering = taken
    .filter((other) => other.startMs < span.endMs && span.startMs < other.endMs)
    .sort((a, b) => a.startMs - b.startMs);
  let best: TSpan | null = null;
  let cursor = span.startMs;
  const consider = (startMs: number, endMs: number) => {
    if (endMs > startMs && (!best || endMs - startMs > best.endMs - best.startMs))
      best = { startMs, endMs };
  };
  for (const other of covering) {
    consider(cursor, Math.min(other.startMs, span.endMs));
    cursor = Math.max(cursor, other.endMs);
    if (cursor >= span.endMs) break;
  }
  consider(cursor, span.endMs);
  return best;
}
