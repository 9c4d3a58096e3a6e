import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import type { TPaymentInstructions, TPaymentMethod } from '@screenline/shared/payment';
import { AppError } from '../../lib/app-error';
import { bankTransfer } from './bank-transfer';

/** What a top-up keeps of its payment: made when it is requested. */
export interface TPaymentIntent {
  method: TPaymentMethod;
  amountMicros: number;
  /** Unique among top-ups (the database's unique index says so; a clash asks for another). */
  reference: string;
}

/**
 * One way of paying a top-up (issue 22 item 4, docs/decisions.md "Payment methods"). The wallet
 * service runs the same three steps for every method:
 *
 * 1. `createIntent` when the buyer asks for a top-up: the request stores the intent;
 * 2. `describe` whenever the request is shown: how to pay it, with the platform's details now;
 * 3. confirm: money moves (`external → wallet`) in the transaction that approves the request.
 *    `confirmation` says who triggers it: a super-user who saw the money arrive and matched it
 *    (`matches`) for a bank transfer; a provider's signed callback for a card, later.
 */
export interface TPaymentMethodProvider {
  readonly method: TPaymentMethod;
  readonly confirmation: 'super-user' | 'provider';
  createIntent(request: { amountMicros: number }): TPaymentIntent;
  describe(intent: TPaymentIntent, settings: TPlatformSettings): TPaymentInstructions;
  /** Whether evidence of a payment (a bank statement's text, a provider's event id) is this one's. */
  matches(intent: TPaymentIntent, evidence: string): boolean;
}

const PROVIDERS: Record<TPaymentMethod, TPaymentMethodProvider> = {
  'bank-transfer': bankTransfer,
};

export function paymentMethod(method: string): TPaymentMethodProvider {
  const provider = PROVIDERS[method as TPaymentMethod] as TPaymentMethodProvider | undefined;
  if (!provider)
    throw new AppError('validation-failed', 'That payment method is not offered.', {
      fields: [{ path: 'body.method', message: 'Choose bank transfer.' }],
    });
  return provider;
}
