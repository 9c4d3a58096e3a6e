import crypto from 'node:crypto';
import type { z } from 'zod';
import { formatMicros } from '@screenline/shared/money';
import {
  AWAITING_SECOND_APPROVAL,
  maskIban,
  type TPayout,
  type TPayoutList,
  type ZCreatePayout,
  type ZRequestListQuery,
  type TPayoutBankDetails,
} from '@screenline/shared/wallet';
import type { TDb } from '../../db/database';
import type { TStepUp } from '../auth/step-up';
import type { TActor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { pageOf } from '../../lib/created-order';
import type { TAccessPolicy } from '../access/access-policy';
import { recordMoneyDecision } from '../audit/money-audit';
import {
  EXTERNAL_ACCOUNT_ID,
  lockBalance,
  payoutHoldAccountId,
  transfer,
  walletAccountId,
} from '../ledger/ledger';
import type { TMail } from '../mail/mail.service';
import { payoutApprovedMail, payoutPaidMail, payoutRejectedMail } from '../mail/templates';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import { issueReceipt } from '../receipts/receipt-numbers';
import type { TIbanCipher } from './iban-cipher';
import { createWalletRepository, type TWalletRepository } from './wallet.repository';
import {
  requireNotFirstApprover,
  requireWithin,
  toPayout,
  type TRunIdempotent,
} from './wallet-views';

type TRequestQuery = z.output<typeof ZRequestListQuery>;
type TCreatePayout = z.output<typeof ZCreatePayout>;

/**
 * Payouts (issue 9 items 2 and 5): an owner's request to be paid out to a bank account, the
 * super-users' two approvals, the rejection and the "paid" mark. Split from wallet.service.ts by
 * concern; the wallet service hands in its repository and `decide`.
 */
export function createWalletPayouts(deps: {
  access: TAccessPolicy;
  settings: TPlatformSettingsService;
  publicUrl: string;
  cipher: TIbanCipher;
  stepUp: Pick<TStepUp, 'verifyTotp' | 'spend'>;
  repo: TWalletRepository;
  /** Runs the work idempotently, then sends the mail it asked for (never on a replay). */
  decide: <T>(
    run: TRunIdempotent,
    work: (tx: TDb) => Promise<{ statusCode: number; body: T; mail: TMail | null }>,
  ) => Promise<T>;
}) {
  const { access, settings, publicUrl, cipher, stepUp, repo, decide } = deps;

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

  async function payoutView(tx: TDb, id: string): Promise<TPayout> {
    const row = await createWalletRepository(tx).findPayout(id);
    if (!row) throw notFound('That payout');
    return toPayout(row);
  }

  return {
    listPayouts,
    listAllPayouts,
    createPayout,
    approvePayout,
    rejectPayout,
    markPayoutPaid,
    payoutDestination,
  };
}

async function payoutNotIn(tx: TDb, id: string, to: string, from: string): Promise<AppError> {
  const row = await createWalletRepository(tx).findPayout(id);
  if (!row) return notFound('That payout');
  return new AppError(
    'invalid-state',
    `This payout is ${row.request.state}; only a ${from} payout can be marked ${to}.`,
  );
}
