import { sql } from 'drizzle-orm';
import { formatMicros } from '@screenline/shared/money';
import type { TReceipt, TReceiptKind, TReceiptList } from '@screenline/shared/receipt';
import { API, apiPath } from '@screenline/shared/api-paths';
import type { TDb } from '../../db/database';
import type { receipt } from '../../db/schema/index';
import type { TActor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import { issueReceipt, type TReceiptDetails } from './receipt-numbers';
import { monthLabel, renderReceiptPdf } from './receipt-pdf';
import { createReceiptsRepository, type TMonthlyLine } from './receipts.repository';

type TReceiptRow = typeof receipt.$inferSelect;

/**
 * Receipts (issue 22 item 4). Top-up and payout receipts are issued by the wallet in the
 * transaction that moves the money; a month's spend or earnings receipt is issued the first time
 * the user's receipts are read after that UTC month closed (nothing can be added to a closed
 * month: the ledger is append-only and dates its transactions when they commit).
 */
export function createReceiptsService(deps: {
  db: TDb;
  access: TAccessPolicy;
  settings: TPlatformSettingsService;
  now?: () => Date;
}) {
  const { db, access, settings } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Issues the closed months' receipts the user does not have yet. One user at a time (an
   * advisory lock), so two tabs opening the wallet at once issue each month once.
   */
  async function issueClosedMonths(userId: string, name: string, email: string): Promise<void> {
    const at = now();
    const lines = await createReceiptsRepository(db).monthlyLines(userId, at);
    if (lines.length === 0) return;
    const platform = (await settings.get()).bank;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`screenline:receipts:${userId}`}, 0))`,
      );
      const issued = await createReceiptsRepository(tx).monthsIssued(userId);
      for (const [key, monthLines] of groupBy(lines, (line) => `${line.kind}:${line.month}`)) {
        if (issued.has(key)) continue;
        const first = monthLines[0]!;
        const amountMicros = monthLines.reduce((sum, line) => sum + line.amountMicros, 0);
        if (amountMicros === 0) continue;
        await issueReceipt(tx, {
          userId,
          kind: first.kind,
          month: first.month,
          amountMicros,
          issuedAt: at,
          details: monthlyDetails(first, monthLines, platform, { name, email }),
        });
      }
    });
  }

  async function list(actor: TActor): Promise<TReceiptList> {
    await access.requireAccess(actor, 'wallet.read');
    await issueClosedMonths(actor.id, actor.name, actor.email);
    const rows = await createReceiptsRepository(db).listOf(actor.id);
    return { items: rows.map(toReceipt) };
  }

  /** The PDF: the receipt's own user, or a super-user; anyone else gets 404. */
  async function pdf(actor: TActor, id: string): Promise<{ filename: string; body: Buffer }> {
    await access.requireAccess(actor, 'wallet.read');
    const row = await createReceiptsRepository(db).find(id);
    if (!row) throw notFound('That receipt');
    if (row.userId !== actor.id) {
      if (!actor.isSU) throw notFound('That receipt');
      await access.requireAccess(actor, 'admin.receipts.read');
    }
    const body = await renderReceiptPdf({
      number: row.number,
      kind: row.kind as TReceiptKind,
      month: row.month,
      amountMicros: row.amountMicros,
      issuedAt: row.issuedAt,
      details: row.details as TReceiptDetails,
    });
    return { filename: `screenline-receipt-${row.number}.pdf`, body };
  }

  return { list, pdf, issueClosedMonths };
}

export type TReceiptsService = ReturnType<typeof createReceiptsService>;

function monthlyDetails(
  first: TMonthlyLine,
  lines: TMonthlyLine[],
  platform: TReceiptDetails['platform'],
  recipient: TReceiptDetails['recipient'],
): TReceiptDetails {
  const what = first.kind === 'monthly-spend' ? 'Ad spend' : 'Ad earnings after commission';
  const total = lines.reduce((sum, line) => sum + line.amountMicros, 0);
  return {
    platform,
    recipient,
    description: `${what} in ${monthLabel(first.month)}: ${formatMicros(total)}, per campaign.`,
    lines: lines.map((line) => ({ label: line.campaignName, amountMicros: line.amountMicros })),
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

function toReceipt(row: TReceiptRow): TReceipt {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as TReceiptKind,
    amountMicros: row.amountMicros,
    month: row.month,
    issuedAt: row.issuedAt.toISOString(),
    pdfUrl: apiPath(API.walletReceiptPdf, { id: row.id }),
  };
}
