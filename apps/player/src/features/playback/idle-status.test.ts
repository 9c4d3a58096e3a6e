import { describe, expect, it } from 'vitest';
import { idleStatusLine } from './idle-status';
import { manifestOf } from './test/fixtures';

/** 2026-11-23 22:30 UTC: 17:30 in New York (EST), the same local day. */
const NOW = Date.UTC(2026, 10, 23, 22, 30);

describe('idleStatusLine', () => {
  const manifest = manifestOf({ timeZone: 'America/New_York' });

  it('names the next start in the location’s zone, with the day when it is not today', () => {
    const at = (ms: number) =>
      idleStatusLine({ kind: 'idle', manifest, reason: 'nothing-scheduled', nextMs: ms }, NOW);
    // 23:00 UTC is 18:00 in New York, still the 23rd there.
    expect(at(Date.UTC(2026, 10, 23, 23))).toBe('Nothing is scheduled now. Next content at 18:00.');
    // 14:00 UTC the next day is 09:00 on Tuesday the 24th.
    expect(at(Date.UTC(2026, 10, 24, 14))).toBe(
      'Nothing is scheduled now. Next content on Tue 24 Nov at 09:00.',
    );
  });

  it('says why nothing plays otherwise', () => {
    expect(idleStatusLine({ kind: 'waiting' }, NOW)).toMatch(/downloaded to this TV/);
    expect(
      idleStatusLine({ kind: 'idle', manifest, reason: 'nothing-scheduled', nextMs: null }, NOW),
    ).toBe('Nothing is scheduled for this ad space now.');
    expect(
      idleStatusLine({ kind: 'idle', manifest, reason: 'nothing-playable', nextMs: null }, NOW),
    ).toBe('The playlist scheduled now has nothing this TV can play.');
  });
});
