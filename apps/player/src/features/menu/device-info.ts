import type {
  TPlayerAdSpace,
  TPlayerCacheStatus,
  TPlayerHeartbeat,
} from '@screenline/shared/player';
import { locationLine } from '../../lib/ad-space';
import { formatAgo } from '../../lib/format-ago';

/** What the hidden menu's "Device info" shows: who the TV is and how its content stands. */
export interface TDeviceInfo {
  deviceId: string;
  appVersion: string;
  adSpace: TPlayerAdSpace;
  /** The manifest playing now; null before the first is ready. */
  manifestVersion: string | null;
  /** Null while the sync has not looked at the cache yet. */
  cache: TPlayerCacheStatus | null;
  storage: TPlayerHeartbeat['storage'] | null;
  /**
   * When the server last answered the manifest poll (epoch ms); null: not since the start;
   * undefined: the sync does not tell.
   */
  lastSyncAt: number | null | undefined;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1 536 000 → "1.5 MB" (powers of 1 000, as TV settings and storage labels count). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

/** The info as label/value rows, said plainly for someone reading it from across a room. */
export function deviceInfoRows(info: TDeviceInfo, nowMs: number): Array<[string, string]> {
  const { adSpace, cache, storage } = info;
  let cacheLine = 'Not checked yet';
  if (cache) {
    cacheLine = `${cache.filesReady} of ${cache.filesNeeded} files ready`;
    if (cache.problem) cacheLine += ` · ${cache.problem}`;
  }
  let storageLine = 'Not known';
  if (storage) {
    storageLine =
      storage.quotaBytes === null
        ? `${formatBytes(storage.usedBytes)} used`
        : `${formatBytes(storage.usedBytes)} of ${formatBytes(storage.quotaBytes)} used`;
    if (!storage.persisted) storageLine += ' (may be cleared by the TV)';
  }
  return [
    ['Ad space', adSpace.name],
    ['Location', locationLine(adSpace)],
    ['Time zone', adSpace.location.timeZone],
    ['Content version', info.manifestVersion ?? 'None yet'],
    ['Cached files', cacheLine],
    ['Storage', storageLine],
    ['Last sync', lastSyncLine(info.lastSyncAt, nowMs)],
    ['Device id', info.deviceId],
    ['App version', info.appVersion],
  ];
}

function lastSyncLine(lastSyncAt: number | null | undefined, nowMs: number): string {
  if (lastSyncAt === undefined) return 'Not known';
  if (lastSyncAt === null) return 'Not since the player started';
  return `${new Date(lastSyncAt).toLocaleString('en-GB')} (${formatAgo(lastSyncAt, nowMs)})`;
}
