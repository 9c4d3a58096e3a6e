import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { qrCode, qrScan } from '../../db/schema/index';
import type { TFillCampaigns } from './fill-campaigns';

/**
 * QR scans (issue 9 item 7): codes, and the scans they record. `campaigns` is the campaigns
 * module's read-only piece (from app.ts), joined for the destination: one query per scan.
 */
export function createQrRepository(db: TDb, campaigns: TFillCampaigns['campaignRows']) {
  return {
    /** The code's campaign, ad space and the campaign's stored destination, or undefined. */
    async findCode(code: string) {
      const [row] = await db
        .select({
          campaignId: qrCode.campaignId,
          adSpaceId: qrCode.adSpaceId,
          destinationUrl: campaigns.destinationUrl,
        })
        .from(qrCode)
        .innerJoin(campaigns, eq(campaigns.id, qrCode.campaignId))
        .where(eq(qrCode.code, code));
      return row;
    },

    async recordScan(scan: { campaignId: string; adSpaceId: string }): Promise<void> {
      await db.insert(qrScan).values(scan);
    },
  };
}

export type TQrRepository = ReturnType<typeof createQrRepository>;
