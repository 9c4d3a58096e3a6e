import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createScheduleResolver,
  resolveLocalDateTime,
  type ScheduleInput,
  type TScheduleRule,
} from './schedule-resolver';
import { Temporal } from './temporal';
import { createReferenceSchedule } from './test/schedule-reference';

const HOUR = 3_600_000;
const MINUTE = 60_000;

function rule(overrides: Partial<TScheduleRule> & Pick<TScheduleRule, 'id'>): TScheduleRule {
  return {
    playlistId: `playlist-${overrides.id}`,
    firstDay: '2026-01-01',
    lastDay: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '00:00',
    endTime: '00:00',
    priority: 50,
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The instant of a local wall-clock time, read with the compatible rules. */
function at(local: string, timeZone: string): number {
  return resolveLocalDateTime(local, timeZone).epochMs;
}

function playlistAt(input: ScheduleInput, local: string): string | null {
  return createScheduleResolver(input).playingAt(at(local, input.timeZone)).playlistId;
}

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

// Zones whose offsets are whole minutes (the reference steps minute by minute): DST at 02:00,
// 01:00 UTC, a 30-minute shift, a 45-minute offset, DST at midnight (Santiago), none (Kolkata).
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
  'America/Havana',
  'Asia/Kolkata',
] as const;

/** Every offset change of 2026 in the zone, as epoch ms: the instants worth testing around. */
function transitionsOf(zone: string): number[] {
  const found: number[] = [];
  let cursor: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from(
    `2026-01-01T00:00[${zone}]`,
  );
  while (cursor && cursor.year === 2026) {
    cursor = cursor.getTimeZoneTransition('next');
    if (cursor && cursor.year === 2026) found.push(cursor.epochMilliseconds);
  }
  return found;
}
const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitionsOf(zone)]));

// Times near the transitions and midnight, plus any minute.
const arbTime = fc.oneof(
  fc.constantFrom('00:00', '00:30', '01:00', '01:30', '01:45', '02:00', '02:15', '02:30', '03:00'),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
);

const arbCase = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    transitionPick: fc.nat(),
    offsetMinutes: fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
    extraMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59_999 })),
    hasDefault: fc.boolean(),
    entries: fc.array(
      fc.record({
        firstOffset: fc.integer({ min: -9, max: 2 }),
        span: fc.option(fc.integer({ min: 0, max: 10 })),
        weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
        startTime: arbTime,
        endTime: arbTime,
        priority: fc.constantFrom(0, 50, 100),
        // Two spellings of one instant, to exercise the tie-break.
        updatedAt: fc.constantFrom(
          '2026-01-01T00:00:00Z',
          '2026-01-01T01:00:00+01:00',
          '2026-02-01T00:00:00Z',
        ),
        playlistId: fc.constantFrom('p1', 'p2', 'p3'),
      }),
      { maxLength: 6 },
    ),
    idOrder: fc.nat(),
  })
  .map((raw) => {
    const transitions = TRANSITIONS.get(raw.zone) ?? [];
    const base =
      transitions.length > 0
        ? transitions[raw.transitionPick % transitions.length]!
        : Date.parse('2026-06-15T12:00:00Z');
    const epochMs = base + raw.offsetMinutes * MINUTE + raw.extraMs;
    const today = Temporal.Instant.fromEpochMilliseconds(epochMs)
      .toZonedDateTimeISO(raw.zone)
      .toPlainDate();
    const entries: TScheduleRule[] = raw.entries.map((entry, index) => {
      const firstDay = today.add({ days: entry.firstOffset });
      return {
        // Ids in an order unrelated to the array order.
        id: `e${(index * 7 + raw.idOrder) % 101}-${index}`,
        playlistId: entry.playlistId,
        firstDay: firstDay.toString(),
        lastDay: entry.span === null ? null : firstDay.add({ days: entry.span }).toString(),
        weekdays: entry.weekdays,
        startTime: entry.startTime,
        endTime: entry.endTime,
        priority: entry.priority,
        updatedAt: entry.updatedAt,
      };
    });
    const input: ScheduleInput = {
      timeZone: raw.zone,
      entries,
      defaultPlaylistId: raw.hasDefault ? 'default' : null,
    };
    const reference = createReferenceSchedule(
      input,
      // Wider than any window can reach: 6 days back, and past the 2-day horizons ahead.
      today.subtract({ days: 6 }).toString(),
      today.add({ days: 4 }).toString(),
    );
    return { input, epochMs, reference };
  });

