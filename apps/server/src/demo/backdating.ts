import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MANIFEST_TIMELINE_DAYS,
  type TPlayerManifest,
  ZPlayerManifest,
} from '@screenline/shared/player';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { API } from '@screenline/shared/api-paths';
import {
  campaignEvent,
  deviceServedFill,
  ledgerEntry,
  ledgerTransaction,
  monetizationRequest,
  servedFill,
  topUpRequest,
} from '../db/schema/index';
import type { TDb } from '../db/database';
import { rowsOf } from '../db/rows';
import { campaignWindows } from '../modules/fill/campaign-windows';
import { servedFillOf } from '../modules/proof-of-play/served-fills';
import type { TDemoClient } from './demo-client';
import type { TRunningCampaign } from './marketplace';
import { addDays, localDate } from './seed-helpers';
import { LOCATIONS, SPACES, type TDemoTvs } from './venues';

// The business dated back, as if it had been running: what the API stamped "now" (approvals,
// the money moved, which manifests each TV was sent) moves to before the first simulated day,
// so the simulated plays pass the proof-of-play rules (issue 17).

/** The start (ms) of the first simulated day: local midnight `days` before today at the TVs. */
function simulationStart(days: number, now: number): number {
  return Math.min(
    ...SPACES.filter((s) => s.tv).map((space) => {
      const { timeZone } = LOCATIONS.find((p) => p.key === space.location)!;
      const day = addDays(localDate(now, timeZone), -days);
      return resolveLocalDateTime(`${day}T00:00`, timeZone).epochMs;
    }),
  );
}

/**
 * Dates the approvals back to an hour before the first simulated day, as if the super-user had
 * approved them then: the monetization requests' approval (the space was monetized from then)
 * and the campaigns' history (each event moved back by the same amount, so they stay in order).
 * Settlement reads both at each play's start ('not-monetized', 'not-live'). Answers that moment.
 */
export async function backdateApprovals(
  app: FastifyInstance,
  input: { days: number; now: number; campaignIds: string[] },
): Promise<number> {
  const since = simulationStart(input.days, input.now) - 3_600_000;
  const { db } = app.deps;
  await db
    .update(monetizationRequest)
    .set({ approvedAt: new Date(since), decidedAt: new Date(since) })
    .where(isNotNull(monetizationRequest.approvedAt));
  const [first] = await db
    .select({ at: sql<string>`min(${campaignEvent.at})` })
    .from(campaignEvent)
    .where(inArray(campaignEvent.campaignId, input.campaignIds));
  const shiftMs = first?.at ? new Date(first.at).getTime() - since : 0;
  await db
    .update(campaignEvent)
    .set({ at: sql`${campaignEvent.at} - ${`${shiftMs} milliseconds`}::interval` })
    .where(inArray(campaignEvent.campaignId, input.campaignIds));
  return since;
}

/**
 * Records that each TV was sent the manifest of each simulated day, ten minutes before the day
 * began at the screen (its poll; the first day's after the approvals): the fill of the manifest
 * it fetches now (its playlists' ad slots, the campaigns offered), with each campaign's windows
 * as that day's manifest would have offered them (campaignWindows over its timeline). The arrival
 * rule "it was offered" reads these rows (served-fills.ts).
 */
