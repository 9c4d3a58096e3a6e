import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { ZDecision, ZMicros, ZPageQuery, ZPositiveMicros } from './money';
import { ZPaymentInstructions, ZPaymentMethod } from './payment';
import { text } from './text';

/**
 * The wallet (issue 9 item 2, /wallet): every user has one; its history is the double-entry
 * ledger (DESIGN.md §5). Amounts are micros.
 */

/** GET /api/v1/wallet */
export const ZWallet = z.object({
  /** The wallet account's balance: what can be spent or paid out now. */
  availableMicros: ZMicros,
  /** In campaigns' holds (buyers) and in payout requests not yet paid or rejected (owners). */
  heldMicros: ZMicros,
  /** Top-up requests waiting for a super-user. */
  pendingTopUpMicros: ZMicros,
  /** Credited from ad plays (owners), ever. */
  lifetimeEarnedMicros: ZMicros,
  /** Charged for ad plays (buyers), ever. */
  lifetimeSpentMicros: ZMicros,
});
export type TWallet = z.infer<typeof ZWallet>;

/** What moved money in or out of a user's wallet (the ledger transaction's kind). */
export const LEDGER_TRANSACTION_KINDS = [
  'top-up',
  'campaign-hold',
  'campaign-release',
  'impression-charge',
  'payout-hold',
  'payout-release',
  'payout-paid',
] as const;
export const ZLedgerTransactionKind = z.enum(LEDGER_TRANSACTION_KINDS);
export type TLedgerTransactionKind = z.infer<typeof ZLedgerTransactionKind>;

export const LEDGER_TRANSACTION_LABELS: Record<TLedgerTransactionKind, string> = {
  'top-up': 'Top-up',
  'campaign-hold': 'Campaign budget held',
  'campaign-release': 'Campaign budget returned',
  'impression-charge': 'Ad plays',
  'payout-hold': 'Payout requested',
  'payout-release': 'Payout returned',
  'payout-paid': 'Payout paid',
};

/**
 * One line of a user's history: a ledger transaction as it touched the user's own accounts
 * (wallet, their campaigns' holds, their payout hold). `amountMicros` is signed: + into the
 * wallet, − out of it; `heldDeltaMicros` is the change of what is held.
 */
