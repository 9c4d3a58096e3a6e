import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { formatMicros, microsAsDecimal, type TDecision } from '@screenline/shared/money';
import { findReference } from '@screenline/shared/payment';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import {
  AWAITING_SECOND_APPROVAL,
  LEDGER_TRANSACTION_LABELS,
  maskIban,
  type TFirstApproval,
  type TPayout,
  type TPayoutBankDetails,
  type TPayoutList,
  type TTopUp,
  type TTopUpList,
  type TWallet,
  type TWalletTransaction,
  type TWalletTransactionList,
  type ZCreatePayout,
  type ZCreateTopUp,
  type ZRequestListQuery,
  type ZTopUpListQuery,
  type ZWalletTransactionsQuery,
} from '@screenline/shared/wallet';
import type { TDb } from '../../db/database';
import type { payoutRequest, topUpRequest } from '../../db/schema/index';
import type { TStepUp } from '../auth/step-up';
import type { TActor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { pageOf } from '../../lib/created-order';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { csvStream } from '../../lib/csv';
import type { TAccessPolicy } from '../access/access-policy';
import { recordMoneyDecision } from '../audit/money-audit';
import type { TContentDirectory } from '../content/content-directory';
import {
  EXTERNAL_ACCOUNT_ID,
  lockBalance,
  payoutHoldAccountId,
  transfer,
  walletAccountId,
} from '../ledger/ledger';
import type { MailService, TMail } from '../mail/mail.service';
import {
  payoutApprovedMail,
  payoutPaidMail,
  payoutRejectedMail,
  topUpApprovedMail,
  topUpRejectedMail,
} from '../mail/templates';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import { paymentMethod } from '../payments/payment-method';
import { issueReceipt } from '../receipts/receipt-numbers';
import type { TIbanCipher } from './iban-cipher';
import { createWalletRepository, type THistoryRow } from './wallet.repository';

type TTransactionsQuery = z.output<typeof ZWalletTransactionsQuery>;
type TRequestQuery = z.output<typeof ZRequestListQuery>;
type TTopUpQuery = z.output<typeof ZTopUpListQuery>;
type TCreateTopUp = z.output<typeof ZCreateTopUp>;
type TCreatePayout = z.output<typeof ZCreatePayout>;
type TTopUpRow = typeof topUpRequest.$inferSelect;
type TPayoutRow = typeof payoutRequest.$inferSelect;
type TRequester = { id: string; name: string; email: string };

/**
 * Runs a money-moving request's work once per Idempotency-Key (the route binds it to the request
 * with `idempotentRoute`): `work` does the state change and the transfer with the `tx` it gets.
 */
export type TRunIdempotent = <T>(
  work: (tx: TDb) => Promise<{ statusCode: number; body: T }>,
) => Promise<T>;

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
  const { db, access, settings, contentOf, mail, publicUrl, cipher, stepUp } = deps;
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

  // Payouts.

  async function listPayouts(actor: TActor, query: TRequestQuery): Promise<TPayoutList> {
    await access.requireAccess(actor, 'wallet.payout');
    return payoutList(actor.id, query, 'newest');
  }

  async function listAllPayouts(actor: TActor, query: TRequestQuery): Promise<TPayoutList> {
    await access.requireAccess(actor, 'admin.payouts.review');
    return payoutList(
      undefined,
      query,
      query.state === 'pending' || query.state === 'approved' ? 'oldest' : 'newest',
    );
  }

  async function payoutList(
    userId: string | undefined,
    query: TRequestQuery,
    direction: 'newest' | 'oldest',
  ): Promise<TPayoutList> {
    const rows = await repo.listPayouts({
      userId,
      state: query.state,
      direction,
      cursor: query.cursor,
      limit: query.limit,
    });
    const { page, nextCursor } = pageOf(rows, query.limit, (row) => row.request);
    return { items: page.map(toPayout), nextCursor };
  }

  /**
   * A payout request names the bank account the money goes to, so it needs two-factor sign-in
   * on and a fresh code (`twoFactorCode`, the X-Two-Factor-Code header), spent with the request:
   * a refused request gives it back, a replay of the same Idempotency-Key needs none.
   */
  async function createPayout(
    actor: TActor,
    input: TCreatePayout,
    run: TRunIdempotent,
    twoFactorCode: unknown,
  ): Promise<TPayout> {
    await access.requireAccess(actor, 'wallet.payout');
    const limits = await settings.get();
    requireWithin(input.amountMicros, limits.payoutMinMicros, limits.payoutMaxMicros, 'payout');
    const confirmed = await stepUp.verifyTotp(actor.id, twoFactorCode);
    return run(async (tx) => {
      const wallet = await walletAccountId(tx, actor.id);
      const hold = await payoutHoldAccountId(tx, actor.id);
      // Both locked until this commits, in the ledger's order (by id, as `transfer` writes them,
      // so no cycle with a refusal moving money back): racing requests are decided one after
      // another on the balance each leaves. The database's non-negative check holds regardless.
      const balances = new Map<string, number>();
      for (const id of [wallet, hold].sort()) balances.set(id, await lockBalance(tx, id));
      const availableMicros = balances.get(wallet) ?? 0;
      if (input.amountMicros > availableMicros)
        throw new AppError(
          'insufficient-funds',
          `You can pay out at most ${formatMicros(availableMicros)}, what your wallet holds now.`,
        );
      // After the balance check: racing requests learn about the money first, as before.
      await stepUp.spend(tx, confirmed);
      const id = crypto.randomUUID();
      await createWalletRepository(tx).insertPayout({
        id,
        userId: actor.id,
        amountMicros: input.amountMicros,
        accountHolder: input.destination.accountHolder,
        ibanMasked: maskIban(input.destination.iban),
        ibanEncrypted: cipher.encrypt(input.destination.iban, id),
      });
      await transfer(tx, {
        kind: 'payout-hold',
        description: `Payout requested to ${maskIban(input.destination.iban)}`,
        actorId: actor.id,
        payoutId: id,
        entries: [
          { accountId: wallet, amountMicros: -input.amountMicros },
          { accountId: hold, amountMicros: input.amountMicros },
        ],
      });
      return { statusCode: 201, body: await payoutView(tx, id) };
    });
  }

  /**
   * Approves a payout (no money moves until it is marked paid). Never the super-user's own;
   * above `fourEyesAboveMicros` the first approval moves it to awaiting-second-approval and a
   * second, different super-user's approval makes it approved (issue 18 item 6).
   */
  async function approvePayout(actor: TActor, id: string, run: TRunIdempotent): Promise<TPayout> {
    await access.requireAccess(actor, 'admin.payouts.review');
    const { fourEyesAboveMicros } = await settings.get();
    return decide(run, async (tx) => {
      const txRepo = createWalletRepository(tx);
      const current = await txRepo.findPayout(id);
      if (!current) throw notFound('That payout');
      const { request } = current;
      if (request.userId === actor.id)
        throw forbidden('You cannot approve your own payout; another super-user must decide it.');
      requireNotFirstApprover(request, actor, 'payout');
      const audit = {
        kind: 'payout',
        subjectId: id,
        requester: current.user,
        amountMicros: request.amountMicros,
      } as const;
      const now = new Date();
      if (request.state === 'pending' && request.amountMicros > fourEyesAboveMicros) {
        const first = await txRepo.movePayout(id, ['pending'], {
          state: AWAITING_SECOND_APPROVAL,
          firstApprovedBy: actor.id,
          firstApprovedAt: now,
        });
        if (!first) throw await payoutNotIn(tx, id, 'approved', 'pending');
        await recordMoneyDecision(tx, actor, { ...audit, action: 'first-approval' });
        return { statusCode: 200, body: await payoutView(tx, id), mail: null };
      }
      const from =
        request.state === AWAITING_SECOND_APPROVAL ? AWAITING_SECOND_APPROVAL : 'pending';
      const row = await txRepo.movePayout(id, [from], {
        state: 'approved',
        decidedBy: actor.id,
        decidedAt: now,
        reason: null,
      });
      if (!row) throw await payoutNotIn(tx, id, 'approved', 'pending');
      await recordMoneyDecision(tx, actor, { ...audit, action: 'approve' });
      const body = await payoutView(tx, id);
      return {
        statusCode: 200,
        body,
        mail: payoutApprovedMail(body.user.email, formatMicros(row.amountMicros), publicUrl),
      };
    });
  }

  async function rejectPayout(
    actor: TActor,
    id: string,
    reason: string,
    run: TRunIdempotent,
  ): Promise<TPayout> {
    await access.requireAccess(actor, 'admin.payouts.review');
    return decide(run, async (tx) => {
      const row = await createWalletRepository(tx).movePayout(
        id,
        ['pending', AWAITING_SECOND_APPROVAL, 'approved'],
        { state: 'rejected', decidedBy: actor.id, decidedAt: new Date(), reason },
      );
      if (!row) throw await payoutNotIn(tx, id, 'rejected', 'pending or approved');
      await transfer(tx, {
        kind: 'payout-release',
        description: `Payout not approved: ${reason}`,
        actorId: actor.id,
        payoutId: row.id,
        entries: [
          { accountId: await payoutHoldAccountId(tx, row.userId), amountMicros: -row.amountMicros },
          { accountId: await walletAccountId(tx, row.userId), amountMicros: row.amountMicros },
        ],
      });
      const body = await payoutView(tx, id);
      await recordMoneyDecision(tx, actor, {
        kind: 'payout',
        action: 'reject',
        subjectId: id,
        requester: body.user,
        amountMicros: row.amountMicros,
        reason,
      });
      return {
        statusCode: 200,
        body,
        mail: payoutRejectedMail(
          body.user.email,
          formatMicros(row.amountMicros),
          reason,
          publicUrl,
        ),
      };
    });
  }

  async function markPayoutPaid(actor: TActor, id: string, run: TRunIdempotent): Promise<TPayout> {
    await access.requireAccess(actor, 'admin.payouts.review');
    return decide(run, async (tx) => {
      const current = await createWalletRepository(tx).findPayout(id);
      if (current?.request.userId === actor.id)
        throw forbidden(
          'You cannot mark your own payout paid; another super-user must make the transfer.',
        );
      const row = await createWalletRepository(tx).movePayout(id, ['approved'], {
        state: 'paid',
        paidBy: actor.id,
        paidAt: new Date(),
      });
      if (!row) throw await payoutNotIn(tx, id, 'paid', 'approved');
      await transfer(tx, {
        kind: 'payout-paid',
        description: `Payout sent to ${row.ibanMasked}`,
        actorId: actor.id,
        payoutId: row.id,
        entries: [
          { accountId: await payoutHoldAccountId(tx, row.userId), amountMicros: -row.amountMicros },
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: row.amountMicros },
        ],
      });
      const owner = current?.user ?? { name: 'A deleted user', email: '' };
      await issueReceipt(tx, {
        userId: row.userId,
        kind: 'payout',
        payoutId: row.id,
        amountMicros: row.amountMicros,
        issuedAt: row.paidAt ?? new Date(),
        details: {
          platform: (await settings.get(tx)).bank,
          recipient: { name: owner.name, email: owner.email },
          description: `Payout by bank transfer to ${row.accountHolder}, ${row.ibanMasked}`,
          lines: [
            { label: 'Paid out from your Screenline wallet', amountMicros: row.amountMicros },
          ],
        },
      });
      const body = await payoutView(tx, id);
      await recordMoneyDecision(tx, actor, {
        kind: 'payout',
        action: 'mark-paid',
        subjectId: id,
        requester: body.user,
        amountMicros: row.amountMicros,
      });
      return {
        statusCode: 200,
        body,
        mail: payoutPaidMail(body.user.email, formatMicros(row.amountMicros), publicUrl),
      };
    });
  }

  /** The full destination, for the super-user who makes the bank transfer. */
  async function payoutDestination(actor: TActor, id: string): Promise<TPayoutBankDetails> {
    await access.requireAccess(actor, 'admin.payouts.review');
    const row = await repo.findPayout(id);
    if (!row) throw notFound('That payout');
    let iban: string;
    try {
      iban = cipher.decrypt(row.request.ibanEncrypted, row.request.id);
    } catch {
      // The auth secret changed since it was stored (docs/decisions.md): say so, not a bare 500.
      throw new AppError(
        'internal',
        'This payout’s bank details were encrypted under another server secret and cannot be read; reject it and ask the owner to request the payout again.',
      );
    }
    return { accountHolder: row.request.accountHolder, iban };
  }

  // Views.

  async function topUpView(tx: TDb, id: string): Promise<TTopUp> {
    const row = await createWalletRepository(tx).findTopUp(id);
    if (!row) throw notFound('That top-up');
    return toTopUp(row, await receiptsOf(tx, [row.request]), await settings.get(tx));
  }

  async function payoutView(tx: TDb, id: string): Promise<TPayout> {
    const row = await createWalletRepository(tx).findPayout(id);
    if (!row) throw notFound('That payout');
    return toPayout(row);
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

  return {
    figures,
    transactions,
    transactionsCsv,
    listTopUps,
    listAllTopUps,
    createTopUp,
    approveTopUp,
    rejectTopUp,
    listPayouts,
    listAllPayouts,
    createPayout,
    approvePayout,
    rejectPayout,
    markPayoutPaid,
    payoutDestination,
  };
}

