import type { z } from 'zod';
import {
  matchesTargeting,
  ZCampaignTargeting,
  ZStoredDaypart,
  type TAdminCampaignList,
  type TCampaign,
  type TCampaignList,
  type TCampaignResults,
  type TCampaignState,
  type TCampaignStatus,
  type TMarketplaceAdSpaceList,
  type TPublisherDashboard,
  type ZCampaignListQuery,
  type ZCampaignResultsQuery,
  type ZCreateCampaign,
  type ZUpdateCampaign,
} from '@screenline/shared/campaign';
import type { TContentReference } from '@screenline/shared/content';
import { ZAudience } from '@screenline/shared/location';
import {
  CURRENCY,
  formatMicros,
  microsAsDecimal,
  millisecondsAsSeconds,
  type TDecisionReason,
} from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import { sql } from 'drizzle-orm';
import { impression } from '../../db/schema/index';
import { adPlaySummary } from '../proof-of-play/play-summary';
import { campaignPacingOf, evenLineByDay, mainZoneOf } from '../fill/campaign-pacing';
import { localDayFormat } from '../../lib/local-day';

import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { csvStream } from '../../lib/csv';
import type { TAccessPolicy } from '../access/access-policy';
import { recordMoneyDecision } from '../audit/money-audit';
import { campaignHoldBalancesOf } from '../ledger/ledger';
import type { TContentDirectory } from '../content/content-directory';
import type { TReferencedItem } from '../content/content-references';
import type { TMail } from '../mail/mail.service';
import { campaignApprovedMail, campaignRejectedMail } from '../mail/templates';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TAdSpaceDirectory } from '../screens/ad-space-directory';
import {
  bumpTargetedSpaces,
  cancelCampaign,
  holdBudget,
  matchingSpaces,
  moveState,
  TRANSITIONS,
} from './campaign-lifecycle';
import {
  campaignsRepository as repo,
  ZCampaignCursor,
  type TCampaignRow,
} from './campaigns.repository';
import { slotProfile } from './slot-seconds';
import { pairKey, spaceApprovalsOf } from '../approvals/approval-directory';

type TListQuery = z.output<typeof ZCampaignListQuery>;
type TCreate = z.output<typeof ZCreateCampaign>;
type TUpdate = z.output<typeof ZUpdateCampaign>;
type TResultsQuery = z.output<typeof ZCampaignResultsQuery>;

/**
 * Runs a money-moving change once per Idempotency-Key (the route passes `idempotentRoute` bound
 * to its request): `work` gets the transaction, a replay answers the stored body.
 */
export type TRunOnce = <T>(
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
) => Promise<T>;

const DAY_MS = 86_400_000;
/** The longest results range, in days: a year and a month. */
export const RESULTS_MAX_DAYS = 400;

/** The UTC date of an instant, `YYYY-MM-DD`: statuses and "today" are judged on it. */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** When a campaign ending on `endDate` has ended everywhere: endDate + 1 day, 12:00 UTC (UTC−12). */
export const endedEverywhereAt = (endDate: string) => Date.parse(`${endDate}T12:00:00Z`) + DAY_MS;

/** What people see: approved splits into scheduled (before the start date, UTC) and active. */
export function statusOf(state: TCampaignState, startDate: string, today: string): TCampaignStatus {
  if (state === 'pending') return 'pending-review';
  if (state === 'approved') return today < startDate ? 'scheduled' : 'active';
  return state;
}

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

