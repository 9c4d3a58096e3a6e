import { AD_SPACE_ONLINE_WINDOW_MS } from '@screenline/shared/ad-space';
import {
  DOWNLOAD_STUCK_MINUTES,
  STORAGE_LOW_PERCENT,
  type TAlertKind,
} from '@screenline/shared/alerts';
import type { TPlayerHeartbeat } from '@screenline/shared/player';

/**
 * The alert rules (issue 23 item 4), pure: what one screen's state says about each kind of
 * incident at an instant. `failing` with the instant it started (and a marker of progress),
 * `ok`, or `unknown` (the screen is scheduled off, or its TV is not reporting, so a download or
 * storage cannot be judged): unknown leaves an incident as it is.
 */
export type TCondition =
  { state: 'failing'; since: Date; detail: string | null } | { state: 'ok' } | { state: 'unknown' };

export interface TScreenState {
  /** The space's last heartbeat (any TV); null: never connected (never alerted). */
  lastSeenAt: Date | null;
  /** The newest TV's heartbeat and when it came. */
  heartbeat: TPlayerHeartbeat | null;
  heartbeatAt: Date | null;
  /** When the current on stretch of its power schedule began; null: scheduled off now. */
  onSinceMs: number | null;
}

/** Storage counts as recovered below this share (%), so a TV near the line does not flap. */
export const STORAGE_RECOVERED_PERCENT = STORAGE_LOW_PERCENT - 5;
const MINUTE_MS = 60_000;

const isReporting = (state: TScreenState, nowMs: number) =>
  state.heartbeatAt !== null && nowMs - state.heartbeatAt.getTime() <= AD_SPACE_ONLINE_WINDOW_MS;

/**
 * Offline: no heartbeat within the online window, during the on hours. The outage counts from
 * the last heartbeat or from the start of the on hours, whichever is later: a TV switched off
 * overnight is not "offline since last night" when the morning's hours begin.
 */
export function offlineCondition(state: TScreenState, nowMs: number): TCondition {
  if (state.lastSeenAt === null || state.onSinceMs === null) return { state: 'unknown' };
  const seenMs = state.lastSeenAt.getTime();
  if (nowMs - seenMs <= AD_SPACE_ONLINE_WINDOW_MS) return { state: 'ok' };
  return { state: 'failing', since: new Date(Math.max(seenMs, state.onSinceMs)), detail: null };
}

/**
 * Download stuck: the TV reports files it still needs (or a problem) and the bytes it holds have
 * not moved; the marker is what it reported, so progress restarts the clock.
 */
export function downloadCondition(state: TScreenState, nowMs: number): TCondition {
  if (state.onSinceMs === null || !isReporting(state, nowMs) || !state.heartbeat)
    return { state: 'unknown' };
  const { cache, manifestVersion } = state.heartbeat;
  if (cache.filesReady >= cache.filesNeeded && cache.problem === null) return { state: 'ok' };
  const detail = `${cache.filesReady}/${cache.filesNeeded} files, ${cache.bytesReady} bytes, ${cache.problem ?? 'no problem'}, ${manifestVersion ?? 'none'}`;
  return { state: 'failing', since: new Date(nowMs), detail };
}

/** Storage running out: the TV has used STORAGE_LOW_PERCENT of its quota (when it says one). */
export function storageCondition(state: TScreenState, nowMs: number): TCondition {
  if (state.onSinceMs === null || !isReporting(state, nowMs) || !state.heartbeat)
    return { state: 'unknown' };
  const { usedBytes, quotaBytes } = state.heartbeat.storage;
  if (quotaBytes === null || quotaBytes <= 0) return { state: 'unknown' };
  const percent = (usedBytes / quotaBytes) * 100;
  if (percent >= STORAGE_LOW_PERCENT)
    return { state: 'failing', since: new Date(nowMs), detail: `${Math.round(percent)}%` };
  // Between the two lines: as it was.
  return percent < STORAGE_RECOVERED_PERCENT ? { state: 'ok' } : { state: 'unknown' };
}

export const CONDITIONS: Record<TAlertKind, (state: TScreenState, nowMs: number) => TCondition> = {
  offline: offlineCondition,
  'download-stuck': downloadCondition,
  'storage-low': storageCondition,
};

/** How long a condition must hold before it is announced. */
export function announceAfterMs(kind: TAlertKind, offlineAfterMinutes: number): number {
  if (kind === 'offline') return offlineAfterMinutes * MINUTE_MS;
  if (kind === 'download-stuck') return DOWNLOAD_STUCK_MINUTES * MINUTE_MS;
  return 0;
}