export type TWalletService = ReturnType<typeof createWalletService>;

/** A 400 naming the platform's limit the amount is outside of. */
function requireWithin(amount: number, min: number, max: number, what: 'top-up' | 'payout') {
  const message =
    amount < min
      ? `A ${what} is at least ${formatMicros(min)}.`
      : amount > max
        ? `A ${what} is at most ${formatMicros(max)}.`
        : null;
  if (message)
    throw new AppError('validation-failed', message, {
      fields: [{ path: 'body.amountMicros', message }],
    });
}

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

/** Four eyes: the second approval must come from another super-user than the first. */
function requireNotFirstApprover(
  request: { state: string; firstApprovedBy: string | null },
  actor: TActor,
  what: 'top-up' | 'payout',
): void {
  if (request.state === AWAITING_SECOND_APPROVAL && request.firstApprovedBy === actor.id)
    throw forbidden(
      `You gave this ${what} its first approval; a second, different super-user must confirm it.`,
    );
}

async function payoutNotIn(tx: TDb, id: string, to: string, from: string): Promise<AppError> {
  const row = await createWalletRepository(tx).findPayout(id);
  if (!row) return notFound('That payout');
  return new AppError(
    'invalid-state',
    `This payout is ${row.request.state}; only a ${from} payout can be marked ${to}.`,
  );
}

