// Markdown tables in README.md and docs/: GitHub splits a table row on every `|` that is not
// escaped, inside backticks too, so `approve|reject` in a cell breaks the row into extra columns
// (issue 21). Every row must have as many cells as its header.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const files = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The cells of a table row as GFM splits it: on `|` not preceded by a backslash. */
function cellsOf(row) {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/);
}

const DELIMITER = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Rows whose cell count differs from their table's header, with their line numbers. */
function brokenRows(text) {
  const lines = text.split('\n');
  const broken = [];
  let inFence = false;
  for (let index = 0; index < lines.length - 1; index += 1) {
    if (/^\s*(```|~~~)/.test(lines[index])) inFence = !inFence;
    if (inFence || !lines[index].trim().startsWith('|') || !DELIMITER.test(lines[index + 1])) {
      continue;
    }
    const width = cellsOf(lines[index]).length;
    let row = index + 2;
    while (row < lines.length && lines[row].trim().startsWith('|')) {
      const count = cellsOf(lines[row]).length;
      if (count !== width) broken.push(`line ${row + 1}: ${count} cells, header has ${width}`);
      row += 1;
    }
    index = row - 1;
  }
  return broken;
}

describe('markdown tables', () => {
  it('splits a row as GitHub does: an escaped pipe stays in its cell', () => {
    expect(cellsOf('| `a\\|b` | c |')).toHaveLength(2);
    expect(cellsOf('| `a|b` | c |')).toHaveLength(3);
    expect(brokenRows('| A | B |\n| - | - |\n| `x|y` | z |\n')).toEqual([
      'line 3: 3 cells, header has 2',
    ]);
  });

  it.each(files)('%s: every row has as many cells as its header', (file) => {
    expect(brokenRows(fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
