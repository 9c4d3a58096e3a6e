import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * The one CSV writer of every export (wallet history, campaign results, plays): RFC 4180 over
 * csv-stringify, CRLF line ends as Excel expects, a header row, and no cell a spreadsheet would
 * run as a formula (OWASP "CSV Injection", issue 18 item 5).
 */

/** What makes a spreadsheet read a cell as a formula or split it into one (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * A plain decimal number (`-1.50`, `-1500000`). A spreadsheet reads it as a number, never as a
 * formula, and the exports write negative amounts on purpose: such a cell is left as it is
 * (docs/decisions.md). `-1+1` or `-2;cmd` are not plain numbers and are neutralised.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell as it is written: prefixed with `'` when a spreadsheet would read a formula. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export type TCsvCell = string | number | bigint | boolean | null | undefined;
export type TCsvRecord = readonly TCsvCell[] | Readonly<Record<string, TCsvCell>>;

/**
 * `records` (arrays in the order of `columns`, or objects keyed by them) as a CSV stream. Cells
 * holding a `;` are quoted too: spreadsheets set to a `;` list separator would otherwise split
 * `a;=cmd` into a second cell that starts with `=`.
 */
export function csvStream(
  columns: readonly string[],
  records: Iterable<TCsvRecord> | AsyncIterable<TCsvRecord>,
): Readable {
  return Readable.from(records).pipe(
    stringify({
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      cast: { string: neutralizeCell },
      quoted_match: ';',
    }),
  );
}
