import type { TPlaybackStatus } from './playback-controller';

/** The idle screen's small status line, for the owner standing in front of the TV. */
export function idleStatusLine(status: TPlaybackStatus, nowMs: number): string {
  switch (status.kind) {
    case 'waiting':
      return 'Content appears here as soon as it has downloaded to this TV.';
    case 'playing':
    case 'takeover':
      // Scheduled (or a takeover's playlist), and the first item is loading.
      return 'Starting playback…';
    case 'powered-off':
      // Not shown: the screen is black. Said for completeness (and screen readers in tests).
      return 'The screen is scheduled off.';
    case 'idle':
      if (status.reason === 'nothing-playable') {
        return 'The playlist scheduled now has nothing this TV can play.';
      }
      if (status.nextMs === null) return 'Nothing is scheduled for this ad space now.';
      return `Nothing is scheduled now. Next content ${when(status.nextMs, nowMs, status.manifest.timeZone)}.`;
  }
}

/** "at 18:00" on the same local day, "on Tue 24 Nov at 18:00" later, in the location's zone. */
function when(atMs: number, nowMs: number, timeZone: string): string {
  const format = (ms: number, options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(ms);
    } catch {
      // A zone the TV's browser does not know: its own local time is the best it has.
      return new Intl.DateTimeFormat('en-GB', options).format(ms);
    }
  };
  const time = format(atMs, { hour: '2-digit', minute: '2-digit', hour12: false });
  const dayOf = (ms: number) => format(ms, { year: 'numeric', month: '2-digit', day: '2-digit' });
  if (dayOf(atMs) === dayOf(nowMs)) return `at ${time}`;
  return `on ${format(atMs, { weekday: 'short', day: 'numeric', month: 'short' })} at ${time}`;
}
