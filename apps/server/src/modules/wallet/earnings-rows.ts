import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  TEarningsPlayList,
  TEarningsRowList,
  ZEarningsPlaysQuery,
} from '@screenline/shared/wallet';
import type { ZPageQuery } from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import type { TActor } from '../../lib/actor';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TAccessPolicy } from '../access/access-policy';
import { campaignsAs } from '../campaigns/campaign-names';
import { ownerBilledAdPlays, ownerBilledPlaysOfRow } from '../proof-of-play/owner-plays';
import { spacesAs } from '../screens/places';

const ZEarningsCursor = z.object({ offset: z.number().int().positive() });
/** A row's plays listed at most (a busy screen plays a campaign a few hundred times a day). */
const PLAYS_SHOWN = 500;

/**
 * An owner's ad earnings grouped per ad space, campaign and local day at the screen (issue 22
 * item 6). Read from the settled plays (verdict `billed`, the owner's share; the proof-of-play
 * module's pieces, proof-of-play/owner-plays.ts): a settlement batch is one ledger transaction for
 * many spaces, so the ledger cannot say which space earned what, while each play can. A row grows
 * as plays settle; the ledger's entries stay one per batch, in the history.
 */
export function createEarningsRows(deps: { db: TDb; access: TAccessPolicy }) {
  const { db, access } = deps;

  async function rows(
    actor: TActor,
    query: z.output<typeof ZPageQuery>,
  ): Promise<TEarningsRowList> {
    await access.requireAccess(actor, 'wallet.earnings');
    const offset = query.cursor ? decodeCursor(ZEarningsCursor, query.cursor).offset : 0;
    const found = rowsOf<{
      day: string;
      ad_space_id: string;
      ad_space_name: string;
      campaign_id: string;
      campaign_name: string | null;
      plays: string;
      earned: string;
      last_settled_at: string | Date;
    }>(
      await db.execute(sql`
        with i as (${ownerBilledAdPlays(actor.id)})
        select to_char(i.day_at_screen, 'YYYY-MM-DD') as day, i.ad_space_id, s.name as ad_space_name,
          i.campaign_id, c.name as campaign_name, count(*)::text as plays,
          sum(i.owner_share_micros)::text as earned, max(i.settled_at) as last_settled_at
        from i
        join ${spacesAs('s')} on s.id = i.ad_space_id
        left join ${campaignsAs('c')} on c.id = i.campaign_id
        group by i.day_at_screen, i.ad_space_id, s.name, i.campaign_id, c.name
        order by i.day_at_screen desc, s.name, c.name, i.ad_space_id, i.campaign_id
        limit ${query.limit + 1} offset ${offset}`),
    );
    const page = found.slice(0, query.limit);
    return {
      items: page.map((row) => ({
        day: row.day,
        adSpace: { id: row.ad_space_id, name: row.ad_space_name },
        campaign: { id: row.campaign_id, name: row.campaign_name ?? 'A deleted campaign' },
        plays: Number(row.plays),
        earnedMicros: Number(row.earned),
        lastSettledAt: new Date(row.last_settled_at).toISOString(),
      })),
      nextCursor:
        found.length > query.limit
          ? encodeCursor(ZEarningsCursor, { offset: offset + query.limit })
          : null,
    };
  }

  /** One row's plays, oldest first: what the row sums. */
  async function plays(
    actor: TActor,
    query: z.output<typeof ZEarningsPlaysQuery>,
  ): Promise<TEarningsPlayList> {
    await access.requireAccess(actor, 'wallet.earnings');
    // Another owner's space is 404, like every id of someone else's.
    await access.requireAccess(actor, 'adSpace.read', [query.adSpaceId]);
    const found = await ownerBilledPlaysOfRow(
      db,
      {
        ownerId: actor.id,
        day: query.day,
        adSpaceId: query.adSpaceId,
        campaignId: query.campaignId,
      },
      PLAYS_SHOWN + 1,
    );
    return {
      items: found.slice(0, PLAYS_SHOWN).map((row) => ({
        id: row.id,
        startedAt: new Date(row.started_at).toISOString(),
        billableMs: Number(row.billable_ms),
        billedMicros: Number(row.billed),
        earnedMicros: Number(row.earned),
        settledAt: new Date(row.settled_at).toISOString(),
      })),
      truncated: found.length > PLAYS_SHOWN,
    };
  }

  return { rows, plays };
}
