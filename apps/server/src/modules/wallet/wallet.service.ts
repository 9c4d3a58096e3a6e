import type { Readable } from 'node:stream';
import { z } from 'zod';
import { formatMicros, microsAsDecimal } from '@screenline/shared/money';
import { findReference } from '@screenline/shared/payment';
import {
  AWAITING_SECOND_APPROVAL,
  LEDGER_TRANSACTION_LABELS,
  type TTopUp,
  type TTopUpList,
  type TWallet,
  type TWalletTransaction,
  type TWalletTransactionList,
  type ZCreateTopUp,
  type ZRequestListQuery,
  type ZTopUpListQuery,
  type ZWalletTransactionsQuery,
} from '@screenline/shared/wallet';
import type { TDb } from '../../db/database';
import type { TStepUp } from '../auth/step-up';
import type { TActor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { pageOf } from '../../lib/created-order';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { csvStream } from '../../lib/csv';
import type { TAccessPolicy } from '../access/access-policy';
import { recordMoneyDecision } from '../audit/money-audit';
import type { TContentDirectory } from '../content/content-directory';
import { EXTERNAL_ACCOUNT_ID, transfer, walletAccountId } from '../ledger/ledger';
import type { MailService, TMail } from '../mail/mail.service';
import { topUpApprovedMail, topUpRejectedMail } from '../mail/templates';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import { paymentMethod } from '../payments/payment-method';
import { issueReceipt } from '../receipts/receipt-numbers';
import type { TIbanCipher } from './iban-cipher';
import { createWalletPayouts } from './wallet-payouts';
import {
  requireNotFirstApprover,
  requireWithin,
  toTopUp,
  type TRunIdempotent,
  type TTopUpRow,
} from './wallet-views';
import { createWalletRepository, type THistoryRow } from './wallet.repository';

type TTransactionsQuery = z.output<typeof ZWalletTransactionsQuery>;
type TRequestQuery = z.output<typeof ZRequestListQuery>;
type TTopUpQuery = z.output<typeof ZTopUpListQuery>;
type TCreateTopUp = z.output<typeof ZCreateTopUp>;

const ZHistoryCursor = z.object({ seq: z.number().int().positive() });

/** The history's CSV columns, in order. */
const CSV_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'description',
  'campaign',
  'amount',
  'held_change',
  'balance_after',
  'amount_micros',
  'held_change_micros',
  'balance_after_micros',
] as const;

/**
 * Wallets, top-ups and payouts (issue 9 item 2) and the super-users' decisions on them (item 5).
 * Money moves only through the ledger's `transfer`, in the transaction of the state change that
 * causes it; that change is guarded in SQL, so concurrent decisions cannot both win. Each
 * decision emails the requester once its transaction committed (a replay sends nothing).
 */
