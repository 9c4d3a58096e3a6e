import { describe, expect, it } from 'vitest';
import {
  findReference,
  formatIban,
  REFERENCE_ALPHABET,
  REFERENCE_PATTERN,
  referenceFromBytes,
} from './payment';
import { receiptNumber } from './receipt';

describe('top-up references', () => {
  it('are SL- and two groups of four Crockford characters, every byte mapping evenly', () => {
    expect(referenceFromBytes([0, 1, 2, 3, 31, 32, 255, 100])).toBe('SL-0123-Z0Z4');
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
    for (let seed = 0; seed < 50; seed += 1) {
      const bytes = Array.from({ length: 8 }, (_, index) => (seed * 37 + index * 91) % 256);
      expect(referenceFromBytes(bytes)).toMatch(REFERENCE_PATTERN);
    }
  });

  it('are found in what a bank statement shows, however it was written', () => {
    for (const statement of [
      'SL-7KQ2-M9XD',
      'sl-7kq2-m9xd',
      'SL 7KQ2 M9XD',
      'Transfer SL7KQ2M9XD thank you',
      'Ref: sl_7kq2.m9xd / invoice 12',
    ])
      expect(findReference(statement), statement).toBe('SL-7KQ2-M9XD');
    // O read as 0, I and L as 1 (Crockford).
    expect(findReference('SL-7KQO-M9XI')).toBe('SL-7KQ0-M9X1');
    expect(findReference('no reference here')).toBeNull();
    expect(findReference('SL-7KQ2-M9XU')).toBeNull();
    expect(findReference('SL-7KQ2')).toBeNull();
    // Only an SL that starts a word: not one inside "translation".
    expect(findReference('Translation SL-7KQ2-M9XD')).toBe('SL-7KQ2-M9XD');
    expect(findReference('Paid SL-7KQ2-M9XU, sorry: SL-7KQ2-M9XD')).toBe('SL-7KQ2-M9XD');
  });
});

describe('bank and receipt formats', () => {
  it('prints an IBAN in groups of four and numbers receipts per year', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(receiptNumber(2026, 42)).toBe('2026-000042');
  });
});
