import { describe, expect, it } from 'vitest';
import { isValidIban, maskIban, ZPayoutDestination } from './wallet';

describe('payout destinations', () => {
  it('takes IBANs as people write them and checks them by country', () => {
    const parsed = ZPayoutDestination.parse({
      accountHolder: 'Ada Owner',
      iban: 'de89 3704 0044 0532 0130 00',
    });
    expect(parsed.iban).toBe('DE89370400440532013000');
    expect(isValidIban('GB29NWBK60161331926819')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    // A wrong check digit, a German IBAN one character short, a country that has none.
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('US89370400440532013000')).toBe(false);
    expect(
      ZPayoutDestination.safeParse({ accountHolder: 'Ada Owner', iban: 'DE00 0000' }).success,
    ).toBe(false);
  });

  it('masks all but the country and the last four characters', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE•• •••• 3000');
  });
});
