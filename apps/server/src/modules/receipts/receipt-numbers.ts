import { sql } from 'drizzle-orm';
import { receiptNumber, type TReceiptKind } from '@screenline/shared/receipt';
import type { TPlatformBankDetails } from '@screenline/shared/platform-settings';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { receipt } from '../../db/schema/index';

/** What a receipt prints besides its number and date, fixed when it is issued. */
export interface TReceiptDetails {
  platform: TPlatformBankDetails;
  recipient: { name: string; email: string };
  /** What it is for, one line ("Top-up by bank transfer, reference SL-7KQ2-M9XD"). */
  description: string;
  /** The lines summed into the total (a month: one per campaign or ad space). */
  lines: { label: string; amountMicros: number }[];
}

export interface TIssueReceipt {
  userId: string;
  kind: TReceiptKind;
  topUpId?: string;
  payoutId?: string;
  /** monthly-*: the month's first day, "2026-10-01". */
  month?: string;
  amountMicros: number;
  details: TReceiptDetails;
  issuedAt: Date;
}

/**
 * Issues a receipt in the caller's transaction: the year's counter goes up by one (its row
 * stays locked until the transaction ends, so receipts of one year are numbered one at a time)
 * and the receipt takes the new number. A transaction that rolls back takes its number back with
 * it, so the numbers of a year have no gaps. Answers the receipt's id.
 */
export async function issueReceipt(tx: TDb, input: TIssueReceipt): Promise<string> {
  const year = input.issuedAt.getUTCFullYear();
  const [counter] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into receipt_counter (year, last_number) values (${year}, 1)
      on conflict (year) do update set last_number = receipt_counter.last_number + 1
      returning last_number`),
  );
  const sequence = Number(counter?.last_number);
  const [row] = await tx
    .insert(receipt)
    .values({
      year,
      sequence,
      number: receiptNumber(year, sequence),
      userId: input.userId,
      kind: input.kind,
      topUpId: input.topUpId ?? null,
      payoutId: input.payoutId ?? null,
      month: input.month ?? null,
      amountMicros: input.amountMicros,
      details: input.details,
      issuedAt: input.issuedAt,
    })
    .returning({ id: receipt.id });
  if (!row) throw new Error('The receipt was not stored.');
  return row.id;
}
