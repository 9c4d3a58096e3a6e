import { describe, expect, it } from 'vitest';
import { filterOptions } from '@/components/ui/combobox';

const zones = [
  { value: 'America/New_York', label: 'America/New York', hint: 'GMT−5' },
  { value: 'America/Sao_Paulo', label: 'América/São Paulo', hint: 'GMT−3' },
  { value: 'Europe/London', label: 'Europe/London', hint: 'GMT', keywords: 'United Kingdom' },
];

describe('filterOptions', () => {
  it('matches every word anywhere, ignoring case, accents and id separators', () => {
    expect(filterOptions(zones, 'new_york').map((zone) => zone.value)).toEqual([
      'America/New_York',
    ]);
    expect(filterOptions(zones, 'york america').map((zone) => zone.value)).toEqual([
      'America/New_York',
    ]);
    expect(filterOptions(zones, 'sao').map((zone) => zone.value)).toEqual(['America/Sao_Paulo']);
    expect(filterOptions(zones, 'kingdom').map((zone) => zone.value)).toEqual(['Europe/London']);
    expect(filterOptions(zones, 'gmt−3').map((zone) => zone.value)).toEqual(['America/Sao_Paulo']);
  });

  it('keeps every option, in order, for an empty query and none for a stranger', () => {
    expect(filterOptions(zones, '  ')).toEqual(zones);
    expect(filterOptions(zones, 'tokyo')).toEqual([]);
  });
});
