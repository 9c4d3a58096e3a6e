// Formatting shared by the server's messages and the apps.

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
