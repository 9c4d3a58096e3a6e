import { describe, expect, it } from 'vitest';
import { cachedCampaignWindows, campaignWindows, flightOf } from './campaign-windows';

const HOUR_MS = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const berlin = 'Europe/Berlin';

describe('campaign windows in the location’s zone', () => {
  it('makes a flight of local days: 23 hours on the spring change, 25 on the autumn one', () => {
    const spring = flightOf({ startDate: '2026-03-29', endDate: '2026-03-29' }, berlin);
    expect(spring).toEqual({
      startMs: at('2026-03-28T23:00:00Z'),
      endMs: at('2026-03-29T22:00:00Z'),
    });
    const autumn = flightOf({ startDate: '2026-10-25', endDate: '2026-10-25' }, berlin);
    expect(autumn.endMs - autumn.startMs).toBe(25 * HOUR_MS);
  });

  it('reads dayparts on a daylight-saving day as wall-clock times', () => {
    const daypart = { weekdays: everyDay, startTime: '01:00', endTime: '04:00' };
    const range = [at('2026-03-28T00:00:00Z'), at('2026-04-01T00:00:00Z')] as const;
    const spring = campaignWindows(
      { startDate: '2026-03-29', endDate: '2026-03-29', dayparts: [daypart] },
      berlin,
      ...range,
    );
    // 01:00 CET to 04:00 CEST: the hour from 02:00 to 03:00 does not exist that night.
    expect(spring).toEqual([
      { startMs: at('2026-03-29T00:00:00Z'), endMs: at('2026-03-29T02:00:00Z') },
    ]);
    const autumn = campaignWindows(
      { startDate: '2026-10-25', endDate: '2026-10-25', dayparts: [daypart] },
      berlin,
      at('2026-10-24T00:00:00Z'),
      at('2026-10-27T00:00:00Z'),
    );
    // 01:00 CEST to 04:00 CET: four hours, 02:00–03:00 happens twice.
    expect(autumn).toEqual([
      { startMs: at('2026-10-24T23:00:00Z'), endMs: at('2026-10-25T03:00:00Z') },
    ]);
  });

  it('keeps to the listed weekdays, runs overnight dayparts into the next day, merges what touches and clips to the flight and range', () => {
    const windows = campaignWindows(
      {
        startDate: '2026-11-23',
        endDate: '2026-11-25',
        dayparts: [
          // Monday and Wednesday evenings into the night, and Tuesday mornings.
          { weekdays: [1, 3], startTime: '22:00', endTime: '02:00' },
          { weekdays: [2], startTime: '00:00', endTime: '06:00' },
        ],
      },
      berlin,
      at('2026-11-20T00:00:00Z'),
      at('2026-11-30T00:00:00Z'),
    );
    expect(windows).toEqual([
      // Monday 22:00 to Tuesday 02:00, merged with Tuesday 00:00–06:00 that overlaps it.
      { startMs: at('2026-11-23T21:00:00Z'), endMs: at('2026-11-24T05:00:00Z') },
      // Wednesday 22:00 until the flight ends at Thursday 00:00.
      { startMs: at('2026-11-25T21:00:00Z'), endMs: at('2026-11-25T23:00:00Z') },
    ]);
  });

  it('is the flight within the range when there are no dayparts, and nothing outside it', () => {
    const campaign = { startDate: '2026-11-23', endDate: '2026-12-31', dayparts: [] };
    const from = at('2026-11-25T00:00:00Z');
    const to = at('2026-12-02T00:00:00Z');
    expect(campaignWindows(campaign, 'America/New_York', from, to)).toEqual([
      { startMs: from, endMs: to },
    ]);
    expect(
      campaignWindows({ ...campaign, endDate: '2026-11-23' }, 'America/New_York', from, to),
    ).toEqual([]);
    // The 24th in New York ends at 05:00 UTC on the 25th: inside the range.
    expect(
      campaignWindows({ ...campaign, endDate: '2026-11-24' }, 'America/New_York', from, to),
    ).toEqual([{ startMs: from, endMs: at('2026-11-25T05:00:00Z') }]);
  });

  it('reuses worked-out windows only for the same dates, dayparts, zone and range', () => {
    const campaign = {
      startDate: '2026-11-20',
      endDate: '2026-12-31',
      dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '10:00' }],
    };
    const from = at('2026-11-23T00:00:00Z');
    const to = from + 7 * 24 * HOUR_MS;
    const fresh = (input: typeof campaign, zone: string, fromMs: number, toMs: number) => ({
      flight: flightOf(input, zone),
      windows: campaignWindows(input, zone, fromMs, toMs),
    });
    const first = cachedCampaignWindows(campaign, berlin, from, to);
    expect(first).toEqual(fresh(campaign, berlin, from, to));
    // A caller changing its copy changes nothing for the next.
    first.windows.splice(0, 1);
    first.flight.startMs = 0;
    expect(cachedCampaignWindows(campaign, berlin, from, to)).toEqual(
      fresh(campaign, berlin, from, to),
    );
    // Each input is part of the key: an edit, another zone or the next day's range is worked out.
    const edited = {
      ...campaign,
      dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '10:00' }],
    };
    const shorter = { ...campaign, endDate: '2026-11-24' };
    const later = { ...campaign, startDate: '2026-11-25' };
    for (const [input, zone, fromMs, toMs] of [
      [edited, berlin, from, to],
      [shorter, berlin, from, to],
      [later, berlin, from, to],
      [campaign, 'America/New_York', from, to],
      [campaign, berlin, from + 24 * HOUR_MS, to + 24 * HOUR_MS],
    ] as const) {
      const cached = cachedCampaignWindows(input, zone, fromMs, toMs);
      expect(cached).toEqual(fresh(input, zone, fromMs, toMs));
      expect(cached).not.toEqual(fresh(campaign, berlin, from, to));
    }
  });
});
