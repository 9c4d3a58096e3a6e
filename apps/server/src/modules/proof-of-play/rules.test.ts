import { describe, expect, it } from 'vitest';
import {
  PLAY_CLOCK_SKEW_MS,
  PLAY_MAX_AGE_MS,
  PLAY_SLOT_TOLERANCE_MS,
} from '@screenline/shared/proof-of-play';
import {
  judgeArrivals,
  longestFree,
  type TArrivingPlay,
  type TServedVersion,
} from './arrival-rules';
import {
  settlePlays,
  stateAt,
  type TSettlingCampaign,
  type TSettlingPlay,
  type TSettlingSpace,
} from '../settlement/settlement-rules';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;

describe('arrival rules', () => {
  const served: TServedVersion[] = [
    {
      version: 'v1',
      servedAtMs: NOW - 2 * HOUR,
      fill: { campaigns: { c1: [[NOW - 3 * HOUR, NOW + HOUR]] }, slots: { 'p/slot': 15_000 } },
    },
  ];
  let sequence = 0;
  const play = (overrides: Partial<TArrivingPlay> = {}): TArrivingPlay => ({
    id: `play-${(sequence += 1)}`,
    sequence,
    startedAtMs: NOW - HOUR,
    shownMs: 15_000,
    failed: false,
    slotKey: 'p/slot',
    campaignId: 'c1',
    ...overrides,
  });
  const judge = (plays: TArrivingPlay[], taken: { startMs: number; endMs: number }[] = []) =>
    judgeArrivals(plays, { nowMs: NOW, served, taken });

  it('bills at most the slot plus the tolerance', () => {
    const long = play({ shownMs: 86_400_000, startedAtMs: NOW - 30 * HOUR });
    const late = play({ shownMs: 15_001 });
    // 30 hours ago is before the manifest was sent: use a play inside it, ending before now.
    const inWindow = play({ shownMs: 60 * 60_000 - 1, startedAtMs: NOW - 2 * HOUR + 1 });
    const verdicts = judge([long, late, inWindow]);
    expect(verdicts.get(late.id)?.billable).toEqual({
      startMs: late.startedAtMs,
      endMs: late.startedAtMs + 15_001,
    });
    const billable = verdicts.get(inWindow.id)?.billable;
    expect(billable && billable.endMs - billable.startMs).toBe(15_000 + PLAY_SLOT_TOLERANCE_MS);
  });

  it('refuses plays that end after now plus the skew, and plays older than the maximum age', () => {
    const ahead = play({ startedAtMs: NOW + PLAY_CLOCK_SKEW_MS - 10_000, shownMs: 15_000 });
    const justInSkew = play({ startedAtMs: NOW + PLAY_CLOCK_SKEW_MS - 15_000, shownMs: 15_000 });
    const old = play({ startedAtMs: NOW - PLAY_MAX_AGE_MS - 1 });
    const verdicts = judge([ahead, justInSkew, old]);
    expect(verdicts.get(ahead.id)?.verdict).toBe('clock-ahead');
    expect(verdicts.get(old.id)?.verdict).toBe('too-old');
    // Inside the skew, and the manifest offered c1 until NOW + 1 h: billable.
    expect(verdicts.get(justInSkew.id)?.verdict).toBe('pending');
  });

  it('refuses what no manifest sent to the TV offered: campaign, window, slot, or sent after the play', () => {
    const other = play({ campaignId: 'c2' });
    const beforeWindow = play({ startedAtMs: NOW - 3 * HOUR - 1 });
    const wrongSlot = play({ slotKey: 'p/other' });
    // Started more than the skew before the manifest that offered it was sent.
    const beforeSent = play({ startedAtMs: NOW - 2 * HOUR - PLAY_CLOCK_SKEW_MS - 1 });
    const verdicts = judge([other, beforeWindow, wrongSlot, beforeSent]);
    for (const refused of [other, beforeWindow, wrongSlot, beforeSent])
      expect(verdicts.get(refused.id)?.verdict, refused.id).toBe('not-offered');
  });

  it('bills overlapping plays of one screen once: the longest stretch no earlier play claimed', () => {
    const first = play({ startedAtMs: NOW - HOUR });
    const same = play({ startedAtMs: NOW - HOUR });
    const half = play({ startedAtMs: NOW - HOUR + 7_500 });
    const verdicts = judge([first, same, half]);
    expect(verdicts.get(first.id)?.verdict).toBe('pending');
    expect(verdicts.get(same.id)?.verdict).toBe('overlap');
    expect(verdicts.get(half.id)?.billable).toEqual({
      startMs: NOW - HOUR + 15_000,
      endMs: NOW - HOUR + 22_500,
    });
    // Stored before (another batch): the same.
    const again = play({ startedAtMs: NOW - HOUR + 1_000 });
    const later = judge([again], [{ startMs: NOW - HOUR, endMs: NOW - HOUR + 15_000 }]);
    expect(later.get(again.id)?.billable).toEqual({
      startMs: NOW - HOUR + 15_000,
      endMs: NOW - HOUR + 16_000,
    });
  });

  it('refuses failed and zero-length plays', () => {
    const failed = play({ failed: true });
    const empty = play({ shownMs: 0 });
    const verdicts = judge([failed, empty]);
    expect(verdicts.get(failed.id)?.verdict).toBe('failed');
    expect(verdicts.get(empty.id)?.verdict).toBe('too-short');
  });

  it('refuses plays that start during an emergency takeover, and bills only the part before one', () => {
    const takeovers = [{ startMs: NOW - HOUR + 5_000, endMs: NOW - HOUR / 2 }];
    const runsInto = play({ startedAtMs: NOW - HOUR });
    const during = play({ startedAtMs: NOW - HOUR + 20_000 });
    const after = play({ startedAtMs: NOW - HOUR / 2 });
    const verdicts = judgeArrivals([runsInto, during, after], {
      nowMs: NOW,
      served,
      taken: [],
      takeovers,
    });
    expect(verdicts.get(runsInto.id)).toEqual({
      verdict: 'pending',
      billable: { startMs: NOW - HOUR, endMs: NOW - HOUR + 5_000 },
    });
    expect(verdicts.get(during.id)).toEqual({ verdict: 'takeover', billable: null });
    // The takeover ended: what starts then is billed again.
    expect(verdicts.get(after.id)?.verdict).toBe('pending');
  });

  it('longestFree keeps the longest uncovered part', () => {
    expect(
      longestFree({ startMs: 0, endMs: 100 }, [
        { startMs: 10, endMs: 20 },
        { startMs: 60, endMs: 70 },
      ]),
    ).toEqual({ startMs: 20, endMs: 60 });
    expect(longestFree({ startMs: 0, endMs: 10 }, [{ startMs: -5, endMs: 15 }])).toBeNull();
  });
});

