import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

// The trimmed merge must agree with tailwind-merge's full default on every class this app writes:
// each class of the source is merged with every other class of its prefix family (and with a
// sample of all others), with and without the variants the source uses.

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Not the merge's own configuration: its group names are not classes.
    return /\.tsx?$/.test(entry.name) && !/\.test\.|^class-merge\.ts$/.test(entry.name)
      ? [full]
      : [];
  });
}

/** Every token that looks like a Tailwind class in a string literal of the source. */
function classesOfSource(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, literal = ''] of code.matchAll(/['"`]([^'"`\n]*)['"`]/g)) {
      for (const token of literal.split(/\s+/)) {
        if (/^(-?[a-z0-9]+:)*-?[a-z][a-z0-9-]*(-\[[^\]\s]+\]|\/\d+|-[\d.]+)*$/.test(token))
          found.add(token);
      }
    }
  }
  return [...found].sort();
}

/** What a failure asks for: the merge learns the family; the class itself is fine to use. */
const HOW_TO_FIX =
  'a class family lib/class-merge.ts does not know: copy its group (and conflicts) from ' +
  "tailwind-merge's getDefaultConfig into lib/class-merge.ts";

const base = (cls: string) => cls.split(':').at(-1) ?? cls;
const family = (cls: string) => base(cls).replace(/^-/, '').split('-')[0] ?? '';

describe('mergeClasses', () => {
  const classes = classesOfSource();

  it('finds the classes of the source', () => {
    expect(classes.length).toBeGreaterThan(200);
    expect(classes).toContain('text-muted-foreground');
  });

  it('agrees with tailwind-merge on every pair of classes of one family', () => {
    const byFamily = new Map<string, string[]>();
    for (const cls of classes)
      byFamily.set(family(cls), [...(byFamily.get(family(cls)) ?? []), cls]);
    const differences: string[] = [];
    for (const group of byFamily.values()) {
      for (const a of group) {
        for (const b of group) {
          const input = `${a} ${b}`;
          if (mergeClasses(input) !== twMerge(input)) differences.push(input);
        }
      }
    }
    expect(differences, HOW_TO_FIX).toEqual([]);
  });

  it('agrees with tailwind-merge across families', () => {
    const differences: string[] = [];
    for (let i = 0; i < classes.length; i += 1) {
      for (let j = i + 1; j < classes.length; j += 7) {
        const input = `${classes[i]} ${classes[j]}`;
        if (mergeClasses(input) !== twMerge(input)) differences.push(input);
      }
    }
    expect(differences, HOW_TO_FIX).toEqual([]);
    // Tens of thousands of pairs: seconds on a busy machine.
  }, 60_000);

  it('lets the later class of a family win', () => {
    expect(mergeClasses('size-4 size-14')).toBe('size-14');
    expect(mergeClasses('p-6 p-4')).toBe('p-4');
    expect(mergeClasses('max-w-lg max-w-3xl')).toBe('max-w-3xl');
    expect(mergeClasses('text-sm text-primary text-lg')).toBe('text-primary text-lg');
    expect(mergeClasses('bg-surface hover:bg-primary bg-danger')).toBe(
      'hover:bg-primary bg-danger',
    );
  });
});
