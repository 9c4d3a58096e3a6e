import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { qrScan } from '../../db/schema/index';

/*
 * The fill module's read piece for the campaigns module's results: how often a campaign's QR code
 * was scanned. Other modules never name the qr_scan table (apps/server/test/module-graph).
 */

/** A campaign's QR scans of one UTC day on one ad space (null: the space is gone). */
export interface TScanCount {
  day: string;
  adSpaceId: string | null;
  scans: number;
}

/** The campaign's QR scans per UTC day and ad space, scanned in `[fromAt, toAt)`. Unordered. */
export async function qrScansByDayAndSpaceOf(
  db: TDb,
  campaignId: string,
  fromAt: Date,
  toAt: Date,
): Promise<TScanCount[]> {
  const rows = await db
    .select({
      day: sql<string>`to_char(${qrScan.scannedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      adSpaceId: qrScan.adSpaceId,
      scans: sql<string>`count(*)::text`,
    })
    .from(qrScan)
    .where(
      and(
        eq(qrScan.campaignId, campaignId),
        gte(qrScan.scannedAt, fromAt),
        lt(qrScan.scannedAt, toAt),
      ),
    )
    .groupBy(sql`1`, qrScan.adSpaceId);
  return rows.map((row) => ({ day: row.day, adSpaceId: row.adSpaceId, scans: Number(row.scans) }));
}
