import type { z } from 'zod';
import {
  SPACE_APPROVAL_STATES,
  type TApprovalPolicy,
  type TApprovalPolicyInput,
  type TApprovalPolicyList,
  type TCampaignApproval,
  type TCampaignApprovalDecision,
  type TCampaignApprovalList,
  type TCampaignSpaceApprovals,
  type ZCampaignApprovalQuery,
} from '@screenline/shared/approval';
import { matchesTargeting, ZCampaignTargeting } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import type { TDb } from '../../db/database';
import type { TActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TContentDirectory } from '../content/content-directory';
import { spaceTargetKeys } from '../../lib/target-keys';
import type { TMail } from '../mail/mail.service';
import { campaignDeclinedOnSpaceMail, campaignExpiredOnSpaceMail } from '../mail/templates';
import { approvedSpacesOf } from '../monetization/monetization-directory';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { bumpAdSpacesContentVersion } from '../screens/ad-space-directory';
import { pairKey, spaceApprovalsOf, type TApprovalPair } from './approval-directory';
import type { TSpaceApproval } from './approval-rules';
import type { TApprovalCampaigns, TLiveCampaignRow } from './approval-campaigns';
import { approvalsRepository as repo } from './approvals.repository';

type TQueueQuery = z.output<typeof ZCampaignApprovalQuery>;
type TPolicyRow = Awaited<ReturnType<typeof repo.spacesOfOwner>>[number];

/** Instant 0: a policy saved in platform mode on a space that never had one decides "always". */
const ALWAYS = new Date(0);

