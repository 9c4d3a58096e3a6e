// The schedule resolver by example: windows crossing midnight, daylight saving time, who wins,
// nextChange. The properties against the reference are in schedule-resolver-property.test.ts.
import { describe, expect, it } from 'vitest';
import {
  createScheduleResolver,
  resolveLocalDateTime,
  type ScheduleInput,
} from './schedule-resolver';
import { HOUR, MINUTE, rule, at, playlistAt } from './test/schedule-fixtures';

describe('a window crossing midnight', () => {
  const input: ScheduleInput = {
    timeZone: 'America/New_York',
    defaultPlaylistId: null,
    // 2026-01-02 is a Friday (ISO 5).
    entries: [rule({ id: 'friday-night', weekdays: [5], startTime: '22:00', endTime: '02:00' })],
  };

  it('covers Friday 22:00 to Saturday 02:00 and belongs to Friday', () => {
    expect(playlistAt(input, '2026-01-02T21:59')).toBeNull();
    expect(playlistAt(input, '2026-01-02T22:00')).toBe('playlist-friday-night');
    expect(playlistAt(input, '2026-01-03T01:59')).toBe('playlist-friday-night');
    expect(playlistAt(input, '2026-01-03T02:00')).toBeNull();
    // Saturday is not listed: its own 22:00 does not start a window.
    expect(playlistAt(input, '2026-01-03T22:30')).toBeNull();
    // Thursday night is not Friday's window either.
    expect(playlistAt(input, '2026-01-02T01:00')).toBeNull();
  });

  it('runs past the last day when the window starts on it', () => {
    const lastFriday = {
      ...input,
      entries: [{ ...input.entries[0]!, lastDay: '2026-01-02' }],
    };
    expect(playlistAt(lastFriday, '2026-01-03T01:00')).toBe('playlist-friday-night');
    expect(playlistAt(lastFriday, '2026-01-09T23:00')).toBeNull();
  });

  it('starts on the first day, not the evening before', () => {
    const fromSaturday = {
      ...input,
      entries: [rule({ id: 'n', firstDay: '2026-01-03', startTime: '22:00', endTime: '02:00' })],
    };
    expect(playlistAt(fromSaturday, '2026-01-03T01:00')).toBeNull();
    expect(playlistAt(fromSaturday, '2026-01-03T22:00')).toBe('playlist-n');
  });

  it('lasts a whole day when start equals end', () => {
    const resolver = createScheduleResolver({
      ...input,
      entries: [rule({ id: 'day', weekdays: [5], startTime: '06:00', endTime: '06:00' })],
    });
    const windows = resolver.windowsOf('day', '2026-01-02', '2026-01-02');
    expect(windows).toEqual([
      {
        day: '2026-01-02',
        startMs: at('2026-01-02T06:00', 'America/New_York'),
        endMs: at('2026-01-03T06:00', 'America/New_York'),
      },
    ]);
  });
});

