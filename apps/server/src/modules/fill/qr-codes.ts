import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { QR_PATH_PREFIX } from '@screenline/shared/campaign';
import type { TDb } from '../../db/database';
import { qrCode } from '../../db/schema/index';

/** 9 random bytes: 12 base64url characters, 72 bits nobody guesses. */
const CODE_BYTES = 9;

/** The URL a QR overlay encodes. */
export const qrUrlOf = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}${QR_PATH_PREFIX}${code}`;

/**
 * The QR code of each campaign on one ad space, made on first need: one per campaign and space
 * (`qr_code_campaign_space_idx`), so a scan says where the ad was seen. Two builds that race
 * make one code each; the unique index keeps the first, and both read it back.
 */
export async function qrCodesFor(
  db: TDb,
  adSpaceId: string,
  campaignIds: readonly string[],
): Promise<Map<string, string>> {
  if (campaignIds.length === 0) return new Map();
  const read = async () =>
    new Map(
      (
        await db
          .select({ campaignId: qrCode.campaignId, code: qrCode.code })
          .from(qrCode)
          .where(and(eq(qrCode.adSpaceId, adSpaceId), inArray(qrCode.campaignId, [...campaignIds])))
      ).map((row) => [row.campaignId, row.code]),
    );
  let codes = await read();
  const missing = campaignIds.filter((id) => !codes.has(id));
  if (missing.length === 0) return codes;
  await db
    .insert(qrCode)
    .values(
      missing.map((campaignId) => ({
        code: crypto.randomBytes(CODE_BYTES).toString('base64url'),
        campaignId,
        adSpaceId,
      })),
    )
    .onConflictDoNothing();
  codes = await read();
  return codes;
}