/** Owner approval (issue 22 item 1): policies, the owner's queue and decisions, the buyer's view. */
export function createApprovalsService(deps: {
  db: TDb;
  access: TAccessPolicy;
  /** The campaigns module's reads (from app.ts: campaigns builds on approvals). */
  campaigns: TApprovalCampaigns;
  contentOf: (db: TDb) => TContentDirectory;
  changes: TPlayerChangeBus;
  sendMail: (mail: TMail) => Promise<void>;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, access, changes, campaigns: campaignReads } = deps;
  const now = deps.now ?? Date.now;
  const campaignUrl = (id: string) =>
    `${deps.publicUrl}/publisher/ad-campaigns/view/${id}/overview`;

  async function policyView(row: TPolicyRow): Promise<TApprovalPolicy> {
    const policy = row.policy;
    const names = await repo.advertiserNames(db, [
      ...(policy?.allowedAdvertiserIds ?? []),
      ...(policy?.blockedAdvertiserIds ?? []),
    ]);
    const named = (ids: readonly string[]) =>
      ids.map((id) => ({ id, name: names.get(id) ?? 'A deleted account' }));
    return {
      adSpaceId: row.id,
      adSpaceName: row.name,
      mode: policy?.mode ?? 'platform',
      allowedAdvertisers: named(policy?.allowedAdvertiserIds ?? []),
      blockedAdvertisers: named(policy?.blockedAdvertiserIds ?? []),
      blockedCategories: policy?.blockedCategories ?? [],
      updatedAt: policy?.updatedAt.toISOString() ?? null,
    };
  }

  async function listPolicies(actor: TActor): Promise<TApprovalPolicyList> {
    await access.requireAccess(actor, 'approvals.policy.read');
    const rows = await repo.spacesOfOwner(db, actor.id);
    return { items: await Promise.all(rows.map(policyView)) };
  }

  /**
   * Saves a space's policy. It takes effect from now only when it decides differently (another
   * mode, or other rules in rules mode): plays shown before stay judged by the policy they ran
   * under. The space's TVs get a new fill at once.
   */
  async function savePolicy(
    actor: TActor,
    adSpaceId: string,
    input: TApprovalPolicyInput,
  ): Promise<TApprovalPolicy> {
    await access.requireAccess(actor, 'approvals.policy.update', [adSpaceId]);
    const [current] = await repo.spacesOfOwner(db, actor.id, [adSpaceId]);
    if (!current) throw notFound('That ad space');
    const old = current.policy;
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
    const decidesAlike = old
      ? old.mode === input.mode &&
        (input.mode !== 'rules' ||
          (same(old.allowedAdvertiserIds, input.allowedAdvertiserIds) &&
            same(old.blockedAdvertiserIds, input.blockedAdvertiserIds) &&
            same(old.blockedCategories, input.blockedCategories)))
      : input.mode === 'platform';
    const since = decidesAlike ? (old?.effectiveSince ?? ALWAYS) : new Date(now());
    const bumped = await db.transaction(async (tx) => {
      await repo.savePolicy(tx, adSpaceId, input, since, actor.id);
      return bumpAdSpacesContentVersion(tx, [adSpaceId]);
    });
    changes.publishContent(bumped);
    const [saved] = await repo.spacesOfOwner(db, actor.id, [adSpaceId]);
    if (!saved) throw notFound('That ad space');
    return policyView(saved);
  }

  /**
   * Every live campaign on the owner's monetized spaces (of `adSpaceIds`, or all), with its
   * standing there: what the queue lists.
   */
  async function pairsOfOwner(actor: TActor, adSpaceIds?: readonly string[]) {
    const spaces = await repo.spacesOfOwner(db, actor.id, adSpaceIds);
    const monetized = await approvedSpacesOf(
      db,
      spaces.map((space) => space.id),
    );
    const targets = spaces.flatMap((space) => {
      const approved = monetized.get(space.id);
      return approved ? [{ space, target: { adSpaceId: space.id, ...approved } }] : [];
    });
    const campaigns = await campaignReads.liveCampaignsToApprove([
      ...new Set(targets.flatMap(({ target }) => spaceTargetKeys(target))),
    ]);
    const targeting = new Map(
      campaigns.map((row) => [row.id, ZCampaignTargeting.parse(row.targeting)] as const),
    );
    const pairs = targets.flatMap(({ space, target }) =>
      campaigns
        .filter((row) => {
          const wanted = targeting.get(row.id);
          return wanted !== undefined && matchesTargeting(target, wanted);
        })
        .map((row) => ({ space, row })),
    );
    const approvals = await spaceApprovalsOf(
      db,
      pairs.map(({ space, row }) => approvalPair(row, space.id)),
      now(),
    );
    return pairs.flatMap(({ space, row }) => {
      const approval = approvals.get(pairKey(row.id, space.id));
      return approval ? [{ space, row, approval }] : [];
    });
  }

  async function queueItems(
    found: Awaited<ReturnType<typeof pairsOfOwner>>,
  ): Promise<TCampaignApproval[]> {
    const buyers = [...new Set(found.map(({ row }) => row.ownerId))];
    const [names, libraries] = await Promise.all([
      repo.advertiserNames(db, buyers),
      creativesOf(found.map(({ row }) => row)),
    ]);
    return found.map(({ space, row, approval }) => ({
      ...approvalFields(approval),
      adSpaceId: space.id,
      adSpaceName: space.name,
      campaign: {
        id: row.id,
        name: row.name,
        advertiser: { id: row.ownerId, name: names.get(row.ownerId) ?? 'A deleted account' },
        category: row.category,
        creatives: row.creativeIds.flatMap((id) => {
          const item = libraries.get(row.ownerId)?.get(id);
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
        startDate: row.startDate,
        endDate: row.endDate,
        bidMicrosPerSecond: row.bidMicrosPerSecond,
        destinationUrl: row.destinationUrl,
      },
    }));
  }

  /** The owner's queue: waiting first (soonest deadline first), then the rest, newest first. */
  async function queue(actor: TActor, query: TQueueQuery): Promise<TCampaignApprovalList> {
    await access.requireAccess(actor, 'approvals.queue.read');
    const found = (await pairsOfOwner(actor)).filter(
      ({ approval }) => query.state === undefined || approval.state === query.state,
    );
    const rank = (approval: TSpaceApproval) => SPACE_APPROVAL_STATES.indexOf(approval.state);
    found.sort(
      (a, b) =>
        rank(a.approval) - rank(b.approval) ||
        (a.approval.deadlineMs ?? 0) - (b.approval.deadlineMs ?? 0) ||
        (b.approval.decidedAtMs ?? 0) - (a.approval.decidedAtMs ?? 0) ||
        a.row.name.localeCompare(b.row.name),
    );
    return { items: await queueItems(found) };
  }

  /**
   * The owner approves or declines a campaign on one of their spaces in review mode. Another
   * owner's space is 404; a campaign that is not live there (ended, not targeting it, the space
   * not monetized) is 404 too; a space deciding by rules or the platform is 409.
   */
  async function decide(
    actor: TActor,
    adSpaceId: string,
    campaignId: string,
    input: TCampaignApprovalDecision,
  ): Promise<TCampaignApproval> {
    await access.requireAccess(actor, 'approvals.decide', [adSpaceId]);
    const found = (await pairsOfOwner(actor, [adSpaceId])).find(({ row }) => row.id === campaignId);
    if (!found) throw notFound('That campaign');
    if (found.space.policy?.mode !== 'review')
      throw new AppError(
        'invalid-state',
        'This screen approves campaigns by your rules or the platform’s review; choose “I review every campaign” to decide each one.',
      );
    const reason = input.decision === 'decline' ? input.reason : null;
    const bumped = await db.transaction(async (tx) => {
      await repo.saveDecision(tx, {
        campaignId,
        adSpaceId,
        decision: input.decision === 'approve' ? 'approved' : 'declined',
        reason,
        decidedBy: actor.id,
      });
      return bumpAdSpacesContentVersion(tx, [adSpaceId]);
    });
    changes.publishContent(bumped);
    if (reason !== null) {
      const facts = await mailFacts([campaignId], []);
      const buyer = facts.campaigns.get(campaignId);
      if (buyer)
        await deps.sendMail(
          campaignDeclinedOnSpaceMail(
            buyer.email,
            { name: buyer.name, adSpace: found.space.name, reason },
            campaignUrl(campaignId),
          ),
        );
    }
    const [decided] = await queueItems(
      (await pairsOfOwner(actor, [adSpaceId])).filter(({ row }) => row.id === campaignId),
    );
    if (!decided) throw notFound('That campaign');
    return decided;
  }

  /** The buyer's view: the campaign's standing on each monetized space it targets. */
  async function forCampaign(actor: TActor, campaignId: string): Promise<TCampaignSpaceApprovals> {
    await access.requireAccess(actor, 'campaign.read', [campaignId]);
    const row = await campaignReads.campaignToApprove(campaignId);
    if (!row) throw notFound('That campaign');
    const spaces = await monetizedTargets(row);
    const approvals = await spaceApprovalsOf(
      db,
      spaces.map((space) => approvalPair(row, space.adSpaceId)),
      now(),
    );
    const facts = await mailFacts(
      [],
      spaces.map((space) => space.adSpaceId),
    );
    return {
      items: spaces.flatMap((space) => {
        const approval = approvals.get(pairKey(row.id, space.adSpaceId));
        const named = facts.spaces.get(space.adSpaceId);
        return approval && named
          ? [
              {
                ...approvalFields(approval),
                adSpaceId: space.adSpaceId,
                adSpaceName: named.name,
                city: space.city,
              },
            ]
          : [];
      }),
    };
  }

  /**
   * The expiry sweep: every live campaign still undecided on a review-mode space past its deadline
   * gets an `expired` row (once, whichever instance stores it) and its buyer one e-mail per run
   * naming the screens. Answers how many pairs expired.
   */
  async function expireOverdue(): Promise<number> {
    const reviewed = await repo.reviewedSpaceIds(db);
    const monetized = await approvedSpacesOf(db, reviewed);
    const targets = [...monetized].map(([adSpaceId, approved]) => ({ adSpaceId, ...approved }));
    const campaigns = await campaignReads.liveCampaignsToApprove([
      ...new Set(targets.flatMap((target) => spaceTargetKeys(target))),
    ]);
    const pairs = targets.flatMap((target) =>
      campaigns
        .filter((row) => matchesTargeting(target, ZCampaignTargeting.parse(row.targeting)))
        .map((row) => approvalPair(row, target.adSpaceId)),
    );
    const approvals = await spaceApprovalsOf(db, pairs, now());
    const due = pairs.flatMap((pair) => {
      const approval = approvals.get(pairKey(pair.campaign.id, pair.adSpaceId));
      // Expired without a stored row: the deadline passed while nobody decided.
      return approval?.state === 'expired' && !approval.stored && approval.decidedAtMs !== null
        ? [
            {
              campaignId: pair.campaign.id,
              adSpaceId: pair.adSpaceId,
              decidedAt: new Date(approval.decidedAtMs),
            },
          ]
        : [];
    });
    const stored = await repo.insertExpiries(db, due);
    const facts = await mailFacts(
      [...new Set(stored.map((pair) => pair.campaignId))],
      [...new Set(stored.map((pair) => pair.adSpaceId))],
    );
    for (const [campaignId, buyer] of facts.campaigns) {
      const names = stored
        .filter((pair) => pair.campaignId === campaignId)
        .map((pair) => facts.spaces.get(pair.adSpaceId)?.name ?? 'a screen');
      await deps.sendMail(
        campaignExpiredOnSpaceMail(
          buyer.email,
          { name: buyer.name, adSpaces: names },
          campaignUrl(campaignId),
        ),
      );
    }
    return stored.length;
  }

  /** Names and buyers' e-mails of campaigns, and names of spaces, for the expiry mails. */
  async function mailFacts(campaignIds: readonly string[], adSpaceIds: readonly string[]) {
    const [buyers, spaces] = await Promise.all([
      campaignReads.buyersOfCampaigns(campaignIds),
      repo.spaceNames(db, adSpaceIds),
    ]);
    return { campaigns: new Map(buyers.map((row) => [row.id, row])), spaces };
  }

  /** The monetized spaces (as approved) the campaign's targeting matches. */
  async function monetizedTargets(row: Pick<TLiveCampaignRow, 'targeting'>) {
    const wanted = ZCampaignTargeting.parse(row.targeting);
    return [...(await approvedSpacesOf(db))]
      .map(([adSpaceId, approved]) => ({ adSpaceId, ...approved }))
      .filter((target) => matchesTargeting(target, wanted));
  }

  /** Library items of each buyer, one directory read per buyer. */
  async function creativesOf(rows: readonly TLiveCampaignRow[]) {
    const byOwner = new Map<string, Set<string>>();
    for (const row of rows) {
      const set = byOwner.get(row.ownerId) ?? new Set<string>();
      for (const id of row.creativeIds) set.add(id);
      byOwner.set(row.ownerId, set);
    }
    const found = new Map<string, Map<string, TContentItem>>();
    for (const [ownerId, ids] of byOwner) {
      const items = await deps.contentOf(db).findForPlaylist(ownerId, [...ids]);
      found.set(ownerId, new Map(items.map((item) => [item.id, item])));
    }
    return found;
  }

  return { listPolicies, savePolicy, queue, decide, forCampaign, expireOverdue };
}

export type TApprovalsService = ReturnType<typeof createApprovalsService>;

function approvalPair(
  row: Pick<TLiveCampaignRow, 'id' | 'ownerId' | 'category' | 'decidedAt'>,
  adSpaceId: string,
): TApprovalPair {
  return {
    campaign: {
      id: row.id,
      ownerId: row.ownerId,
      category: row.category,
      approvedAtMs: row.decidedAt?.getTime() ?? null,
    },
    adSpaceId,
  };
}

function approvalFields(approval: TSpaceApproval) {
  return {
    state: approval.state,
    decidedByKind: approval.decidedByKind,
    reason: approval.reason,
    deadlineAt: approval.deadlineMs === null ? null : new Date(approval.deadlineMs).toISOString(),
    decidedAt: approval.decidedAtMs === null ? null : new Date(approval.decidedAtMs).toISOString(),
  };
}