/** Campaigns (issue 9 items 4, 5 and 8): buyers run their own, super-users decide. */
export function createCampaignsService(
  db: TDb,
  access: TAccessPolicy,
  deps: {
    /** The content facade on a handle (the app's database or a transaction). */
    contentOf: (db: TDb) => TContentDirectory;
    adSpaces: TAdSpaceDirectory;
    settings: TPlatformSettingsService;
    changes: TPlayerChangeBus;
    sendMail: (mail: TMail) => Promise<void>;
    publicUrl: string;
    now?: () => number;
  },
) {
  const { contentOf, changes, settings } = deps;
  const now = deps.now ?? Date.now;
  const campaignUrl = (id: string) =>
    `${deps.publicUrl}/publisher/ad-campaigns/view/${id}/overview`;

  /** The campaigns as ZCampaign, in the rows' order: a handful of queries for any number. */
  async function viewsOf(handle: TDb, rows: readonly TCampaignRow[]): Promise<TCampaign[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [spent, holds, events, users] = [
      await repo.spentOf(handle, ids),
      await campaignHoldBalancesOf(handle, ids),
      await repo.eventsOf(handle, ids),
      await repo.usersByIds(
        handle,
        rows.flatMap((row) => [row.ownerId, ...(row.decidedBy ? [row.decidedBy] : [])]),
      ),
    ];
    const creativeIdsByOwner = new Map<string, string[]>();
    for (const row of rows)
      creativeIdsByOwner.set(row.ownerId, [
        ...(creativeIdsByOwner.get(row.ownerId) ?? []),
        ...row.creativeIds,
      ]);
    const library = new Map<string, Awaited<ReturnType<TContentDirectory['findForPlaylist']>>[0]>();
    for (const [ownerId, creativeIds] of creativeIdsByOwner)
      for (const item of await contentOf(handle).findForPlaylist(ownerId, creativeIds))
        library.set(item.id, item);
    const today = utcDate(now());
    return rows.map((row) => {
      const owner = users.get(row.ownerId);
      const decider = row.decidedBy ? users.get(row.decidedBy) : undefined;
      return {
        id: row.id,
        owner: { id: row.ownerId, name: owner?.name ?? '', email: owner?.email ?? '' },
        name: row.name,
        // An item deleted from the library since (only possible once the campaign ended) is
        // left out: its name and kind went with it.
        creatives: row.creativeIds.flatMap((id) => {
          const item = library.get(id);
          return item
            ? [
                {
                  id: item.id,
                  name: item.name,
                  kind: item.kind,
                  url: item.mediaUrl,
                  width: item.width,
                  height: item.height,
                  durationMs: item.durationMs,
                },
              ]
            : [];
        }),
        targeting: ZCampaignTargeting.parse(row.targeting),
        startDate: row.startDate,
        endDate: row.endDate,
        dayparts: ZStoredDaypart.array().parse(row.dayparts),
        bidMicrosPerSecond: row.bidMicrosPerSecond,
        budgetMicros: row.budgetMicros,
        dailyCapMicros: row.dailyCapMicros,
        destinationUrl: row.destinationUrl,
        category: row.category,
        state: row.state,
        status: statusOf(row.state, row.startDate, today),
        spentMicros: spent.get(row.id) ?? 0,
        remainingMicros: holds.get(row.id) ?? 0,
        holdReleaseAt:
          row.holdReleaseAt && (holds.get(row.id) ?? 0) > 0
            ? row.holdReleaseAt.toISOString()
            : null,
        decision:
          row.state === 'rejected' && row.decidedAt && decider
            ? {
                decidedAt: row.decidedAt.toISOString(),
                decidedBy: { id: decider.id, name: decider.name },
                reason: row.reason,
              }
            : null,
        history: events
          .filter((event) => event.campaignId === row.id)
          .map((event) => ({
            from: event.from,
            to: event.to,
            actor:
              event.actorId && event.actorName !== null
                ? { id: event.actorId, name: event.actorName }
                : null,
            reason: event.reason,
            at: event.at.toISOString(),
          })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function viewOf(handle: TDb, row: TCampaignRow): Promise<TCampaign> {
    const [view] = await viewsOf(handle, [row]);
    if (!view) throw notFound('That campaign');
    return view;
  }

  async function listOf(ownerId: string | null, query: TListQuery): Promise<TCampaignList> {
    const after = query.cursor ? decodeCursor(ZCampaignCursor, query.cursor) : undefined;
    const rows = await repo.list(db, {
      ownerId,
      status: query.status,
      search: query.q,
      today: utcDate(now()),
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: await viewsOf(db, page),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZCampaignCursor, { createdAt: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  }

  async function list(actor: TActor, query: TListQuery): Promise<TCampaignList> {
    await access.requireAccess(actor, 'campaign.list');
    return listOf(actor.id, query);
  }

  async function get(actor: TActor, id: string): Promise<TCampaign> {
    await access.requireAccess(actor, 'campaign.read', [id]);
    return viewOf(db, await requireRow(db, id));
  }

  /**
   * The creatives must be the buyer's own (404 otherwise), processed and ready; the bid at least
   * the platform's minimum price per second.
   */
  async function requireValidInput(actor: TActor, handle: TDb, input: TUpdate) {
    if (input.creativeIds) {
      await access.requireAccess(actor, 'content.read', input.creativeIds);
      const items = await contentOf(handle).findForPlaylist(actor.id, input.creativeIds);
      const notReady = items.filter((item) => item.processingState !== 'ready');
      if (items.length !== input.creativeIds.length || notReady.length > 0)
        throw fieldError(
          'body.creativeIds',
          notReady.length > 0
            ? `“${notReady[0]?.name}” is not ready to play yet; wait until it has been processed.`
            : 'A creative was deleted from your library.',
        );
    }
    if (input.bidMicrosPerSecond !== undefined) {
      const { minMicrosPerSecond } = await settings.get();
      if (input.bidMicrosPerSecond < minMicrosPerSecond)
        throw fieldError(
          'body.bidMicrosPerSecond',
          `The bid must be at least the platform minimum of ${formatMicros(minMicrosPerSecond, { precise: true })} per second.`,
        );
    }
  }

  async function create(actor: TActor, input: TCreate): Promise<TCampaign> {
    await access.requireAccess(actor, 'campaign.create');
    await requireValidInput(actor, db, input);
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, actor.id, input);
      await repo.insertEvent(tx, {
        campaignId: row.id,
        from: null,
        to: 'draft',
        actorId: actor.id,
      });
      return viewOf(tx, row);
    });
  }

  async function update(actor: TActor, id: string, input: TUpdate): Promise<TCampaign> {
    await access.requireAccess(actor, 'campaign.update', [id]);
    await requireValidInput(actor, db, input);
    return db.transaction(async (tx) => {
      const current = await requireLocked(tx, id);
      if (current.state !== 'draft' && current.state !== 'rejected')
        throw new AppError(
          'invalid-state',
          'Only drafts and rejected campaigns can be changed; cancel this one and make a new one.',
        );
      // The create's rules, on the campaign as it will be.
      const startDate = input.startDate ?? current.startDate;
      const endDate = input.endDate ?? current.endDate;
      if (endDate < startDate)
        throw fieldError('body.endDate', 'The end date cannot be before the start date.');
      const budget = input.budgetMicros ?? current.budgetMicros;
      const dailyCap =
        input.dailyCapMicros !== undefined ? input.dailyCapMicros : current.dailyCapMicros;
      if (dailyCap !== null && dailyCap > budget)
        throw fieldError(
          'body.dailyCapMicros',
          'The daily cap cannot be more than the total budget.',
        );
      await repo.update(tx, id, input);
      return viewOf(tx, await requireRow(tx, id));
    });
  }

  async function remove(actor: TActor, id: string): Promise<void> {
    await access.requireAccess(actor, 'campaign.delete', [id]);
    await db.transaction(async (tx) => {
      const current = await requireLocked(tx, id);
      if (current.state !== 'draft' || !(await repo.deleteDraft(tx, id)))
        throw new AppError(
          'invalid-state',
          'Only drafts can be deleted; cancel the campaign instead (its history stays).',
        );
    });
  }

  /**
   * What submitting checks beyond the state: creatives still ready, the bid still at the
   * platform minimum, the flight not over, and at least one monetized space matching the
   * targeting. A bid under some matched space's floor is allowed: those spaces are not filled.
   */
  async function requireSubmittable(actor: TActor, current: TCampaignRow) {
    if (!(TRANSITIONS.submit as readonly TCampaignState[]).includes(current.state)) return;
    await requireValidInput(actor, db, {
      creativeIds: current.creativeIds,
      bidMicrosPerSecond: current.bidMicrosPerSecond,
    });
    // Owners' rules and the super-user's review read it (issue 22).
    if (current.category === null)
      throw fieldError('body.category', 'Pick what the campaign advertises.');
    if (endedEverywhereAt(current.endDate) <= now())
      throw fieldError('body.endDate', 'The campaign’s end date has passed; choose new dates.');
    if ((await matchingSpaces(db, current)).length === 0)
      throw new AppError(
        'bad-request',
        'No monetized ad space matches this campaign’s targeting; widen it and submit again.',
      );
  }

  const MOVES = {
    submit: { from: TRANSITIONS.submit, to: 'pending', action: 'submitted' },
    pause: { from: TRANSITIONS.pause, to: 'paused', action: 'paused' },
    resume: { from: TRANSITIONS.resume, to: 'approved', action: 'resumed' },
  } as const;

  /** Submit (draft|rejected → pending), pause (approved → paused), resume (paused → approved). */
  async function transition(
    actor: TActor,
    id: string,
    move: keyof typeof MOVES,
  ): Promise<TCampaign> {
    await access.requireAccess(actor, 'campaign.transition', [id]);
    // Submitting checks the campaign as stored before its transaction: the access policy and the
    // settings read outside it. The move itself is still guarded on the state read here.
    if (move === 'submit') await requireSubmittable(actor, await requireRow(db, id));
    let bumped: string[] = [];
    const view = await db.transaction(async (tx) => {
      const current = await requireLocked(tx, id);
      const row = await moveState(tx, current, { ...MOVES[move], actorId: actor.id });
      // Pausing and resuming change what the targeted spaces' ad slots play.
      if (move !== 'submit') bumped = await bumpTargetedSpaces(tx, row);
      return viewOf(tx, row);
    });
    changes.publishContent(bumped);
    return view;
  }

  /** Cancels; an approved or paused campaign's whole remaining hold returns to the wallet. */
  async function cancel(actor: TActor, id: string, runOnce: TRunOnce): Promise<TCampaign> {
    await access.requireAccess(actor, 'campaign.transition', [id]);
    let bumped: string[] = [];
    const view = await runOnce(async (tx) => {
      const current = await requireLocked(tx, id);
      const canceled = await cancelCampaign(tx, current, actor.id);
      bumped = canceled.adSpaceIds;
      return { statusCode: 200, body: await viewOf(tx, canceled.row) };
    });
    changes.publishContent(bumped);
    return view;
  }

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
      ...(await adPlaySummary(
        db,
        sql`${impression.campaignId} = ${row.id} and ${impression.localDay} between ${from}::date and ${to}::date`,
      ).then((summary) => ({ unbilled: summary.unbilled, settling: summary.settling }))),
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
    // Cumulative spend at a day's end: all spend less what came on later days.
    let later = [...spentByDay.values()].reduce((sum, value) => sum + value, 0);
    const days = evenLineByDay(campaign, timeZone, from, to).map(({ day, evenMicros }) => {
      later -= spentByDay.get(day) ?? 0;
      return { day, evenMicros, spentMicros: day > today ? null : Math.max(0, spent - later) };
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
      (await repo.creativesReadyOf(db, spaces))
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

  /**
   * The approved-monetized ad spaces as buyers see them (no owner identity), with what the
   * wizard's estimate reads: the ad-slot time by local hour of the week and the competition.
   */
  async function marketplace(actor: TActor): Promise<TMarketplaceAdSpaceList> {
    await access.requireAccess(actor, 'marketplace.adSpaces.list');
    const nowMs = now();
    const live = (await repo.liveBids(db, utcDate(nowMs))).map((row) => ({
      bidMicrosPerSecond: row.bidMicrosPerSecond,
      targeting: ZCampaignTargeting.parse(row.targeting),
    }));
    const items = [];
    for (const space of await repo.monetizedSpaces(db)) {
      const { ownerId: _owner, audience, ...shown } = space;
      const profile = await slotProfile(
        { adSpaces: deps.adSpaces, content: contentOf(db) },
        space,
        nowMs,
      );
      const competing = live.filter(
        (entry) =>
          entry.bidMicrosPerSecond >= space.floorMicrosPerSecond &&
          matchesTargeting(space, entry.targeting),
      );
      items.push({
        ...shown,
        audience: ZAudience.parse(audience),
        ...profile,
        competition: {
          campaigns: competing.length,
          bidsMicrosPerSecond: competing.reduce((sum, entry) => sum + entry.bidMicrosPerSecond, 0),
        },
      });
    }
    return { items };
  }

  async function dashboard(actor: TActor): Promise<TPublisherDashboard> {
    await access.requireAccess(actor, 'campaign.list');
    const nowMs = now();
    const dayStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
    return {
      ...(await repo.dashboard(db, actor.id, utcDate(nowMs), dayStart)),
      balanceMicros: await repo.walletBalance(db, actor.id),
    };
  }

  // Super-users (issue 9 item 5).

  /** Every buyer's campaigns in every state; approved and paused ones with their pacing. */
  async function adminList(actor: TActor, query: TListQuery): Promise<TAdminCampaignList> {
    await access.requireAccess(actor, 'admin.campaigns.review');
    const page = await listOf(null, query);
    const spaces = await repo.monetizedSpaces(db);
    const nowMs = now();
    return {
      nextCursor: page.nextCursor,
      items: page.items.map((item) => ({
        ...item,
        pacing:
          item.state === 'approved' || item.state === 'paused'
            ? campaignPacingOf(
                item,
                item.spentMicros,
                mainZoneOf(spaces.filter((space) => matchesTargeting(space, item.targeting))),
                nowMs,
              )
            : null,
      })),
    };
  }

  /** pending → approved, holding the whole budget from the buyer's wallet in the same commit. */
  async function approve(actor: TActor, id: string, runOnce: TRunOnce): Promise<TCampaign> {
    await access.requireAccess(actor, 'admin.campaigns.review');
    let decided: TCampaign | null = null;
    let bumped: string[] = [];
    const view = await runOnce(async (tx) => {
      const current = await requireLocked(tx, id);
      // Four eyes on money (issue 18 item 6): a super-user's own budget is held by another.
      if (current.ownerId === actor.id)
        throw forbidden('You cannot approve your own campaign; another super-user must review it.');
      const row = await moveState(tx, current, {
        from: TRANSITIONS.approve,
        to: 'approved',
        actorId: actor.id,
        action: 'approved',
        decision: { reason: null, decidedBy: actor.id },
      });
      try {
        await holdBudget(tx, row, actor.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient-funds')
          throw new AppError(
            'insufficient-funds',
            `The buyer’s wallet cannot cover the budget of ${formatMicros(row.budgetMicros)}; the campaign stays pending.`,
          );
        throw error;
      }
      bumped = await bumpTargetedSpaces(tx, row);
      decided = await viewOf(tx, row);
      await recordMoneyDecision(tx, actor, {
        kind: 'campaign',
        action: 'approve',
        subjectId: row.id,
        requester: decided.owner,
        amountMicros: row.budgetMicros,
      });
      return { statusCode: 200, body: decided };
    });
    changes.publishContent(bumped);
    if (decided) await tell(decided, 'approved');
    return view;
  }

  /** pending → rejected with the reason the buyer is shown; no money moves. */
  async function reject(
    actor: TActor,
    id: string,
    input: TDecisionReason,
    runOnce: TRunOnce,
  ): Promise<TCampaign> {
    await access.requireAccess(actor, 'admin.campaigns.review');
    let decided: TCampaign | null = null;
    const view = await runOnce(async (tx) => {
      const current = await requireLocked(tx, id);
      const row = await moveState(tx, current, {
        from: TRANSITIONS.reject,
        to: 'rejected',
        actorId: actor.id,
        action: 'rejected',
        reason: input.reason,
        decision: { reason: input.reason, decidedBy: actor.id },
      });
      decided = await viewOf(tx, row);
      await recordMoneyDecision(tx, actor, {
        kind: 'campaign',
        action: 'reject',
        subjectId: row.id,
        requester: decided.owner,
        amountMicros: row.budgetMicros,
        reason: input.reason,
      });
      return { statusCode: 200, body: decided };
    });
    if (decided) await tell(decided, 'rejected');
    return view;
  }

  /** Emails the buyer a decision (through the outbox), once it is committed. */
  async function tell(view: TCampaign, decision: 'approved' | 'rejected') {
    const url = campaignUrl(view.id);
    await deps.sendMail(
      decision === 'approved'
        ? campaignApprovedMail(
            view.owner.email,
            { name: view.name, budget: formatMicros(view.budgetMicros) },
            url,
          )
        : campaignRejectedMail(
            view.owner.email,
            { name: view.name, reason: view.decision?.reason ?? '' },
            url,
          ),
    );
  }

  /** The buyer's campaigns that are not over and use the library item (content deletion). */
  async function findContentUsers(item: TReferencedItem): Promise<TContentReference[]> {
    const users = await repo.usersOfContent(db, item.ownerId, item.id);
    return users.map((found) => ({ kind: 'campaign', id: found.id, name: found.name }));
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    transition,
    cancel,
    report,
    csv,
    marketplace,
    dashboard,
    adminList,
    approve,
    reject,
    findContentUsers,
  };
}

export type TCampaignsService = ReturnType<typeof createCampaignsService>;

async function requireRow(handle: TDb, id: string): Promise<TCampaignRow> {
  const row = await repo.findById(handle, id);
  if (!row) throw notFound('That campaign');
  return row;
}

async function requireLocked(tx: TDb, id: string): Promise<TCampaignRow> {
  const row = await repo.lockById(tx, id);
  if (!row) throw notFound('That campaign');
  return row;
}

function fieldError(path: string, message: string): AppError {
  return new AppError('validation-failed', message, { fields: [{ path, message }] });
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
