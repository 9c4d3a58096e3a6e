import { describe, expect, it } from 'vitest';
import { createIbanCipher } from './iban-cipher';

describe('the payout IBAN cipher', () => {
  const cipher = createIbanCipher('a-secret-of-the-test-a-secret-of-the-test');
  const iban = 'DE89370400440532013000';

  it('opens what it sealed for the same payout, and never shows the IBAN in what it stores', () => {
    const stored = cipher.encrypt(iban, 'payout-1');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('0532013000');
    expect(cipher.decrypt(stored, 'payout-1')).toBe(iban);
    // A fresh IV each time: equal IBANs do not look equal at rest.
    expect(cipher.encrypt(iban, 'payout-1')).not.toBe(stored);
  });

  it('refuses a value moved to another payout, changed, or sealed under another secret', () => {
    const stored = cipher.encrypt(iban, 'payout-1');
    expect(() => cipher.decrypt(stored, 'payout-2')).toThrow();
    const [version, iv, tag, body] = stored.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => cipher.decrypt([version, iv, tag, flipped].join('.'), 'payout-1')).toThrow();
    const other = createIbanCipher('another-secret-another-secret-another');
    expect(() => other.decrypt(stored, 'payout-1')).toThrow();
    expect(() => cipher.decrypt('plain text', 'payout-1')).toThrow(/format/);
  });
});
