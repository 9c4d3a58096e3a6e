import { sql } from 'drizzle-orm';
import { formatMicros } from '@screenline/shared/money';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { campaignsAs } from '../campaigns/campaign-names';
import { ledgerAccountsAs } from '../ledger/ledger-rows';
import { personRoleOf } from '../me/people';

/**
 * Whether an account may be deleted, as far as money goes. The ledger keeps a user's accounts
 * after the user is deleted (its history must not change), so money still in them would stay
 * there with nobody able to ask for it: the wallet's available money, campaign budgets held for
 * the user's campaigns, and payout requests not yet paid. While any of them is above zero the
 * deletion is refused with what to do first; null means nothing stands in the way. One
 * statement, through the owners' pieces (ledger/ledger-rows.ts, campaigns/campaign-names.ts,
 * me/people.ts).
 */
export async function accountDeletionRefusal(db: TDb, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ wallet: string; payouts: string; campaigns: string; role: string | null }>(
    await db.execute(sql`
      select
        coalesce((select sum(balance_micros) from ${ledgerAccountsAs('a')}
          where user_id = ${userId} and kind = 'wallet'), 0)::text as wallet,
        coalesce((select sum(balance_micros) from ${ledgerAccountsAs('a')}
          where user_id = ${userId} and kind = 'payout-hold'), 0)::text as payouts,
        coalesce((select sum(a.balance_micros) from ${ledgerAccountsAs('a')}
          join ${campaignsAs('c')} on c.id = a.campaign_id
          where a.kind = 'campaign-hold' and c.owner_id = ${userId}), 0)::text as campaigns,
        ${personRoleOf(userId)} as role`),
  );
  const wallet = Number(row?.wallet ?? 0);
  const payouts = Number(row?.payouts ?? 0);
  const campaigns = Number(row?.campaigns ?? 0);
  if (wallet <= 0 && payouts <= 0 && campaigns <= 0) return null;

  const held: string[] = [];
  const todo: string[] = [];
  if (wallet > 0) {
    held.push(`${formatMicros(wallet)} available in your wallet`);
    // Payouts are of earnings, so only screen owners can request one (permissions.ts).
    todo.push(
      row?.role === 'advertiser'
        ? 'request a payout of your available balance on the Wallet page'
        : 'spend your available balance on campaigns, or ask us on the Contact page to return it',
    );
  }
  if (campaigns > 0) {
    held.push(`${formatMicros(campaigns)} held for your campaigns`);
    todo.push(
      'wait for your campaigns to end, or cancel them (their unspent budget returns to your wallet)',
    );
  }
  if (payouts > 0) {
    held.push(`${formatMicros(payouts)} in payout requests not yet paid`);
    todo.push('wait until your payout requests are paid');
  }
  return `Your account cannot be deleted while it holds money: ${listOf(held)}. First ${listOf(todo)}, then delete the account. Nothing was changed.`;
}

const listOf = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join('; ')}; and ${parts.at(-1)}`;
