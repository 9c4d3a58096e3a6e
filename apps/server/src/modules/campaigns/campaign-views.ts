import { ZCampaignTargeting, ZStoredDaypart, type TCampaign } from '@screenline/shared/campaign';
import type { TDb } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { TContentDirectory } from '../content/content-directory';
import { campaignHoldBalancesOf } from '../ledger/ledger';
import { statusOf, utcDate } from './campaign-dates';
import { campaignsRepository as repo, type TCampaignRow } from './campaigns.repository';

/**
 * Campaign rows as the API shows them (ZCampaign): the buyer and who decided, the creatives from
 * the buyer's library, what was spent and what the hold still keeps, and the state's history.
 */
export function createCampaignViews(deps: {
  /** The content facade on a handle (the app's database or a transaction). */
  contentOf: (db: TDb) => TContentDirectory;
  now: () => number;
}) {
  const { contentOf, now } = deps;

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

  return { viewsOf, viewOf };
}
