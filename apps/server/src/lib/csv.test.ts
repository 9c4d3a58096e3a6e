import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, neutralizeCell } from './csv';

describe('the CSV writer (OWASP CSV injection, issue 18 item 5)', () => {
  it("prefixes ' to text that starts with =, +, -, @, tab, CR or LF", () => {
    for (const cell of [
      '=HYPERLINK("http://x","y")',
      '+1+2',
      '-2+3+cmd',
      '-1+1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '\n=1',
      '-',
      '=',
    ]) {
      expect(neutralizeCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves other text and plain decimal numbers (negative amounts) as they are', () => {
    for (const cell of ['Window screen', '', ' =1', "'quoted", '-1.50', '-1500000', '0', '12.5']) {
      expect(neutralizeCell(cell), JSON.stringify(cell)).toBe(cell);
    }
  });

  it('writes a header and CRLF rows, quoting as RFC 4180 and around ;, numbers unescaped', async () => {
    const body = await text(
      csvStream(
        ['name', 'amount', 'micros', 'note'],
        [
          ['=HYPERLINK("http://x","y")', '-1.50', -1_500_000, null],
          { name: 'a;=cmd', amount: '2.00', micros: 2_000_000n, note: '@x' },
        ],
      ),
    );
    expect(body.split('\r\n')).toEqual([
      'name,amount,micros,note',
      `"'=HYPERLINK(""http://x"",""y"")",-1.50,-1500000,`,
      `"a;=cmd",2.00,2000000,'@x`,
      '',
    ]);
  });
});
