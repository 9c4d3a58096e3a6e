import { ZQrCode } from '@screenline/shared/campaign';
import type { TQrRepository } from './qr.repository';

/**
 * The stored destination as a Location value, or null unless it is an http or https URL: only
 * what the campaign stored is ever sent there (the request adds nothing), and never a
 * javascript:, data: or other scheme, whatever slipped into the column.
 */
export function redirectTarget(stored: string | null): string | null {
  if (stored === null) return null;
  try {
    const url = new URL(stored);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Where a scan of `code` sends the browser, after recording it; null for an unknown or malformed
 * code, or a campaign whose destination is not an http or https URL.
 */
export function createQrService(repo: TQrRepository) {
  return {
    async scan(code: string): Promise<string | null> {
      const parsed = ZQrCode.safeParse(code);
      if (!parsed.success) return null;
      const found = await repo.findCode(parsed.data);
      const target = redirectTarget(found?.destinationUrl ?? null);
      if (!found || target === null) return null;
      await repo.recordScan({ campaignId: found.campaignId, adSpaceId: found.adSpaceId });
      return target;
    },
  };
}

export type TQrService = ReturnType<typeof createQrService>;
