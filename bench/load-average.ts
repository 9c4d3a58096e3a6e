import os from 'node:os';

/** The load average the bench ran under, e.g. "load average 1.23 0.98 0.70 (2 cores)". */
export function loadAverageLine(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average ${one} ${five} ${fifteen} (${os.cpus().length} cores)`;
}