export async function recordServedFills(
  app: FastifyInstance,
  client: TDemoClient,
  input: {
    days: number;
    now: number;
    since: number;
    tvs: TDemoTvs;
    running: TRunningCampaign[];
  },
): Promise<void> {
  const { db } = app.deps;
  for (const [key, tv] of input.tvs) {
    const space = SPACES.find((s) => s.key === key)!;
    const { timeZone } = LOCATIONS.find((p) => p.key === space.location)!;
    const manifest: TPlayerManifest = ZPlayerManifest.parse(
      await client.call({
        method: 'GET',
        url: API.playerManifest,
        headers: { authorization: `Bearer ${tv.token}` },
      }),
    );
    const adFill = manifest.adFill;
    if (!adFill) throw new Error(`The manifest of ${space.name} offers no ads.`);
    const localToday = localDate(input.now, timeZone);
    for (let d = input.days; d >= 0; d -= 1) {
      const day = addDays(localToday, -d);
      const servedAt = Math.max(
        input.since + 60_000,
        resolveLocalDateTime(`${day}T00:00`, timeZone).epochMs - 600_000,
      );
      const toMs = servedAt + MANIFEST_TIMELINE_DAYS * 86_400_000;
      const fill = servedFillOf(
        {
          ...adFill,
          campaigns: adFill.campaigns.map((entry) => {
            const campaign = input.running.find((c) => c.id === entry.campaignId);
            return campaign
              ? { ...entry, windows: campaignWindows(campaign, timeZone, servedAt, toMs) }
              : entry;
          }),
        },
        manifest.playlists,
      );
      if (!fill) continue;
      const version = `demo-${day}`;
      await db
        .insert(servedFill)
        .values({ adSpaceId: manifest.adSpace.id, version, fill, createdAt: new Date(servedAt) })
        .onConflictDoNothing();
      await db
        .insert(deviceServedFill)
        .values({
          deviceId: tv.deviceId,
          adSpaceId: manifest.adSpace.id,
          version,
          servedAt: new Date(servedAt),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * The ledger is append-only (its triggers refuse UPDATE), and the database stamps each row with
 * the moment it was written: the seed's run. A demo's history should read like the business it
 * simulates, so the seed, and nothing else, lifts that rule for one transaction to move the
 * stamps (never amounts, accounts or order: the history sorts by entry id).
 */
export async function restampLedger(db: TDb, work: (tx: TDb) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`alter table ${ledgerTransaction} disable trigger ledger_transaction_append_only`,
    );
    await tx.execute(sql`alter table ${ledgerEntry} disable trigger ledger_entry_append_only`);
    await work(tx);
    await tx.execute(sql`alter table ${ledgerEntry} enable trigger ledger_entry_append_only`);
    await tx.execute(
      sql`alter table ${ledgerTransaction} enable trigger ledger_transaction_append_only`,
    );
  });
}

/**
 * Dates the money moved so far (the top-ups approved, the campaigns' budgets held) back to the
 * approvals' moment, `since`, keeping their gaps: the newest lands on it. The approved top-up
 * requests move with them. Answers the database's clock now: every ledger row stamped after it
 * is the simulated days' settlement (sendAndSettleByHour dates those).
 */
export async function dateLedgerBack(app: FastifyInstance, since: number): Promise<Date> {
  const { db } = app.deps;
  // Epoch milliseconds, not timestamps as text: their text form differs between drivers.
  const [newest] = rowsOf<{ at_ms: string | null; now_ms: string }>(
    await db.execute(sql`
      select (extract(epoch from max(${ledgerTransaction.createdAt})) * 1000)::text as at_ms,
        (extract(epoch from now()) * 1000)::text as now_ms
      from ${ledgerTransaction}`),
  );
  if (!newest?.at_ms) throw new Error('The demo moved no money before the simulated days.');
  const shiftMs = Math.round(Number(newest.at_ms)) - since;
  const shift = sql`${`${shiftMs} milliseconds`}::interval`;
  await restampLedger(db, async (tx) => {
    await tx
      .update(ledgerTransaction)
      .set({ createdAt: sql`${ledgerTransaction.createdAt} - ${shift}` })
      .where(sql`true`);
    await tx
      .update(ledgerEntry)
      .set({ createdAt: sql`${ledgerEntry.createdAt} - ${shift}` })
      .where(sql`true`);
  });
  await db
    .update(topUpRequest)
    .set({
      createdAt: sql`${topUpRequest.createdAt} - ${shift}`,
      decidedAt: sql`${topUpRequest.decidedAt} - ${shift}`,
    })
    .where(isNotNull(topUpRequest.decidedAt));
  return new Date(Math.floor(Number(newest.now_ms)));
}
