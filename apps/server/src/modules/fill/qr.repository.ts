import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { campaign, qrCode, qrScan } from '../../db/schema/index';

/** QR scans (issue 9 item 7): codes, and the scans they record. */
export function createQrRepository(db: TDb) {
  return {
    /** The code's campaign, ad space and the campaign's stored destination, or undefined. */
    async findCode(code: string) {
      const [row] = await db
        .select({
          campaignId: qrCode.campaignId,
          adSpaceId: qrCode.adSpaceId,
          destinationUrl: campaign.destinationUrl,
        })
        .from(qrCode)
        .innerJoin(campaign, eq(campaign.id, qrCode.campaignId))
        .where(eq(qrCode.code, code));
      return row;
    },

    async recordScan(scan: { campaignId: string; adSpaceId: string }): Promise<void> {
      await db.insert(qrScan).values(scan);
    },
  };
}

export type TQrRepository = ReturnType<typeof createQrRepository>;
