// The machine's load while a bench ran, in one line: figures from a busy machine say little, so
// every bench prints this beside them.
import os from 'node:os';

/** `load average 1.52 0.98 0.61 (1, 5, 15 min) on 2 CPUs`. */
export function loadAverageLine(): string {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return `load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)} (1, 5, 15 min) on ${os.cpus().length} CPUs`;
}