export function createWalletService(deps: {
  db: TDb;
  access: TAccessPolicy;
  settings: TPlatformSettingsService;
  /** The content module's facade on a connection or transaction (receipts are read in both). */
  contentOf: (db: TDb) => TContentDirectory;
  mail: Pick<MailService, 'enqueue'>;
  publicUrl: string;
  cipher: TIbanCipher;
  /** A payout request carries a fresh two-factor code (issue 18 item 4). */
  stepUp: Pick<TStepUp, 'verifyTotp' | 'spend'>;
}) {
  const { db, access, settings, contentOf, mail, publicUrl } = deps;
  const repo = createWalletRepository(db);

  /** Runs `work` idempotently, then sends the mail it asked for (never on a replay). */
  async function decide<T>(
    run: TRunIdempotent,
    work: (tx: TDb) => Promise<{ statusCode: number; body: T; mail: TMail | null }>,
  ): Promise<T> {
    let toSend: TMail | null = null;
    const body = await run(async (tx) => {
      const result = await work(tx);
      toSend = result.mail;
      return { statusCode: result.statusCode, body: result.body };
    });
    if (toSend) await mail.enqueue(toSend);
    return body;
  }

  async function figures(actor: TActor): Promise<TWallet> {
    await access.requireAccess(actor, 'wallet.read');
    return repo.figures(actor.id);
  }

  async function transactions(
    actor: TActor,
    query: TTransactionsQuery,
  ): Promise<TWalletTransactionList> {
    await access.requireAccess(actor, 'wallet.read');
    requireRange(query.from, query.to);
    const before = query.cursor ? decodeCursor(ZHistoryCursor, query.cursor).seq : undefined;
    const rows = await repo.history(actor.id, {
      kind: query.kind,
      except: query.except,
      from: query.from,
      to: query.to,
      beforeSeq: before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toWalletTransaction),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(ZHistoryCursor, { seq: Number(last.seq) })
          : null,
    };
  }

  /** Every row the filters match, as CSV (Excel-friendly CRLF), newest first. */
  async function transactionsCsv(
    actor: TActor,
    query: TTransactionsQuery,
  ): Promise<{ filename: string; body: Readable }> {
    await access.requireAccess(actor, 'wallet.read');
    requireRange(query.from, query.to);
    const rows = await repo.history(actor.id, {
      kind: query.kind,
      except: query.except,
      from: query.from,
      to: query.to,
    });
    const records = rows
      .map(toWalletTransaction)
      .map((row) => [
        row.id,
        row.createdAt,
        LEDGER_TRANSACTION_LABELS[row.kind],
        row.description,
        row.campaign?.name ?? '',
        microsAsDecimal(row.amountMicros),
        microsAsDecimal(row.heldDeltaMicros),
        microsAsDecimal(row.balanceAfterMicros),
        row.amountMicros,
        row.heldDeltaMicros,
        row.balanceAfterMicros,
      ]);
    const body = csvStream(CSV_COLUMNS, records);
    const range = [query.from, query.to].filter(Boolean).join('-to-');
    return { filename: `wallet-transactions${range ? `-${range}` : ''}.csv`, body };
  }

  // Top-ups.

  async function listTopUps(actor: TActor, query: TRequestQuery): Promise<TTopUpList> {
    await access.requireAccess(actor, 'wallet.read');
    return topUpList(actor.id, query, 'newest');
  }

  /**
   * Everyone's top-ups; `reference` (what a bank statement says) keeps the one whose reference
   * it contains, so the super-user matches a transfer to its request.
   */
  async function listAllTopUps(actor: TActor, query: TTopUpQuery): Promise<TTopUpList> {
    await access.requireAccess(actor, 'admin.topUps.review');
    return topUpList(undefined, query, query.state === 'pending' ? 'oldest' : 'newest');
  }

  async function topUpList(
    userId: string | undefined,
    query: TTopUpQuery,
    direction: 'newest' | 'oldest',
  ): Promise<TTopUpList> {
    if (query.state === 'paid')
      throw new AppError(
        'validation-failed',
        'Top-ups are pending, approved or rejected; only payouts are paid.',
        {
          fields: [{ path: 'querystring.state', message: 'Choose pending, approved or rejected.' }],
        },
      );
    const rows = await repo.listTopUps({
      userId,
      reference:
        query.reference === undefined
          ? undefined
          : { platform: findReference(query.reference), legacy: query.reference },
      state: query.state,
      direction,
      cursor: query.cursor,
      limit: query.limit,
    });
    const { page, nextCursor } = pageOf(rows, query.limit, (row) => row.request);
    const receipts = await receiptsOf(
      db,
      page.map((row) => row.request),
    );
    const current = await settings.get();
    return {
      items: page.map((row) => toTopUp(row, receipts, current)),
      nextCursor,
    };
  }

  async function createTopUp(
    actor: TActor,
    input: TCreateTopUp,
    run: TRunIdempotent,
  ): Promise<TTopUp> {
    await access.requireAccess(actor, 'wallet.top-up');
    const limits = await settings.get();
    requireWithin(input.amountMicros, limits.topUpMinMicros, limits.topUpMaxMicros, 'top-up');
    if (input.receiptContentId)
      await access.requireAccess(actor, 'content.read', [input.receiptContentId]);
    const method = paymentMethod(input.method);
    return run(async (tx) => {
      // A reference already taken (about one in 10^12) is skipped for a fresh one.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const intent = method.createIntent({ amountMicros: input.amountMicros });
        const id = await createWalletRepository(tx).insertTopUp({
          userId: actor.id,
          amountMicros: intent.amountMicros,
          paymentMethod: intent.method,
          paymentReference: intent.reference,
          receiptContentId: input.receiptContentId,
        });
        if (id) return { statusCode: 201, body: await topUpView(tx, id) };
      }
      throw new Error('No free top-up reference was found in 5 tries.');
    });
  }

  /**
   * Approves a top-up: the wallet is credited. Never the super-user's own (four eyes, issue 18
   * item 6); above the platform's `fourEyesAboveMicros` the first approval only moves it to
   * awaiting-second-approval, and a second, different super-user's approval credits it.
   */
  async function approveTopUp(actor: TActor, id: string, run: TRunIdempotent): Promise<TTopUp> {
    await access.requireAccess(actor, 'admin.topUps.review');
    const { fourEyesAboveMicros } = await settings.get();
    return decide(run, async (tx) => {
      const txRepo = createWalletRepository(tx);
      const current = await txRepo.findTopUp(id);
      if (!current) throw notFound('That top-up');
      const { request } = current;
      if (request.userId === actor.id)
        throw forbidden(
          'You cannot approve a top-up for your own wallet; another super-user must decide it.',
        );
      requireNotFirstApprover(request, actor, 'top-up');
      const audit = {
        kind: 'top-up',
        subjectId: id,
        requester: current.user,
        amountMicros: request.amountMicros,
      } as const;
      if (request.state === 'pending' && request.amountMicros > fourEyesAboveMicros) {
        const first = await txRepo.firstApproveTopUp(id, actor.id);
        if (!first) throw await notPending(tx, id, 'top-up');
        await recordMoneyDecision(tx, actor, { ...audit, action: 'first-approval' });
        return { statusCode: 200, body: await topUpView(tx, id), mail: null };
      }
      const row = await txRepo.decideTopUp(
        id,
        [request.state === AWAITING_SECOND_APPROVAL ? AWAITING_SECOND_APPROVAL : 'pending'],
        {
          state: 'approved',
          decidedBy: actor.id,
          reason: null,
        },
      );
      if (!row) throw await notPending(tx, id, 'top-up');
      await transfer(tx, {
        kind: 'top-up',
        description: `Top-up approved: reference ${row.reference}`,
        actorId: actor.id,
        topUpId: row.id,
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -row.amountMicros },
          { accountId: await walletAccountId(tx, row.userId), amountMicros: row.amountMicros },
        ],
      });
      await recordMoneyDecision(tx, actor, { ...audit, action: 'approve' });
      await issueReceipt(tx, {
        userId: row.userId,
        kind: 'top-up',
        topUpId: row.id,
        amountMicros: row.amountMicros,
        issuedAt: row.decidedAt ?? new Date(),
        details: {
          platform: (await settings.get(tx)).bank,
          recipient: { name: current.user.name, email: current.user.email },
          description: `Top-up by bank transfer, reference ${row.reference}`,
          lines: [{ label: 'Credited to your Screenline wallet', amountMicros: row.amountMicros }],
        },
      });
      const body = await topUpView(tx, id);
      return {
        statusCode: 200,
        body,
        mail: topUpApprovedMail(body.user.email, formatMicros(row.amountMicros), publicUrl),
      };
    });
  }

  async function rejectTopUp(
    actor: TActor,
    id: string,
    reason: string,
    run: TRunIdempotent,
  ): Promise<TTopUp> {
    await access.requireAccess(actor, 'admin.topUps.review');
    return decide(run, async (tx) => {
      const row = await createWalletRepository(tx).decideTopUp(
        id,
        ['pending', AWAITING_SECOND_APPROVAL],
        { state: 'rejected', decidedBy: actor.id, reason },
      );
      if (!row) throw await notPending(tx, id, 'top-up');
      const body = await topUpView(tx, id);
      await recordMoneyDecision(tx, actor, {
        kind: 'top-up',
        action: 'reject',
        subjectId: id,
        requester: body.user,
        amountMicros: row.amountMicros,
        reason,
      });
      return {
        statusCode: 200,
        body,
        mail: topUpRejectedMail(body.user.email, formatMicros(row.amountMicros), reason, publicUrl),
      };
    });
  }

  // Views.

  async function topUpView(tx: TDb, id: string): Promise<TTopUp> {
    const row = await createWalletRepository(tx).findTopUp(id);
    if (!row) throw notFound('That top-up');
    return toTopUp(row, await receiptsOf(tx, [row.request]), await settings.get(tx));
  }

  /** The receipts of these top-ups (each from its requester's own library), in a query per user. */
  async function receiptsOf(tx: TDb, requests: readonly TTopUpRow[]) {
    const content = contentOf(tx);
    const byUser = new Map<string, string[]>();
    for (const request of requests) {
      if (!request.receiptContentId) continue;
      byUser.set(request.userId, [...(byUser.get(request.userId) ?? []), request.receiptContentId]);
    }
    const found = new Map<string, { contentId: string; name: string; url: string | null }>();
    for (const [userId, ids] of byUser)
      for (const item of await content.findForPlaylist(userId, ids))
        found.set(item.id, { contentId: item.id, name: item.name, url: item.mediaUrl });
    return found;
  }

  const payouts = createWalletPayouts({ ...deps, repo, decide });

  return {
    figures,
    transactions,
    transactionsCsv,
    listTopUps,
    listAllTopUps,
    createTopUp,
    approveTopUp,
    rejectTopUp,
    ...payouts,
  };
}

export type TWalletService = ReturnType<typeof createWalletService>;

function requireRange(from: string | undefined, to: string | undefined) {
  if (from && to && to < from)
    throw new AppError('validation-failed', 'The range must end on or after the day it starts.', {
      fields: [{ path: 'querystring.to', message: 'Choose a day on or after the start.' }],
    });
}

/** Why a top-up decision changed nothing: it does not exist (404) or is decided (409). */
async function notPending(tx: TDb, id: string, what: 'top-up'): Promise<AppError> {
  const row = await createWalletRepository(tx).findTopUp(id);
  if (!row) return notFound('That top-up');
  return new AppError(
    'invalid-state',
    `This ${what} is already ${row.request.state}; only a pending ${what} (or one awaiting its second approval) can be decided.`,
  );
}

function toWalletTransaction(row: THistoryRow): TWalletTransaction {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    amountMicros: Number(row.amount),
    heldDeltaMicros: Number(row.held),
    balanceAfterMicros: Number(row.balance_after),
    campaign:
      row.campaign_id !== null && row.campaign_name !== null
        ? { id: row.campaign_id, name: row.campaign_name }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
