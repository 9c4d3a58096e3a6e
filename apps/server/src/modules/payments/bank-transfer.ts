import crypto from 'node:crypto';
import { bankDetailsComplete } from '@screenline/shared/platform-settings';
import { findReference, referenceFromBytes } from '@screenline/shared/payment';
import type { TPaymentMethodProvider } from './payment-method';

/**
 * Bank transfer: the buyer sends the amount to the platform's account (platform settings) with
 * the request's reference; a super-user finds the reference on the bank statement and approves.
 */
export const bankTransfer: TPaymentMethodProvider = {
  method: 'bank-transfer',
  confirmation: 'super-user',

  createIntent({ amountMicros }) {
    return {
      method: 'bank-transfer',
      amountMicros,
      reference: referenceFromBytes(crypto.randomBytes(8)),
    };
  },

  describe(intent, settings) {
    const { accountHolder, iban, bic, bankName } = settings.bank;
    return {
      method: 'bank-transfer',
      amountMicros: intent.amountMicros,
      reference: intent.reference,
      accountHolder,
      iban,
      bic,
      bankName,
      ready: bankDetailsComplete(settings.bank),
    };
  },

  matches(intent, evidence) {
    return findReference(evidence) === intent.reference;
  },
};
