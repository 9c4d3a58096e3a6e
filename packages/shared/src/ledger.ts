import { z } from 'zod';
import { text } from './text';

/**
 * GET /api/v1/admin/ledger/audit (super-users): the ledger checked from its entries alone
 * (issue 9 item 1). The test suite runs it after every API test file.
 */
export const LEDGER_ACCOUNT_KINDS = [
  /** A user's spendable money. Never negative. */
  'wallet',
  /** A campaign's budget, held from approval until it ends. Never negative. */
  'campaign-hold',
  /** A user's payout requests not yet paid or rejected. Never negative. */
  'payout-hold',
  /** The platform's commission. Never negative. */
  'platform-revenue',
  /** The world outside: top-ups come from it, paid payouts go to it (its balance is −what is inside). */
  'external',
] as const;
export const ZLedgerAccountKind = z.enum(LEDGER_ACCOUNT_KINDS);
export type TLedgerAccountKind = z.infer<typeof ZLedgerAccountKind>;

export const ZLedgerAudit = z.object({
  /** Every transaction's entries sum to zero, and so do all entries together. */
  balanced: z.boolean(),
  /** The sum of every entry (0 when balanced). */
  totalMicros: z.number().int(),
  accounts: z.number().int(),
  transactions: z.number().int(),
  entries: z.number().int(),
  /** Accounts that must not be negative but are, from their entries. */
  negativeWallets: z.number().int(),
  /** Each thing found wrong, said for a person (unbalanced transaction, cached balance ≠ entries…). */
  problems: z.array(text()),
});
export type TLedgerAudit = z.infer<typeof ZLedgerAudit>;
