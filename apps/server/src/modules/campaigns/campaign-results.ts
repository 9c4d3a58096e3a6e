import type { z } from 'zod';
import {
  ZStoredDaypart,
  type TCampaignResults,
  type ZCampaignResultsQuery,
} from '@screenline/shared/campaign';
import { CURRENCY, microsAsDecimal, millisecondsAsSeconds } from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import type { TActor } from '../../lib/actor';
import { csvStream } from '../../lib/csv';
import { localDayFormat } from '../../lib/local-day';
import type { TAccessPolicy } from '../access/access-policy';
import { pairKey, spaceApprovalsOf } from '../approvals/approval-directory';
import { campaignPacingOf, evenLineByDay, mainZoneOf } from '../fill/campaign-pacing';
import { adPlaySummaryOf } from '../proof-of-play/play-summary';
import { DAY_MS, RESULTS_MAX_DAYS, utcDate } from './campaign-dates';
import { matchingSpaces } from './campaign-lifecycle';
import { fieldError, requireRow } from './campaign-rows';
import { campaignsRepository as repo, type TCampaignRow } from './campaigns.repository';

type TResultsQuery = z.output<typeof ZCampaignResultsQuery>;

/**
 * The results CSV's columns: amounts in the currency and time in seconds, each header naming its
 * unit, for a spreadsheet; then the same figures exactly as the API counts them (micros, ms).
 */
const CSV_COLUMNS = [
  'day',
  'ad_space_id',
  'ad_space',
  'city',
  'impressions',
  'shown_seconds',
  `spent_${CURRENCY.toLowerCase()}`,
  'qr_scans',
  'shown_ms',
  'spent_micros',
] as const;

/**
 * What the TVs playing ad spaces have cached, for "creative ready on N of M screens". Declared
 * here and handed in from app.ts (`app.deps.playerDirectory`, the player module's directory): the
 * player module builds on this one (through settlement), so importing it would be a cycle.
 */
export interface TCreativeCaches {
  /**
   * Per TV playing one of the spaces that sent a heartbeat, in any order: its space and the ad
   * creatives its newest heartbeat reports cached.
   */
  creativesReadyOf(
    adSpaceIds: readonly string[],
  ): Promise<Array<{ adSpaceId: string; ready: readonly string[] }>>;
}

/**
 * A campaign's results (issue 9 item 8): figures by day and ad space, the pacing line and how
 * many screens are ready, as JSON and as CSV. Split from campaigns.service.ts by concern.
 */