describe('daylight saving time', () => {
  it('America/New_York spring forward: a start in the gap moves forward by the gap', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT.
    const zone = 'America/New_York';
    const resolver = createScheduleResolver({
      timeZone: zone,
      defaultPlaylistId: null,
      entries: [rule({ id: 'gap', startTime: '02:30', endTime: '04:00' })],
    });
    const [window] = resolver.windowsOf('gap', '2026-03-08', '2026-03-08');
    expect(new Date(window!.startMs).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(new Date(window!.endMs).toISOString()).toBe('2026-03-08T08:00:00.000Z'); // 04:00 EDT
    expect(resolver.playingAt(Date.parse('2026-03-08T07:29:00Z')).source).toBe('idle');
    expect(resolver.playingAt(Date.parse('2026-03-08T07:30:00Z')).scheduleEntryId).toBe('gap');
  });

  it('America/New_York spring forward: a window wholly inside the gap plays after it', () => {
    const resolver = createScheduleResolver({
      timeZone: 'America/New_York',
      defaultPlaylistId: null,
      entries: [
        rule({ id: 'inside', startTime: '02:00', endTime: '02:30' }),
        // 02:30 → 03:30 EDT is after 03:15 EDT: that day the window is empty.
        rule({ id: 'inverted', startTime: '02:30', endTime: '03:15' }),
      ],
    });
    const [inside] = resolver.windowsOf('inside', '2026-03-08', '2026-03-08');
    expect(new Date(inside!.startMs).toISOString()).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(new Date(inside!.endMs).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    const [inverted] = resolver.windowsOf('inverted', '2026-03-08', '2026-03-08');
    expect(inverted!.endMs).toBeLessThan(inverted!.startMs);
    expect(resolver.playingAt(Date.parse('2026-03-08T07:20:00Z')).scheduleEntryId).toBe('inside');
    expect(resolver.playingAt(Date.parse('2026-03-08T07:40:00Z')).source).toBe('idle');
    // The next day both play normally.
    expect(resolver.playingAt(at('2026-03-09T03:00', 'America/New_York')).scheduleEntryId).toBe(
      'inverted',
    );
  });

  it('America/New_York fall back: a repeated time means the earlier one', () => {
    // 2026-11-01 02:00 EDT → 01:00 EST: 01:00–01:59 happens twice.
    const resolver = createScheduleResolver({
      timeZone: 'America/New_York',
      defaultPlaylistId: 'default',
      entries: [
        rule({ id: 'early', startTime: '00:00', endTime: '01:30' }),
        rule({ id: 'late', startTime: '01:30', endTime: '03:00' }),
      ],
    });
    expect(resolver.playingAt(Date.parse('2026-11-01T05:29:00Z')).scheduleEntryId).toBe('early');
    // 01:30 EDT, the first 01:30: "early" ends, "late" starts.
    expect(resolver.playingAt(Date.parse('2026-11-01T05:30:00Z')).scheduleEntryId).toBe('late');
    // 01:15 EST, the second 01:15: wall clock inside "early"'s hours, but its window has ended.
    expect(resolver.playingAt(Date.parse('2026-11-01T06:15:00Z')).scheduleEntryId).toBe('late');
    expect(resolver.playingAt(Date.parse('2026-11-01T08:00:00Z')).source).toBe('default');
  });

  it('a whole-day window lasts 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const resolver = createScheduleResolver({
      timeZone: 'America/New_York',
      defaultPlaylistId: null,
      entries: [rule({ id: 'all-day' })],
    });
    const [spring] = resolver.windowsOf('all-day', '2026-03-08', '2026-03-08');
    const [fall] = resolver.windowsOf('all-day', '2026-11-01', '2026-11-01');
    expect(spring!.endMs - spring!.startMs).toBe(23 * HOUR);
    expect(fall!.endMs - fall!.startMs).toBe(25 * HOUR);
  });

  it('America/New_York: windows across both DST nights (the docs/schedule.md examples)', () => {
    const resolver = createScheduleResolver({
      timeZone: 'America/New_York',
      defaultPlaylistId: null,
      entries: [
        rule({ id: 'saturday-night', weekdays: [6], startTime: '22:00', endTime: '02:30' }),
        rule({ id: 'repeated-hour', weekdays: [7], startTime: '01:30', endTime: '03:00' }),
      ],
    });
    const [spring] = resolver.windowsOf('saturday-night', '2026-03-07', '2026-03-07');
    expect(new Date(spring!.endMs).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(spring!.endMs - spring!.startMs).toBe(4.5 * HOUR);
    const [fall] = resolver.windowsOf('repeated-hour', '2026-11-01', '2026-11-01');
    expect(fall!.endMs - fall!.startMs).toBe(2.5 * HOUR);
  });

  it('Europe/London: a Saturday 23:00–02:00 window across each DST night', () => {
    const resolver = createScheduleResolver({
      timeZone: 'Europe/London',
      defaultPlaylistId: null,
      entries: [rule({ id: 'sat', weekdays: [6], startTime: '23:00', endTime: '02:00' })],
    });
    // 2026-03-29 01:00 GMT → 02:00 BST: 23:00 GMT to 02:00 BST is two hours.
    const [spring] = resolver.windowsOf('sat', '2026-03-28', '2026-03-28');
    expect(new Date(spring!.startMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(spring!.endMs).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 2026-10-25 02:00 BST → 01:00 GMT: 23:00 BST to 02:00 GMT is four hours.
    const [fall] = resolver.windowsOf('sat', '2026-10-24', '2026-10-24');
    expect(fall!.endMs - fall!.startMs).toBe(4 * HOUR);
    expect(resolver.playingAt(Date.parse('2026-10-25T01:30:00Z')).scheduleEntryId).toBe('sat');
    expect(resolver.playingAt(Date.parse('2026-10-25T02:00:00Z')).source).toBe('idle');
  });

  it('Australia/Lord_Howe: the 30-minute shift', () => {
    const zone = 'Australia/Lord_Howe';
    const resolver = createScheduleResolver({
      timeZone: zone,
      defaultPlaylistId: null,
      entries: [
        rule({ id: 'gap', startTime: '02:00', endTime: '02:15' }),
        rule({ id: 'twice', startTime: '01:45', endTime: '03:00' }),
      ],
    });
    // 2026-10-04 02:00 +10:30 → 02:30 +11:00: 02:00–02:15 does not exist, it plays 02:30–02:45.
    const [gap] = resolver.windowsOf('gap', '2026-10-04', '2026-10-04');
    expect(resolveLocalDateTime('2026-10-04T02:00', zone)).toMatchObject({
      localTime: '2026-10-04T02:30:00',
      offset: '+11:00',
      adjustment: 'moved-forward',
    });
    expect(gap!.endMs - gap!.startMs).toBe(15 * MINUTE);
    expect(new Date(gap!.startMs).toISOString()).toBe('2026-10-03T15:30:00.000Z');
    // 2026-04-05 02:00 +11:00 → 01:30 +10:30: 01:45 happens twice, the window starts at the first.
    const [twice] = resolver.windowsOf('twice', '2026-04-05', '2026-04-05');
    expect(new Date(twice!.startMs).toISOString()).toBe('2026-04-04T14:45:00.000Z'); // 01:45 +11
    expect(twice!.endMs - twice!.startMs).toBe(105 * MINUTE);
    expect(resolveLocalDateTime('2026-04-05T01:45', zone).adjustment).toBe('earlier-of-two');
  });
});

describe('who wins', () => {
  const zone = 'Europe/London';
  const local = '2026-06-01T10:00';

  it('the highest priority', () => {
    const input: ScheduleInput = {
      timeZone: zone,
      defaultPlaylistId: 'default',
      entries: [
        rule({ id: 'a', priority: 10, updatedAt: '2026-05-01T00:00:00Z' }),
        rule({ id: 'b', priority: 90, updatedAt: '2026-01-01T00:00:00Z' }),
      ],
    };
    const explanation = createScheduleResolver(input).explainAt(at(local, zone));
    expect(explanation.scheduleEntryId).toBe('b');
    expect(explanation.active.map((entry) => [entry.entryId, entry.outcome])).toEqual([
      ['b', 'won'],
      ['a', 'lower-priority'],
    ]);
    expect(explanation.summary).toBe('Entry b wins: highest priority (90) of 2 active entries.');
  });

  it('on equal priority, the most recently changed, compared as instants', () => {
    const input: ScheduleInput = {
      timeZone: zone,
      defaultPlaylistId: null,
      entries: [
        // 09:30Z is later than 10:00+01:00 (09:00Z), though it sorts first as a string.
        rule({ id: 'a', updatedAt: '2026-05-01T10:00:00+01:00' }),
        rule({ id: 'b', updatedAt: '2026-05-01T09:30:00Z' }),
      ],
    };
    const explanation = createScheduleResolver(input).explainAt(at(local, zone));
    expect(explanation.scheduleEntryId).toBe('b');
    expect(explanation.active[1]).toMatchObject({ entryId: 'a', outcome: 'older-change' });
  });

  it('on equal priority and change instant, the smallest id', () => {
    const input: ScheduleInput = {
      timeZone: zone,
      defaultPlaylistId: null,
      entries: [
        rule({ id: 'b', updatedAt: '2026-05-01T10:00:00+01:00' }),
        rule({ id: 'a', updatedAt: '2026-05-01T09:00:00Z' }),
      ],
    };
    const explanation = createScheduleResolver(input).explainAt(at(local, zone));
    expect(explanation.scheduleEntryId).toBe('a');
    expect(explanation.active[1]).toMatchObject({ entryId: 'b', outcome: 'tie-break' });
  });

  it('falls back to the default playlist, then to idle, and says why entries are inactive', () => {
    const entries = [
      rule({ id: 'later', firstDay: '2026-07-01' }),
      rule({ id: 'weekend', weekdays: [6, 7] }), // 2026-06-01 is a Monday
      rule({ id: 'evening', startTime: '18:00', endTime: '22:00' }),
    ];
    const withDefault = createScheduleResolver({ timeZone: zone, defaultPlaylistId: 'd', entries });
    const explanation = withDefault.explainAt(at(local, zone));
    expect(explanation).toMatchObject({
      source: 'default',
      playlistId: 'd',
      scheduleEntryId: null,
      localTime: '2026-06-01T10:00:00',
      timeZone: zone,
      at: '2026-06-01T09:00:00.000Z',
      offset: '+01:00',
    });
    expect(explanation.inactive.map((entry) => [entry.entryId, entry.reason])).toEqual([
      ['later', 'outside-dates'],
      ['weekend', 'weekday-not-listed'],
      ['evening', 'outside-window'],
    ]);
    const idle = createScheduleResolver({ timeZone: zone, defaultPlaylistId: null, entries });
    expect(idle.playingAt(at(local, zone))).toMatchObject({
      source: 'idle',
      playlistId: null,
      scheduleEntryId: null,
    });
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(() =>
      createScheduleResolver({ timeZone: 'Mars/Olympus', defaultPlaylistId: null, entries: [] }),
    ).toThrow(RangeError);
  });

  it('refuses a local date-time that is not on the calendar instead of moving it', () => {
    expect(() => resolveLocalDateTime('2026-02-30T10:00', 'Europe/London')).toThrow(RangeError);
    expect(() => resolveLocalDateTime('2026-02-28T10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('nextChange', () => {
  it('finds the boundary where the answer changes, skipping those where it does not', () => {
    const zone = 'America/New_York';
    const resolver = createScheduleResolver({
      timeZone: zone,
      defaultPlaylistId: 'default',
      entries: [
        rule({ id: 'top', priority: 90, startTime: '09:00', endTime: '17:00' }),
        // Starts and ends inside "top": no change at 10:00 or 11:00.
        rule({ id: 'hidden', priority: 10, startTime: '10:00', endTime: '11:00' }),
      ],
    });
    const next = resolver.nextChange(at('2026-03-02T09:30', zone));
    expect(next).toBe(at('2026-03-02T17:00', zone));
    expect(resolver.nextChange(next!)).toBe(at('2026-03-03T09:00', zone));
  });

  it('answers null when nothing changes within the horizon', () => {
    const resolver = createScheduleResolver({
      timeZone: 'UTC',
      defaultPlaylistId: 'default',
      entries: [],
    });
    expect(resolver.nextChange(Date.parse('2026-01-01T00:00:00Z'))).toBeNull();
  });
});
