import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { campaign, campaignEvent } from '../../db/schema/index';
import { campaignAccountBalances } from '../ledger/ledger';
import type { TCampaignRow } from './campaigns.repository';

export type { TCampaignRow };

/**
 * The campaigns module's facade for settlement (modules/settlement): the campaign rows and
 * history a bill needs, read in the caller's transaction. No access check: settlement runs as
 * the platform, behind the TVs' requests.
 */

/**
 * The campaign's row, locked FOR UPDATE SKIP LOCKED (one writer per campaign): undefined when
 * another transaction holds it or there is no such campaign (`campaignExists` tells which).
 */
export async function lockCampaignUnlessBusy(
  tx: TDb,
  campaignId: string,
): Promise<TCampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaign)
    .where(eq(campaign.id, campaignId))
    .for('update', { skipLocked: true });
  return row;
}

/** Whether a campaign with this id exists (locked or not). */
export async function campaignExists(tx: TDb, campaignId: string): Promise<boolean> {
  const [exists] = await tx
    .select({ id: campaign.id })
    .from(campaign)
    .where(eq(campaign.id, campaignId));
  return exists !== undefined;
}

/** The campaign's state history, oldest first. */
export async function campaignEventsOf(tx: TDb, campaignId: string) {
  const rows = await tx
    .select({ toState: campaignEvent.toState, at: campaignEvent.at })
    .from(campaignEvent)
    .where(eq(campaignEvent.campaignId, campaignId))
    .orderBy(asc(campaignEvent.at), asc(campaignEvent.id));
  return rows.map((row) => ({ toState: row.toState, atMs: row.at.getTime() }));
}

/** Ended campaigns whose hold is due back at `at` and still holds money (at most `limit`). */
export function campaignsWithHoldDue(db: TDb, at: Date, limit: number) {
  return db
    .select({ id: campaign.id })
    .from(campaign)
    .innerJoin(campaignAccountBalances, eq(campaignAccountBalances.campaignId, campaign.id))
    .where(
      and(
        inArray(campaign.state, ['canceled', 'completed']),
        lte(campaign.holdReleaseAt, at),
        sql`${campaignAccountBalances.balanceMicros} > 0`,
      ),
    )
    .limit(limit);
}
