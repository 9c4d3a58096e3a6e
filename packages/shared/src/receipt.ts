import { z } from 'zod';
import { ZMicros } from './money';
import { text } from './text';

/**
 * PDF receipts (issue 22 item 4): one for every approved top-up, every paid payout, and every
 * closed UTC month in which a buyer spent or an owner earned. Numbered per calendar year without
 * gaps ("2026-000042"), with the platform's details as they were when it was issued.
 */
export const RECEIPT_KINDS = ['top-up', 'payout', 'monthly-spend', 'monthly-earnings'] as const;
export const ZReceiptKind = z.enum(RECEIPT_KINDS);
export type TReceiptKind = z.infer<typeof ZReceiptKind>;

export const RECEIPT_KIND_LABELS: Record<TReceiptKind, string> = {
  'top-up': 'Top-up',
  payout: 'Payout',
  'monthly-spend': 'Monthly ad spend',
  'monthly-earnings': 'Monthly ad earnings',
};

/** "2026-000042": the year and the receipt's place in it. */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

export const ZReceipt = z.object({
  id: text(),
  number: text(),
  kind: ZReceiptKind,
  amountMicros: ZMicros,
  /** monthly-*: the month's first day (UTC), "2026-10-01"; null otherwise. */
  month: text().nullable(),
  issuedAt: text(),
  /** `GET` it for the PDF (the wallet's owner and super-users). */
  pdfUrl: text(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** GET /api/v1/wallet/receipts: newest first. */
export const ZReceiptList = z.object({ items: z.array(ZReceipt) });
export type TReceiptList = z.infer<typeof ZReceiptList>;
