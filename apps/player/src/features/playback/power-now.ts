import { powerCheck } from '@screenline/playback/power-schedule';
import type { TPlayerManifest } from '@screenline/shared/player';

/**
 * Whether the screen should be on at an instant (issue 23 item 5), from the manifest's power
 * schedule. Inside the timeline the server's on windows are compared as instants (no zone rules
 * on the TV); past it the TV reads the stored schedule with the shared resolver. No schedule (or
 * one the TV cannot read): always on.
 */
export interface TPowerNow {
  on: boolean;
  /** When the answer may change; null: not known (look again within a minute). */
  untilMs: number | null;
}

const ALWAYS_ON: TPowerNow = { on: true, untilMs: null };

export function createPowerNow(manifest: TPlayerManifest): (nowMs: number) => TPowerNow {
  const power = manifest.power ?? null;
  if (!power) return () => ALWAYS_ON;
  let check: ((atMs: number) => boolean) | null = null;
  let checkFailed = false;
  const windows = power.onWindows;

  function fromSchedule(nowMs: number): TPowerNow {
    if (!check && !checkFailed) {
      try {
        check = powerCheck(power!.schedule, manifest.timeZone);
      } catch (error) {
        // A zone this browser does not know: better on than black for days.
        console.warn('The power schedule cannot be read here; the screen stays on.', error);
        checkFailed = true;
      }
    }
    return check ? { on: check(nowMs), untilMs: null } : ALWAYS_ON;
  }

  return (nowMs) => {
    if (nowMs < manifest.timelineFromMs || nowMs >= manifest.timelineToMs)
      return fromSchedule(nowMs);
    // Few windows (a week of ranges): a linear walk is enough.
    for (const window of windows) {
      if (nowMs < window.startMs) return { on: false, untilMs: window.startMs };
      if (nowMs < window.endMs) return { on: true, untilMs: window.endMs };
    }
    return { on: false, untilMs: manifest.timelineToMs };
  };
}
