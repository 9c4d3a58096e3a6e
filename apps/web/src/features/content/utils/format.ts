import { format } from 'date-fns';

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size people read at a glance: "512 bytes", "1.5 MB", "24 MB". Binary multiples with the
 * everyday unit names, as file managers on most desktops show them.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 10 ("1.5 MB"), none above ("24 MB"), and none when it is zero ("2 GB").
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (rounded >= 1024 && unit < BYTE_UNITS.length - 1) return `1 ${BYTE_UNITS[unit + 1]}`;
  return `${String(rounded)} ${BYTE_UNITS[unit]}`;
}

/** "3.2 MB of 40 MB" for an upload's progress. */
export function formatProgressBytes(transferred: number, total: number): string {
  return `${formatBytes(transferred)} of ${formatBytes(total)}`;
}

/**
 * A video's length as a clock: "0:02", "1:05", "1:02:03". Rounded to the second; anything
 * shorter than a second but not empty shows as "0:01" rather than a misleading "0:00".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const totalSeconds = ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** "1920 × 1080" */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}

/** "3 Jan 2026", for upload dates in the library. */
export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'd MMM yyyy');
}

/** "3 Jan 2026, 14:05", for the preview's details. */
export function formatUploadDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'd MMM yyyy, HH:mm');
}
