import {
  matchesTargeting,
  ZCampaignTargeting,
  type TCampaignState,
} from '@screenline/shared/campaign';
import { eq } from 'drizzle-orm';
import { HOLD_RELEASE_GRACE_MS } from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { campaign } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { campaignHoldAccountId, lockBalance, transfer, walletAccountId } from '../ledger/ledger';
import { bumpAdSpacesContentVersion } from '../screens/ad-space-directory';
import { campaignsRepository as repo, type TCampaignRow } from './campaigns.repository';

/**
 * A campaign's moves between states, and the money that moves with them (DESIGN.md §4–§5). Each
 * runs inside the caller's transaction: the state change, its history row, the ledger transfer
 * and the content-version bump of the spaces it reaches commit together or not at all.
 *
 * Lock order: the campaign's row first, then its hold (through the transfer or `lockBalance`).
 * Impression settlement calling `completeCampaign` must lock in that order too.
 */

/** Which states each move starts from. */
export const TRANSITIONS = {
  submit: ['draft', 'rejected'],
  pause: ['approved'],
  resume: ['paused'],
  cancel: ['draft', 'pending', 'rejected', 'approved', 'paused'],
  approve: ['pending'],
  reject: ['pending'],
  complete: ['approved', 'paused'],
} as const satisfies Record<string, readonly TCampaignState[]>;

/** States whose campaign has a hold (approved and not ended). */
const HOLDING: readonly TCampaignState[] = ['approved', 'paused'];

const STATE_WORDS: Record<TCampaignState, string> = {
  draft: 'a draft',
  pending: 'waiting for review',
  approved: 'approved',
  paused: 'paused',
  rejected: 'rejected',
  completed: 'completed',
  canceled: 'canceled',
};

export function invalidState(row: Pick<TCampaignRow, 'state'>, action: string): AppError {
  return new AppError(
    'invalid-state',
    `This campaign is ${STATE_WORDS[row.state]}: it cannot be ${action}.`,
  );
}

/**
 * Moves the locked campaign from its state to `to`, guarded in SQL on the state it was read in,
 * and appends the history row. Refuses (409 invalid-state) from a state `from` does not list.
 */
export async function moveState(
  tx: TDb,
  current: TCampaignRow,
  move: {
    from: readonly TCampaignState[];
    to: TCampaignState;
    actorId: string | null;
    action: string;
    reason?: string | null;
    decision?: { reason: string | null; decidedBy: string };
  },
): Promise<TCampaignRow> {
  if (!move.from.includes(current.state)) throw invalidState(current, move.action);
  const changed = await repo.changeState(tx, current.id, [current.state], move.to, move.decision);
  if (!changed) throw invalidState(current, move.action);
  await repo.insertEvent(tx, {
    campaignId: current.id,
    from: current.state,
    to: move.to,
    actorId: move.actorId,
    reason: move.reason ?? null,
  });
  return changed;
}

/** The approved-monetized ad spaces the campaign's targeting matches. */
export async function matchingSpaces(tx: TDb, row: Pick<TCampaignRow, 'targeting'>) {
  const targeting = ZCampaignTargeting.parse(row.targeting);
  return (await repo.monetizedSpaces(tx)).filter((space) => matchesTargeting(space, targeting));
}

/**
 * Bumps the content version of the spaces whose ad slots the campaign may fill; answers their
 * ids, to publish on the player change bus once the transaction commits.
 */
export async function bumpTargetedSpaces(
  tx: TDb,
  row: Pick<TCampaignRow, 'targeting'>,
): Promise<string[]> {
  const spaces = await matchingSpaces(tx, row);
  return bumpAdSpacesContentVersion(
    tx,
    spaces.map((space) => space.adSpaceId),
  );
}

/** Holds the whole budget: buyer wallet −budget, campaign hold +budget (409 when short). */
export async function holdBudget(tx: TDb, row: TCampaignRow, actorId: string): Promise<void> {
  const [wallet, hold] = [
    await walletAccountId(tx, row.ownerId),
    await campaignHoldAccountId(tx, row.id),
  ];
  await transfer(tx, {
    kind: 'campaign-hold',
    description: `Budget held for campaign “${row.name}”`,
    actorId,
    campaignId: row.id,
    entries: [
      { accountId: wallet, amountMicros: -row.budgetMicros },
      { accountId: hold, amountMicros: row.budgetMicros },
    ],
  });
}

/** Returns what the hold has left to the buyer's wallet; answers the amount (0: nothing moved). */
export async function releaseHold(
  tx: TDb,
  row: TCampaignRow,
  actorId: string | null,
  why: string,
): Promise<number> {
  const hold = await campaignHoldAccountId(tx, row.id);
  const rest = await lockBalance(tx, hold);
  if (rest === 0) return 0;
  const wallet = await walletAccountId(tx, row.ownerId);
  await transfer(tx, {
    kind: 'campaign-release',
    description: `Budget returned from campaign “${row.name}” (${why})`,
    actorId,
    campaignId: row.id,
    entries: [
      { accountId: hold, amountMicros: -rest },
      { accountId: wallet, amountMicros: rest },
    ],
  });
  return rest;
}

/**
 * Cancels the locked campaign. An approved or paused one keeps its hold for the grace period
 * (HOLD_RELEASE_GRACE_MS): plays its screens showed while it was live are still billed when they
 * arrive, and settlement returns the rest to the buyer's wallet after that (issue 17).
 */
export async function cancelCampaign(
  tx: TDb,
  current: TCampaignRow,
  actorId: string,
): Promise<{ row: TCampaignRow; adSpaceIds: string[] }> {
  const row = await moveState(tx, current, {
    from: TRANSITIONS.cancel,
    to: 'canceled',
    actorId,
    action: 'canceled',
  });
  if (!HOLDING.includes(current.state)) return { row, adSpaceIds: [] };
  const released = await scheduleHoldRelease(tx, row);
  return { row: released, adSpaceIds: await bumpTargetedSpaces(tx, current) };
}

/** Sets when the ended campaign's hold goes back: the grace period from now. */
async function scheduleHoldRelease(tx: TDb, row: TCampaignRow): Promise<TCampaignRow> {
  const holdReleaseAt = new Date(Date.now() + HOLD_RELEASE_GRACE_MS);
  const [updated] = await tx
    .update(campaign)
    .set({ holdReleaseAt })
    .where(eq(campaign.id, row.id))
    .returning();
  return updated ?? { ...row, holdReleaseAt };
}

/**
 * Completes an approved or paused campaign (end date passed, or hold spent) in the caller's
 * transaction; what its hold has left goes back to the buyer after the grace period, like a
 * cancel's. Settlement calls it when a charge empties a hold. Answers whether it completed
 * (false: not approved or paused, e.g. completed or canceled meanwhile) and the ad spaces to
 * publish after the commit.
 */
export async function completeCampaign(
  tx: TDb,
  id: string,
): Promise<{ completed: boolean; adSpaceIds: string[] }> {
  const current = await repo.lockById(tx, id);
  if (!current || !HOLDING.includes(current.state)) return { completed: false, adSpaceIds: [] };
  await moveState(tx, current, {
    from: TRANSITIONS.complete,
    to: 'completed',
    actorId: null,
    action: 'completed',
  });
  await scheduleHoldRelease(tx, current);
  return { completed: true, adSpaceIds: await bumpTargetedSpaces(tx, current) };
}
