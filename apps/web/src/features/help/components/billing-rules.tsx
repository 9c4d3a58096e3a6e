import { UNBILLED_REASON_WORDS, type TUnbilledReason } from '@screenline/shared/proof-of-play';
import { UNBILLED_REASON_LABELS } from '@/components/proof-of-play/unbilled-plays';

/*
 * The rules a play must pass to be billed, in the words the reports use (UNBILLED_REASON_WORDS),
 * for the help pages of monetize, ad campaigns and wallet. `legacy` is no rule: it only marks
 * plays settled before these rules.
 */

/** Checked when the TV's report arrives: what one screen could have shown. */
export const ARRIVAL_RULES = [
  'failed',
  'clock-ahead',
  'too-old',
  'not-offered',
  'overlap',
  'too-short',
  'takeover',
  'powered-off',
] as const satisfies readonly TUnbilledReason[];

/** Checked when the play is settled: the campaign and the screen at the play's start. */
export const SETTLEMENT_RULES = [
  'not-live',
  'outside-schedule',
  'not-monetized',
  'below-floor',
  'not-targeted',
  'excluded',
  'not-approved',
  'wrong-creative',
  'cap-reached',
  'budget-spent',
] as const satisfies readonly TUnbilledReason[];

function RuleList({ reasons }: { reasons: readonly TUnbilledReason[] }) {
  return (
    <ul>
      {reasons.map((reason) => (
        <li key={reason}>
          <strong>{UNBILLED_REASON_LABELS[reason]}</strong>: {UNBILLED_REASON_WORDS[reason]}
        </li>
      ))}
    </ul>
  );
}

/** Every reason a play is not billed, as the "Not billed" lists name them, in two groups. */
export function BillingRules() {
  return (
    <>
      <p>When the TV’s report arrives, a play is refused if:</p>
      <RuleList reasons={ARRIVAL_RULES} />
      <p>When it is settled, it is refused if, at the moment it started:</p>
      <RuleList reasons={SETTLEMENT_RULES} />
    </>
  );
}