describe('settlement rules', () => {
  const BERLIN_DAY = '2026-11-25';
  const campaign = (overrides: Partial<TSettlingCampaign> = {}): TSettlingCampaign => ({
    id: 'c1',
    state: 'approved',
    targeting: { cities: ['Berlin'] },
    creativeIds: ['creative'],
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    dayparts: [],
    bidMicrosPerSecond: 10_000,
    dailyCapMicros: null,
    events: [{ toState: 'approved', atMs: NOW - 100 * HOUR }],
    ...overrides,
  });
  const space = (overrides: Partial<TSettlingSpace> = {}): TSettlingSpace => ({
    timeZone: 'Europe/Berlin',
    periods: [
      {
        fromMs: NOW - 100 * HOUR,
        toMs: null,
        floorMicrosPerSecond: 5_000,
        city: 'Berlin',
        venueType: 'retail',
        orientation: 'landscape',
      },
    ],
    excludedSinceMs: null,
    approvedSinceMs: Number.NEGATIVE_INFINITY,
    ...overrides,
  });
  let n = 0;
  const play = (overrides: Partial<TSettlingPlay> = {}): TSettlingPlay => ({
    id: `p${(n += 1)}`,
    adSpaceId: 's1',
    ownerId: 'owner',
    startedAtMs: NOW - HOUR,
    billableMs: 10_000,
    creativeId: 'creative',
    localDay: BERLIN_DAY,
    ...overrides,
  });
  const settle = (
    plays: TSettlingPlay[],
    options: {
      campaign?: TSettlingCampaign;
      space?: TSettlingSpace;
      holdLeft?: number;
      capUsed?: Map<string, number>;
    } = {},
  ) =>
    settlePlays(options.campaign ?? campaign(), plays, {
      spaces: new Map([['s1', options.space ?? space()]]),
      capUsed: options.capUsed ?? new Map(),
      holdLeft: options.holdLeft ?? 1_000_000_000,
      commissionBasisPoints: 2000,
    }).settled;

  it('bills floor(billable ms × bid / 1000) with the owner’s share', () => {
    const [billed] = settle([play({ billableMs: 1_234 })]);
    expect(billed).toMatchObject({
      verdict: 'billed',
      billedMicros: 12_340,
      ownerShareMicros: 9_872,
    });
  });

  it('reads the campaign’s state at the play’s start: paused before it, not live; paused after, billed', () => {
    const events = [
      { toState: 'approved' as const, atMs: NOW - 100 * HOUR },
      { toState: 'paused' as const, atMs: NOW - HOUR },
    ];
    const paused = campaign({ state: 'paused', events });
    expect(stateAt(paused, NOW - 2 * HOUR)).toBe('approved');
    const [before, after] = settle(
      [play({ startedAtMs: NOW - 2 * HOUR }), play({ startedAtMs: NOW - HOUR + 1 })],
      { campaign: paused },
    );
    expect([before?.verdict, after?.verdict]).toEqual(['billed', 'not-live']);
  });

  it('refuses plays outside the flight or dayparts in the location’s zone', () => {
    // 12:00 UTC is 13:00 in Berlin; a daypart 14:00–15:00 there.
    const dayparts = campaign({
      dayparts: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '14:00', endTime: '15:00' }],
    });
    const [now, inside] = settle(
      [play({ startedAtMs: NOW }), play({ startedAtMs: NOW + HOUR + 60_000 })],
      { campaign: dayparts },
    );
    expect([now?.verdict, inside?.verdict]).toEqual(['outside-schedule', 'billed']);
    // The flight starts at 00:00 Berlin on the start date (23:00 UTC the day before).
    const flight = campaign({ startDate: '2026-11-26', endDate: '2026-11-30' });
    const [beforeFlight, atStart] = settle(
      [
        play({ startedAtMs: Date.parse('2026-11-25T22:59:59Z') }),
        play({ startedAtMs: Date.parse('2026-11-25T23:00:01Z') }),
      ],
      { campaign: flight },
    );
    expect([beforeFlight?.verdict, atStart?.verdict]).toEqual(['outside-schedule', 'billed']);
  });

  it('refuses plays when the space was not monetized, below its floor then, untargeted or excluded', () => {
    const ended = space({
      periods: [{ ...space().periods[0]!, toMs: NOW - 2 * HOUR }],
    });
    expect(settle([play()], { space: ended })[0]?.verdict).toBe('not-monetized');
    expect(
      settle([play()], { campaign: campaign({ bidMicrosPerSecond: 4_000 }) })[0]?.verdict,
    ).toBe('below-floor');
    const hamburg = campaign({ targeting: { cities: ['Hamburg'] } });
    expect(settle([play()], { campaign: hamburg })[0]?.verdict).toBe('not-targeted');
    const excluded = space({ excludedSinceMs: NOW - 2 * HOUR });
    expect(settle([play()], { space: excluded })[0]?.verdict).toBe('excluded');
    // Excluded after the play: billed.
    const excludedLater = space({ excludedSinceMs: NOW });
    expect(settle([play()], { space: excludedLater })[0]?.verdict).toBe('billed');
    // Owner approval (issue 22): not approved on the space now, or only since after the start.
    const undecided = space({ approvedSinceMs: null });
    expect(settle([play()], { space: undecided })[0]?.verdict).toBe('not-approved');
    const approvedLater = space({ approvedSinceMs: NOW });
    expect(settle([play()], { space: approvedLater })[0]?.verdict).toBe('not-approved');
    const approvedBefore = space({ approvedSinceMs: NOW - 2 * HOUR });
    expect(settle([play()], { space: approvedBefore })[0]?.verdict).toBe('billed');
    expect(settle([play({ creativeId: 'other' })])[0]?.verdict).toBe('wrong-creative');
  });

  it('caps each local day, and never charges past the hold', () => {
    const capped = campaign({ dailyCapMicros: 150_000 });
    const plays = [
      play(),
      play(),
      play(),
      play({ localDay: '2026-11-24', startedAtMs: NOW - 20 * HOUR }),
    ];
    expect(settle(plays, { campaign: capped }).map((p) => p.billedMicros)).toEqual([
      100_000, 50_000, 0, 100_000,
    ]);
    expect(
      settle(plays, { campaign: capped, capUsed: new Map([[BERLIN_DAY, 140_000]]) }).map(
        (p) => p.verdict,
      ),
    ).toEqual(['billed', 'cap-reached', 'cap-reached', 'billed']);
    expect(settle([play(), play(), play()], { holdLeft: 150_000 }).map((p) => p.verdict)).toEqual([
      'billed',
      'billed',
      'budget-spent',
    ]);
  });
});
