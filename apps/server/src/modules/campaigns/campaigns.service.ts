import type { z } from 'zod';
import {
  matchesTargeting,
  type TAdminCampaignList,
  type TCampaign,
  type TCampaignList,
  type TCampaignState,
  type ZCampaignListQuery,
  type ZCreateCampaign,
  type ZUpdateCampaign,
} from '@screenline/shared/campaign';
import type { TContentReference } from '@screenline/shared/content';
import { formatMicros, type TDecisionReason } from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import { campaignPacingOf, mainZoneOf } from '../fill/campaign-pacing';
import { AppError, forbidden } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TAccessPolicy } from '../access/access-policy';
import { recordMoneyDecision } from '../audit/money-audit';
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
import { createCampaignMarketplace } from './campaign-marketplace';
import { endedEverywhereAt, utcDate } from './campaign-dates';
import { createCampaignResults, type TCreativeCaches } from './campaign-results';
import { createCampaignViews } from './campaign-views';
import { fieldError, requireLocked, requireRow } from './campaign-rows';

type TListQuery = z.output<typeof ZCampaignListQuery>;
type TCreate = z.output<typeof ZCreateCampaign>;
type TUpdate = z.output<typeof ZUpdateCampaign>;

/**
 * Runs a money-moving change once per Idempotency-Key (the route passes `idempotentRoute` bound
 * to its request): `work` gets the transaction, a replay answers the stored body.
 */
export type TRunOnce = <T>(
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
) => Promise<T>;

/** Campaigns (issue 9 items 4, 5 and 8): buyers run their own, super-users decide. */
export function createCampaignsService(
  db: TDb,
  access: TAccessPolicy,
  deps: {
    /** The content facade on a handle (the app's database or a transaction). */
    contentOf: (db: TDb) => TContentDirectory;
    adSpaces: TAdSpaceDirectory;
    /** What the TVs have cached, for the results' readiness (the player module's, from app.ts). */
    players: TCreativeCaches;
    settings: TPlatformSettingsService;
    changes: TPlayerChangeBus;
    sendMail: (mail: TMail) => Promise<void>;
    publicUrl: string;
    now?: () => number;
  },
) {
  const { contentOf, changes, settings } = deps;
  const now = deps.now ?? Date.now;
  const results = createCampaignResults(db, access, deps.players, now);
  const market = createCampaignMarketplace(db, access, { ...deps, now });
  const { viewsOf, viewOf } = createCampaignViews({ contentOf, now });
  const campaignUrl = (id: string) =>
    `${deps.publicUrl}/publisher/ad-campaigns/view/${id}/overview`;

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
    report: results.report,
    csv: results.csv,
    marketplace: market.marketplace,
    dashboard: market.dashboard,
    adminList,
    approve,
    reject,
    findContentUsers,
  };
}

export type TCampaignsService = ReturnType<typeof createCampaignsService>;
