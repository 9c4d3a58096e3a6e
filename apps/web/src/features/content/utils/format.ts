import { format } from 'date-fns';
import { formatBytes } from '@screenline/shared/format';

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