function decisionOf(
  request: Pick<TTopUpRow, 'decidedAt' | 'decidedBy' | 'reason'>,
  deciderName: string | null,
): TDecision | null {
  if (!request.decidedAt) return null;
  return {
    decidedAt: request.decidedAt.toISOString(),
    decidedBy: { id: request.decidedBy ?? '', name: deciderName ?? 'A deleted user' },
    reason: request.reason,
  };
}

function firstApprovalOf(
  request: Pick<TTopUpRow, 'firstApprovedAt' | 'firstApprovedBy'>,
  approverName: string | null,
): TFirstApproval | null {
  if (!request.firstApprovedAt) return null;
  return {
    approvedAt: request.firstApprovedAt.toISOString(),
    approvedBy: { id: request.firstApprovedBy ?? '', name: approverName ?? 'A deleted user' },
  };
}

function toTopUp(
  row: {
    request: TTopUpRow;
    user: TRequester;
    decider: string | null;
    firstApprover: string | null;
    receiptId: string | null;
  },
  receipts: ReadonlyMap<string, { contentId: string; name: string; url: string | null }>,
  settings: TPlatformSettings,
): TTopUp {
  const { request } = row;
  const method = paymentMethod(request.paymentMethod);
  return {
    id: request.id,
    user: row.user,
    amountMicros: request.amountMicros,
    reference: request.reference,
    method: method.method,
    payment: method.describe(
      {
        method: method.method,
        amountMicros: request.amountMicros,
        reference: request.paymentReference ?? request.reference,
      },
      settings,
    ),
    receipt: request.receiptContentId ? (receipts.get(request.receiptContentId) ?? null) : null,
    state: request.state,
    firstApproval: firstApprovalOf(request, row.firstApprover),
    decision: decisionOf(request, row.decider),
    receiptPdfUrl: receiptPdfUrl(row.receiptId),
    createdAt: request.createdAt.toISOString(),
  };
}

function receiptPdfUrl(receiptId: string | null): string | null {
  return receiptId === null ? null : `/api/v1/wallet/receipts/${receiptId}/pdf`;
}

function toPayout(row: {
  request: TPayoutRow;
  user: TRequester;
  decider: string | null;
  firstApprover: string | null;
  receiptId: string | null;
}): TPayout {
  const { request } = row;
  return {
    id: request.id,
    user: row.user,
    amountMicros: request.amountMicros,
    destination: { accountHolder: request.accountHolder, ibanMasked: request.ibanMasked },
    state: request.state,
    firstApproval: firstApprovalOf(request, row.firstApprover),
    decision: decisionOf(request, row.decider),
    paidAt: request.paidAt ? request.paidAt.toISOString() : null,
    receiptPdfUrl: receiptPdfUrl(row.receiptId),
    createdAt: request.createdAt.toISOString(),
  };
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