export function createCampaignResults(
  db: TDb,
  access: TAccessPolicy,
  players: TCreativeCaches,
  now: () => number,
) {
  async function results(actor: TActor, id: string, query: TResultsQuery) {
    await access.requireAccess(actor, 'campaign.read', [id]);
    const row = await requireRow(db, id);
    // By default the flight; when it is longer than RESULTS_MAX_DAYS, the last RESULTS_MAX_DAYS
    // days of it up to today (or its newest billed play, if later): every micro billed lately.
    const flightDays = (Date.parse(row.endDate) - Date.parse(row.startDate)) / DAY_MS + 1;
    const latest = [utcDate(now()), (await repo.lastPlayDay(db, id)) ?? row.startDate].sort()[1]!;
    const defaultTo =
      flightDays <= RESULTS_MAX_DAYS ? row.endDate : [row.endDate, latest].sort()[0]!;
    const to =
      query.to ??
      (query.from
        ? [
            row.endDate,
            utcDate(Date.parse(query.from) + (RESULTS_MAX_DAYS - 1) * DAY_MS),
          ].sort()[0]!
        : defaultTo);
    const from =
      query.from ??
      [row.startDate, utcDate(Date.parse(to) - (RESULTS_MAX_DAYS - 1) * DAY_MS)].sort()[1]!;
    const dayCount = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (dayCount < 1) throw fieldError('querystring.to', 'Choose a day on or after the start.');
    if (dayCount > RESULTS_MAX_DAYS)
      throw fieldError('querystring.to', `Choose at most ${RESULTS_MAX_DAYS} days.`);
    const figures = await repo.figures(db, id, from, to);
    const spaceIds = [...new Set(figures.flatMap((f) => (f.adSpaceId ? [f.adSpaceId] : [])))];
    const names = await repo.spaceNames(db, spaceIds);
    return { row, from, to, dayCount, figures, names };
  }

  async function report(
    actor: TActor,
    id: string,
    query: TResultsQuery,
  ): Promise<TCampaignResults> {
    const { row, from, to, dayCount, figures, names } = await results(actor, id, query);
    const zero = () => ({ impressions: 0, shownMs: 0, spentMicros: 0, qrScans: 0 });
    const add = (sum: ReturnType<typeof zero>, figure: ReturnType<typeof zero>) => {
      sum.impressions += figure.impressions;
      sum.shownMs += figure.shownMs;
      sum.spentMicros += figure.spentMicros;
      sum.qrScans += figure.qrScans;
    };
    const totals = zero();
    const byDay = new Map<string, ReturnType<typeof zero>>();
    for (let day = 0; day < dayCount; day += 1)
      byDay.set(utcDate(Date.parse(from) + day * DAY_MS), zero());
    const bySpace = new Map<string, ReturnType<typeof zero>>();
    for (const figure of figures) {
      add(totals, figure);
      const day = byDay.get(figure.day);
      if (day) add(day, figure);
      if (figure.adSpaceId && names.has(figure.adSpaceId)) {
        const space = bySpace.get(figure.adSpaceId) ?? zero();
        add(space, figure);
        bySpace.set(figure.adSpaceId, space);
      }
    }
    return {
      campaignId: row.id,
      from,
      to,
      totals,
      byDay: [...byDay].map(([day, figure]) => ({ day, ...figure })),
      byAdSpace: [...bySpace]
        .map(([adSpaceId, figure]) => ({
          adSpaceId,
          name: names.get(adSpaceId)?.name ?? '',
          city: names.get(adSpaceId)?.city ?? '',
          ...figure,
        }))
        .sort((a, b) => b.impressions - a.impressions || a.name.localeCompare(b.name)),
      ...(await adPlaySummaryOf(db, { campaignId: row.id, fromDay: from, toDay: to }).then(
        (summary) => ({ unbilled: summary.unbilled, settling: summary.settling }),
      )),
      ...(await readinessAndPacingOf(row)),
    };
  }

  async function readinessAndPacingOf(row: TCampaignRow) {
    const spaces = await matchingSpaces(db, row);
    return { readiness: await readinessOf(row, spaces), pacing: await pacingLineOf(row, spaces) };
  }

  /**
   * Spent against the even line (docs/marketplace.md "Pacing"), both cumulative by local day in
   * the zone most of its screens are in, over the flight or, when longer than RESULTS_MAX_DAYS,
   * RESULTS_MAX_DAYS of it up to today. Null before approval.
   */
  async function pacingLineOf(
    row: TCampaignRow,
    spaces: ReadonlyArray<{ timeZone: string }>,
  ): Promise<TCampaignResults['pacing']> {
    if (row.state !== 'approved' && row.state !== 'paused' && row.state !== 'completed')
      return null;
    const campaign = { ...row, dayparts: ZStoredDaypart.array().parse(row.dayparts) };
    const timeZone = mainZoneOf(spaces);
    const nowMs = now();
    const today = localDayFormat(timeZone)(new Date(nowMs).toISOString());
    const dayAfter = (day: string, days: number) => utcDate(Date.parse(day) + days * DAY_MS);
    const flightDays = (Date.parse(row.endDate) - Date.parse(row.startDate)) / DAY_MS + 1;
    const to =
      flightDays <= RESULTS_MAX_DAYS
        ? row.endDate
        : [
            row.endDate,
            [today, dayAfter(row.startDate, RESULTS_MAX_DAYS - 1)].sort()[1]!,
          ].sort()[0]!;
    const from =
      flightDays <= RESULTS_MAX_DAYS ? row.startDate : dayAfter(to, 1 - RESULTS_MAX_DAYS);
    const spent = (await repo.spentOf(db, [row.id])).get(row.id) ?? 0;
    const spentByDay = new Map<string, number>();
    for (const figure of await repo.figures(db, row.id, from, to))
      spentByDay.set(figure.day, (spentByDay.get(figure.day) ?? 0) + figure.spentMicros);
    // Cumulative spend at a day's end: all spend less what came on later days. Today's is all
    // of it: a screen in a zone ahead of this one has plays of its tomorrow already (a Tokyo
    // morning is a New York evening), spent before now; left out, the line's last point and
    // the figure's "spent" fell short of the campaign's spend.
    let later = [...spentByDay.values()].reduce((sum, value) => sum + value, 0);
    const days = evenLineByDay(campaign, timeZone, from, to).map(({ day, evenMicros }) => {
      later -= spentByDay.get(day) ?? 0;
      const spentMicros = day > today ? null : day === today ? spent : Math.max(0, spent - later);
      return { day, evenMicros, spentMicros };
    });
    return {
      ...campaignPacingOf(campaign, spent, timeZone, nowMs),
      budgetMicros: row.budgetMicros,
      days,
    };
  }

  /**
   * "Creative ready on N of M screens": M is the approved-monetized spaces the targeting
   * matches on which the campaign is approved (owner approval), N those with a TV whose newest heartbeat reports every creative cached.
   */
  async function readinessOf(
    row: TCampaignRow,
    matchedSpaces: ReadonlyArray<{ adSpaceId: string }>,
  ) {
    const matched = matchedSpaces.map((space) => space.adSpaceId);
    // Only the spaces it is approved on (owner approval, issue 22): the others never play it.
    const approvals = await spaceApprovalsOf(
      db,
      matched.map((adSpaceId) => ({
        campaign: {
          id: row.id,
          ownerId: row.ownerId,
          category: row.category,
          approvedAtMs: row.decidedAt?.getTime() ?? null,
        },
        adSpaceId,
      })),
      now(),
    );
    const spaces = matched.filter(
      (adSpaceId) => approvals.get(pairKey(row.id, adSpaceId))?.state === 'approved',
    );
    const ready = new Set(
      (await players.creativesReadyOf(spaces))
        .filter((tv) => row.creativeIds.every((id) => tv.ready.includes(id)))
        .map((tv) => tv.adSpaceId),
    );
    return { readyScreens: ready.size, targetedScreens: spaces.length };
  }

  /** The results as CSV: one row per UTC day and ad space that had plays or scans. */
  async function csv(actor: TActor, id: string, query: TResultsQuery) {
    const { row, from, to, figures, names } = await results(actor, id, query);
    const records = figures.map((figure) => {
      const space = figure.adSpaceId ? names.get(figure.adSpaceId) : undefined;
      return [
        figure.day,
        figure.adSpaceId ?? '',
        space?.name ?? '',
        space?.city ?? '',
        figure.impressions,
        millisecondsAsSeconds(figure.shownMs),
        microsAsDecimal(figure.spentMicros),
        figure.qrScans,
        figure.shownMs,
        figure.spentMicros,
      ];
    });
    const body = csvStream(CSV_COLUMNS, records);
    return { filename: `campaign-${slug(row.name)}-${from}-to-${to}.csv`, body };
  }

  return { report, csv };
}

/** The campaign's name as a file name part: ASCII letters, digits and dashes. */
function slug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return ascii || 'campaign';
}