export const ZWalletTransaction = z.object({
  id: text(),
  kind: ZLedgerTransactionKind,
  description: text(),
  amountMicros: z.number().int(),
  heldDeltaMicros: z.number().int(),
  /** The wallet's balance right after this transaction. */
  balanceAfterMicros: ZMicros,
  campaign: z.object({ id: text(), name: text() }).nullable(),
  createdAt: text(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

/** GET /api/v1/wallet/transactions?kind=&from=&to=&cursor=&limit= (CSV with Accept: text/csv). */
export const ZWalletTransactionsQuery = ZPageQuery.extend({
  kind: ZLedgerTransactionKind.optional(),
  /**
   * Leave one kind out: an owner's wallet lists `impression-charge` grouped per space, campaign
   * and day (GET /api/v1/wallet/earnings) and its history without them unless asked.
   */
  except: ZLedgerTransactionKind.optional(),
  /** UTC days, inclusive. */
  from: z.iso.date('Use a date like 2026-11-22.').optional(),
  to: z.iso.date('Use a date like 2026-11-22.').optional(),
});
export type TWalletTransactionsQuery = z.input<typeof ZWalletTransactionsQuery>;

export const ZWalletTransactionList = z.object({
  items: z.array(ZWalletTransaction),
  nextCursor: text().nullable(),
});
export type TWalletTransactionList = z.infer<typeof ZWalletTransactionList>;

/**
 * Four eyes on money (issue 18 item 6): above the platform's `fourEyesAboveMicros`, a request's
 * first approval moves it here and nothing else; a second, different super-user's approval moves
 * it on (and the money with it).
 */
export const AWAITING_SECOND_APPROVAL = 'awaiting-second-approval';

/**
 * Top-up: pending → approved (credits the wallet) | rejected (reason); above the four-eyes
 * amount pending → awaiting-second-approval → approved | rejected.
 */
export const TOP_UP_STATES = ['pending', AWAITING_SECOND_APPROVAL, 'approved', 'rejected'] as const;
export const ZTopUpState = z.enum(TOP_UP_STATES);
export type TTopUpState = z.infer<typeof ZTopUpState>;

/**
 * POST /api/v1/wallet/top-ups (Idempotency-Key) → 201 ZTopUp. Limits: platform settings. The
 * platform makes the reference and answers how to pay (`payment`).
 */
export const ZCreateTopUp = z.strictObject({
  amountMicros: ZPositiveMicros,
  method: ZPaymentMethod.default('bank-transfer'),
  /** A receipt from the user's own content library (image), optional. */
  receiptContentId: z.uuid('Pick a receipt from your library.').nullable().default(null),
});
export type TCreateTopUp = z.input<typeof ZCreateTopUp>;

export const ZFirstApproval = z.object({
  approvedAt: text(),
  approvedBy: z.object({ id: text(), name: text() }),
});
export type TFirstApproval = z.infer<typeof ZFirstApproval>;

export const ZTopUp = z.object({
  id: text(),
  user: z.object({ id: text(), name: text(), email: text() }),
  amountMicros: ZMicros,
  /** The platform's reference (SL-XXXX-XXXX); a request from before issue 22: what the buyer wrote. */
  reference: text(),
  method: ZPaymentMethod,
  /** How to pay it (the platform's bank details as they are now, the reference, the amount). */
  payment: ZPaymentInstructions,
  receipt: z.object({ contentId: text(), name: text(), url: text().nullable() }).nullable(),
  state: ZTopUpState,
  /** Who gave the first of two approvals (above the four-eyes amount); null otherwise. */
  firstApproval: ZFirstApproval.nullable(),
  decision: ZDecision.nullable(),
  /** Its numbered PDF receipt once approved (issue 22); null before. */
  receiptPdfUrl: text().nullable(),
  createdAt: text(),
});
export type TTopUp = z.infer<typeof ZTopUp>;

export const ZTopUpList = z.object({ items: z.array(ZTopUp), nextCursor: text().nullable() });
export type TTopUpList = z.infer<typeof ZTopUpList>;

/**
 * Payout: pending → approved → paid | rejected (reason; the funds return to the wallet); above
 * the four-eyes amount pending → awaiting-second-approval → approved.
 */
export const PAYOUT_STATES = [
  'pending',
  AWAITING_SECOND_APPROVAL,
  'approved',
  'paid',
  'rejected',
] as const;
export const ZPayoutState = z.enum(PAYOUT_STATES);
export type TPayoutState = z.infer<typeof ZPayoutState>;

/** Where a payout goes: a bank account by IBAN. Stored masked (ZPayout.destination). */
export const ZPayoutDestination = z.strictObject({
  accountHolder: text()
    .trim()
    .min(2, 'Enter the account holder.')
    .max(140, 'Keep it under 140 characters.'),
  /** Spaces allowed; checked with the ISO 13616 mod-97 check digits. */
  iban: text()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, 'That IBAN is not valid; check it against your bank statement.'),
});
export type TPayoutDestination = z.input<typeof ZPayoutDestination>;

/**
 * GET /api/v1/admin/payouts/{id}/destination → a payout's full bank details, unmasked, for the
 * super-user making the transfer (never cached). The IBAN is as stored: compact, upper case.
 */
export const ZPayoutBankDetails = z.object({ accountHolder: z.string(), iban: z.string() });
export type TPayoutBankDetails = z.infer<typeof ZPayoutBankDetails>;

/** POST /api/v1/wallet/payouts (Idempotency-Key) → 201 ZPayout; amount ≤ available. */
export const ZCreatePayout = z.strictObject({
  amountMicros: ZPositiveMicros,
  destination: ZPayoutDestination,
});
export type TCreatePayout = z.input<typeof ZCreatePayout>;

export const ZPayout = z.object({
  id: text(),
  user: z.object({ id: text(), name: text(), email: text() }),
  amountMicros: ZMicros,
  /** Masked: the holder and the IBAN's country and last four characters ("DE•• •••• 3000"). */
  destination: z.object({ accountHolder: text(), ibanMasked: text() }),
  state: ZPayoutState,
  /** Who gave the first of two approvals (above the four-eyes amount); null otherwise. */
  firstApproval: ZFirstApproval.nullable(),
  decision: ZDecision.nullable(),
  paidAt: text().nullable(),
  /** Its numbered PDF receipt once paid (issue 22); null before. */
  receiptPdfUrl: text().nullable(),
  createdAt: text(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutList = z.object({ items: z.array(ZPayout), nextCursor: text().nullable() });
export type TPayoutList = z.infer<typeof ZPayoutList>;

/** `?state=` on the request lists (own: /wallet/top-ups, /wallet/payouts; admin: /admin/…). */
export const ZRequestListQuery = ZPageQuery.extend({
  state: z.enum(['pending', AWAITING_SECOND_APPROVAL, 'approved', 'paid', 'rejected']).optional(),
});
export type TRequestListQuery = z.input<typeof ZRequestListQuery>;

/**
 * `GET /api/v1/admin/top-ups?reference=`: what the bank statement says; the top-up whose
 * reference it contains (`findReference`, forgiving spaces, dashes and case) is listed.
 */
export const ZTopUpListQuery = ZRequestListQuery.extend({
  reference: text().trim().min(1).max(300, 'Paste at most 300 characters.').optional(),
});
export type TTopUpListQuery = z.input<typeof ZTopUpListQuery>;

/** "DE89370400440532013000" → "DE•• •••• 3000". */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 2)}•• •••• ${compact.slice(-4)}`;
}

/**
 * ISO 13616, by ibantools: the country's IBAN length and account-number format, and the mod-97
 * check digits. Takes the compact form (no spaces, upper case), as ZPayoutDestination makes it.
 */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(iban);
}

/**
 * An owner's ad earnings, grouped (issue 22 item 6): one row per ad space, campaign and local
 * day at the screen, growing as plays settle. The ledger keeps one entry per settled batch;
 * these rows are read from the settled plays underneath (`impression.owner_share_micros`).
 */
export const ZEarningsRow = z.object({
  day: text(),
  adSpace: z.object({ id: text(), name: text() }),
  campaign: z.object({ id: text(), name: text() }),
  plays: z.number().int().nonnegative(),
  earnedMicros: ZMicros,
  /** When its newest play settled: the row is still growing while the day is open. */
  lastSettledAt: text(),
});
export type TEarningsRow = z.infer<typeof ZEarningsRow>;

/** GET /api/v1/wallet/earnings?cursor=&limit=: newest day first. */
export const ZEarningsRowList = z.object({
  items: z.array(ZEarningsRow),
  nextCursor: text().nullable(),
});
export type TEarningsRowList = z.infer<typeof ZEarningsRowList>;

/** GET /api/v1/wallet/earnings/plays?day=&adSpaceId=&campaignId=: one row's settled plays. */
export const ZEarningsPlaysQuery = z.object({
  day: z.iso.date('Use a date like 2026-11-22.'),
  adSpaceId: z.uuid('Choose an ad space.'),
  campaignId: z.uuid('Choose a campaign.'),
});
export type TEarningsPlaysQuery = z.input<typeof ZEarningsPlaysQuery>;

export const ZEarningsPlay = z.object({
  id: text(),
  startedAt: text(),
  billableMs: z.number().int().nonnegative(),
  billedMicros: ZMicros,
  earnedMicros: ZMicros,
  settledAt: text(),
});
export const ZEarningsPlayList = z.object({
  items: z.array(ZEarningsPlay),
  /** At most 500 are listed; the row's count says how many there are. */
  truncated: z.boolean(),
});
export type TEarningsPlayList = z.infer<typeof ZEarningsPlayList>;
