// The schedule resolver against the reference implementation (test/schedule-reference.ts), as
// properties over generated schedules in zones with every kind of transition.
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
import { HOUR, MINUTE } from './test/schedule-fixtures';

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
