import type { TComboboxOption } from '@/components/ui/combobox';

/**
 * ISO 3166-1 alpha-2 codes in use, plus XK (Kosovo, user-assigned but what everyone uses). Intl
 * names them in the reader's language; it has no list of its own (it also names retired and
 * grouping codes such as `SU` or `EU`, which a venue's address never has).
 */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

let names: Intl.DisplayNames | null = null;

/** "United Kingdom" for `GB`; the code itself when Intl does not know it. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

let cached: TComboboxOption[] | null = null;

/** Every country as a picker option, by name; the code is searchable too. */
export function countryOptions(): TComboboxOption[] {
  cached ??= COUNTRY_CODES.map((code) => ({
    value: code,
    label: countryName(code),
    keywords: code,
  })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
}

/** An option for a stored code the list lacks, so an old address still shows its country. */
export function withCountry(options: TComboboxOption[], code: string): TComboboxOption[] {
  if (code === '' || options.some((option) => option.value === code)) return options;
  return [...options, { value: code, label: countryName(code), keywords: code }];
}