// Hundreds of schedules each, through a Temporal polyfill that is not fast: give the
// properties room on a busy CI runner rather than fewer cases.
describe('against the reference implementation (property)', { timeout: 60_000 }, () => {
  it('answers what the reference answers, at any instant', () => {
    fc.assert(
      fc.property(arbCase, ({ input, epochMs, reference }) => {
        const resolver = createScheduleResolver(input);
        const playing = resolver.playingAt(epochMs);
        expect({
          source: playing.source,
          playlistId: playing.playlistId,
          scheduleEntryId: playing.scheduleEntryId,
        }).toEqual(reference.playingAt(epochMs));
        const explanation = resolver.explainAt(epochMs);
        expect(explanation.active.map((entry) => entry.entryId).sort()).toEqual(
          reference.activeEntryIds(epochMs).sort(),
        );
        expect(explanation.active.length + explanation.inactive.length).toBe(input.entries.length);
      }),
      { numRuns: 400 },
    );
  });

  it('nextChange is the first minute at which the answer differs: it never skips a change', () => {
    const horizonMs = 2 * 24 * HOUR;
    fc.assert(
      fc.property(arbCase, ({ input, epochMs, reference }) => {
        const next = createScheduleResolver(input).nextChange(epochMs, { horizonMs });
        expect(next).toBe(reference.nextChangeByMinute(epochMs, horizonMs));
      }),
      { numRuns: 200 },
    );
  });

  it('the timeline equals asking playingAt and nextChange segment by segment', () => {
    const horizonMs = 8 * 24 * HOUR;
    fc.assert(
      fc.property(arbCase, ({ input, epochMs }) => {
        const resolver = createScheduleResolver(input);
        const stepwise = [];
        for (let startMs = epochMs; startMs < epochMs + horizonMs;) {
          const playing = resolver.playingAt(startMs);
          const next = resolver.nextChange(startMs, { horizonMs: epochMs + horizonMs - startMs });
          const endMs = next === null ? epochMs + horizonMs : Math.min(next, epochMs + horizonMs);
          stepwise.push({
            startMs,
            endMs,
            source: playing.source,
            playlistId: playing.playlistId,
            scheduleEntryId: playing.scheduleEntryId,
          });
          startMs = endMs;
        }
        expect(resolver.timeline(epochMs, epochMs + horizonMs)).toEqual(stepwise);
      }),
      { numRuns: 150 },
    );
  });

  it('the timeline is back to back and agrees with the reference at every minute', () => {
    const horizonMs = 36 * HOUR;
    fc.assert(
      fc.property(arbCase, ({ input, epochMs, reference }) => {
        const segments = createScheduleResolver(input).timeline(epochMs, epochMs + horizonMs);
        expect(segments[0]!.startMs).toBe(epochMs);
        expect(segments[segments.length - 1]!.endMs).toBe(epochMs + horizonMs);
        segments.forEach((segment, index) => {
          if (index > 0) expect(segment.startMs).toBe(segments[index - 1]!.endMs);
          const expected = reference.playingAt(segment.startMs);
          expect({
            source: segment.source,
            playlistId: segment.playlistId,
            scheduleEntryId: segment.scheduleEntryId,
          }).toEqual(expected);
          // Constant inside: the reference changes only at the segment's end.
          const change = reference.nextChangeByMinute(
            segment.startMs,
            segment.endMs - segment.startMs,
          );
          expect(change === null || change === segment.endMs).toBe(true);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('a local date-time resolves to an instant that shows that wall-clock time, or later in a gap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 364 * 24 * 4 }),
        (zone, quarterHours) => {
          const wall = Temporal.PlainDateTime.from('2026-01-01T00:00').add({
            minutes: quarterHours * 15,
          });
          const local = wall.toString({ smallestUnit: 'minute' });
          const resolved = resolveLocalDateTime(local, zone);
          const shown = Temporal.Instant.fromEpochMilliseconds(resolved.epochMs)
            .toZonedDateTimeISO(zone)
            .toPlainDateTime();
          expect(resolved.localTime).toBe(shown.toString({ smallestUnit: 'second' }));
          if (resolved.adjustment === 'moved-forward') {
            expect(Temporal.PlainDateTime.compare(shown, wall)).toBe(1);
          } else {
            expect(shown.equals(wall)).toBe(true);
          }
          if (resolved.adjustment === 'earlier-of-two') {
            // The instant one hour (or 30 min on Lord Howe) later shows the same wall clock again:
            // at least there is a later instant with that wall time.
            const later = wall.toZonedDateTime(zone, { disambiguation: 'later' });
            expect(later.epochMilliseconds).toBeGreaterThan(resolved.epochMs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
