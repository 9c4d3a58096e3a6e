// The syntax gate of the TV player's build (scripts/legacy-syntax.mjs): what Chromium 68 parses
// passes, each newer construct fails with its name and place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBuild, checkScript, checkStylesheet } from './legacy-syntax.mjs';

const constructs = (findings) => findings.map((finding) => finding.construct);

describe('scripts at Chromium 68', () => {
  it('passes what 68 parses: ES2018, optional catch binding, BigInt, import() and import.meta', () => {
    const code = [
      'import { a } from "./a.js";',
      'export const b = { ...a, c: 1n };',
      'export async function* d() { for await (const x of a) yield x; }',
      'try { d(); } catch { /* optional catch binding, Chromium 66 */ }',
      'export const e = () => import("./e.js").then(() => import.meta.url);',
      'export const f = /(?<year>\\d{4})-(?<=x)\\p{L}/su;',
      'export class G { static h() { return new.target; } }',
    ].join('\n');
    expect(checkScript(code)).toEqual([]);
  });

  it.each([
    ['const a = b?.c;', 'optional chaining `?.`', 80],
    ['const a = b ?? c;', 'nullish coalescing `??`', 80],
    ['a ||= b;', 'logical assignment `||=`', 85],
    ['a ??= b;', 'logical assignment `??=`', 85],
    ['class A { b = 1; }', 'class field', 72],
    ['class A { #b = 1; }', 'private field #b', 74],
    ['class A { #b() {} }', 'private method #b', 84],
    ['class A { #b; static c(d) { return d.#b; } }', 'private name access .#b', 74],
    ['class A { static { a(); } }', 'class static block', 94],
    ['export * as ns from "./a.js";', '`export * as name`', 72],
    ['const a = 1_000;', 'numeric separator', 75],
    ['const a = /b/d;', 'RegExp flag `d`', 90],
    ['await a;', 'top-level await', 89],
    ['import a from "./a.json" with { type: "json" };', 'import attributes `with {…}`', 123],
  ])('fails on %s, naming the construct and its place', (code, construct, since) => {
    const findings = checkScript(`const z = 1;\n${code}`);
    expect(findings).toContainEqual(expect.objectContaining({ construct, since, line: 2 }));
  });

  it('does not take an await inside an async function for a top-level one', () => {
    expect(checkScript('export async function a(b) { await b; }')).toEqual([]);
  });

  it.each([
    ['#!/usr/bin/env node\nconst a = 1;', 'a hashbang (Chromium 74)'],
    ['const a = 1;\nexport { a as "b c" };', 'a string export name (Chromium 88)'],
  ])('fails on newer syntax its table does not name, through the ES2020 parse: %s', (code) => {
    const [finding] = checkScript(code);
    expect(finding?.construct).toMatch(/^syntax newer than ES2020/);
  });

  it('fails on a file that does not parse at all', () => {
    expect(constructs(checkScript('const = ;'))[0]).toMatch(/^does not parse at all/);
  });
});

describe('stylesheets at Chromium 68', () => {
  it('passes plain CSS with custom properties, flex and a space-separated rgb()', () => {
    const css = `:root{--a:#4f46e5}.a{display:flex;color:rgb(0 0 0 / 50%)}.b:focus{outline:4px solid var(--a)}.c{display:grid;gap:1rem}`;
    expect(checkStylesheet(css)).toEqual([]);
  });

  it.each([
    ['@layer base{.a{color:red}}', 'cascade layer `@layer { }`'],
    ['@layer base, utilities;', 'cascade layer statement `@layer a, b;`'],
    ["@property --a{syntax:'*';inherits:false}", '`@property`'],
    ['@container (min-width:1px){.a{color:red}}', '`@container`'],
    ['.a{.b{color:red}}', 'nested rule'],
    ['.a:where(.b){color:red}', 'selector `:where`'],
    ['.a:focus-visible{color:red}', 'selector `:focus-visible`'],
    ['.a{color:oklch(50% .1 200)}', 'colour `oklch()`'],
    ['.a{display:flex;gap:1rem}', '`gap` in a flex container'],
    ['.a{aspect-ratio:16/9}', 'property `aspect-ratio`'],
  ])('fails on %s', (css, construct) => {
    expect(constructs(checkStylesheet(`.z{color:red}\n${css}`))).toContain(construct);
    expect(checkStylesheet(`.z{color:red}\n${css}`)[0]?.line).toBe(2);
  });
});

describe('the built player', () => {
  const build = (files) => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-syntax-'));
    for (const [name, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      fs.writeFileSync(path.join(dist, name), code);
    }
    return dist;
  };

  it('checks the service worker as a classic script, and fails a build without it', () => {
    const app = { 'assets/index-1.js': 'export const a = 1;' };
    expect(checkBuild(build({ ...app, 'sw.js': '(function(){self.a=1})();' }))).toEqual([
      { file: 'assets/index-1.js', findings: [] },
      { file: 'sw.js', findings: [] },
    ]);

    const [missing] = checkBuild(build(app));
    expect(missing).toMatchObject({
      file: 'sw.js',
      findings: [{ construct: 'missing from the build' }],
    });

    // A module service worker does not run in Chromium 68/69.
    const moduleWorker = checkBuild(build({ ...app, 'sw.js': 'import "./x.js";' }));
    expect(moduleWorker.find((r) => r.file === 'sw.js').findings[0].construct).toMatch(
      /^does not parse at all/,
    );
  });
});
