#!/usr/bin/env node
// The TV player's syntax gate: every emitted player chunk must parse in Chromium 68 (LG webOS
// 2020; Tizen 5.5 runs 69), the oldest browser the player supports (STACK.md "Old Chromium").
// Vite lowers syntax for `build.target: 'chrome68'`, but a dependency shipped pre-built, a
// changed target or a plugin can still emit newer syntax, and a TV that meets it shows a black
// screen with no error anyone sees. So the built files are parsed, not trusted:
//   - scripts with acorn: the full syntax tree is walked for each construct newer than Chromium
//     68 (named with the version that brought it), then the file is parsed again at ES2020, the
//     newest level whose every piece of syntax 68 has apart from the ones the walk names (`?.`,
//     `??`, `export * as`), so a construct missing from the walk's table still fails;
//   - stylesheets with lightningcss: rules 68 drops whole and silently (cascade layers,
//     `@property`, `@container`, nesting, `:where`/`:is`/`:has`/`:focus-visible`), colour
//     functions it does not know, and properties it lacks.
//
//   node scripts/legacy-syntax.mjs [dist dir] [--json=<file>]
//     dist dir defaults to apps/player/dist; exits 1 on a finding; --json writes {passed, failed}.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { ancestor } from 'acorn-walk';
import { transform } from 'lightningcss';

/** The oldest Chromium the player must run in. */
export const TARGET_CHROMIUM = 68;

const ASSIGNMENT_SINCE = { '||=': 85, '&&=': 85, '??=': 85 };
const FUNCTION_NODES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

function position(code, offset) {
  const before = code.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Script constructs newer than Chromium 68, by syntax-tree node. */
function findNewSyntax(program, code) {
  const findings = [];
  const add = (node, construct, since) => {
    if (since > TARGET_CHROMIUM) findings.push({ construct, since, ...position(code, node.start) });
  };
  ancestor(program, {
    ChainExpression: (node) => add(node, 'optional chaining `?.`', 80),
    LogicalExpression: (node) => {
      if (node.operator === '??') add(node, 'nullish coalescing `??`', 80);
    },
    AssignmentExpression: (node) => {
      const since = ASSIGNMENT_SINCE[node.operator];
      if (since) add(node, `logical assignment \`${node.operator}\``, since);
    },
    // The walker does not visit non-computed keys, so private names are found by their owners.
    PropertyDefinition: (node) =>
      node.key.type === 'PrivateIdentifier'
        ? add(node, `private field #${node.key.name}`, 74)
        : add(node, 'class field', 72),
    MethodDefinition: (node) => {
      if (node.key.type === 'PrivateIdentifier') add(node, `private method #${node.key.name}`, 84);
    },
    MemberExpression: (node) => {
      if (node.property.type === 'PrivateIdentifier') {
        add(node, `private name access .#${node.property.name}`, 74);
      }
    },
    BinaryExpression: (node) => {
      if (node.left.type === 'PrivateIdentifier') add(node, '`#name in object`', 91);
    },
    StaticBlock: (node) => add(node, 'class static block', 94),
    ExportAllDeclaration: (node) => {
      if (node.exported) add(node, '`export * as name`', 72);
    },
    ImportDeclaration: (node) => {
      if (node.attributes?.length) add(node, 'import attributes `with {…}`', 123);
    },
    ImportExpression: (node) => {
      if (node.options) add(node, 'import attributes in `import()`', 123);
    },
    Literal: (node) => {
      if (typeof node.value === 'number' && node.raw.includes('_')) {
        add(node, 'numeric separator', 75);
      }
      const flags = node.regex?.flags ?? '';
      if (flags.includes('d')) add(node, 'RegExp flag `d`', 90);
      if (flags.includes('v')) add(node, 'RegExp flag `v`', 112);
    },
    AwaitExpression: (node, _state, ancestors) => {
      if (!ancestors.some((a) => FUNCTION_NODES.has(a.type))) add(node, 'top-level await', 89);
    },
    ForOfStatement: (node, _state, ancestors) => {
      if (node.await && !ancestors.some((a) => FUNCTION_NODES.has(a.type))) {
        add(node, 'top-level `for await`', 89);
      }
    },
  });
  return findings;
}

/**
 * Constructs in a script (an ES module, as Vite emits them; `sourceType: 'script'` for a classic
 * script such as the service worker) that Chromium 68 cannot parse:
 * `[{ construct, since, line, column }]`, empty when it parses.
 */
export function checkScript(code, { sourceType = 'module' } = {}) {
  const options = { sourceType, locations: false };
  let program;
  try {
    program = parse(code, { ...options, ecmaVersion: 'latest' });
  } catch (error) {
    return [{ construct: `does not parse at all: ${error.message}`, since: Infinity, line: 0 }];
  }
  const findings = findNewSyntax(program, code);
  if (findings.length > 0) return findings;
  try {
    parse(code, { ...options, ecmaVersion: 2020 });
    return [];
  } catch (error) {
    const { line, column } = error.loc ?? { line: 0, column: 0 };
    return [{ construct: `syntax newer than ES2020: ${error.message}`, since: 0, line, column }];
  }
}

const RULE_SINCE = {
  'layer-block': ['cascade layer `@layer { }`', 99],
  'layer-statement': ['cascade layer statement `@layer a, b;`', 99],
  property: ['`@property`', 85],
  container: ['`@container`', 105],
  scope: ['`@scope`', 118],
  'starting-style': ['`@starting-style`', 117],
  'font-palette-values': ['`@font-palette-values`', 101],
  'view-transition': ['`@view-transition`', 126],
};
const PSEUDO_CLASS_SINCE = { where: 88, is: 88, has: 105, 'focus-visible': 86 };
const PROPERTY_SINCE = {
  inset: 87,
  'aspect-ratio': 88,
  translate: 104,
  rotate: 104,
  scale: 104,
  'content-visibility': 85,
  'accent-color': 93,
  'container-type': 105,
};
const FLEX_GAP = new Set(['gap', 'row-gap', 'column-gap']);
/** Colour types lightningcss reports that Chromium 68 understands. */
const OLD_COLORS = new Set(['rgb', 'currentcolor', 'system']);

/** Stylesheet constructs Chromium 68 ignores: `[{ construct, since, line, column }]`. */
export function checkStylesheet(code, filename = 'style.css') {
  const findings = [];
  // Selectors and colours carry no location: they are reported at the rule being visited.
  let ruleLoc;
  // lightningcss counts lines from 0.
  const add = (construct, since, loc) =>
    findings.push({ construct, since, line: (loc?.line ?? -1) + 1, column: loc?.column ?? 0 });
  try {
    transform({
      filename,
      code: Buffer.from(code),
      errorRecovery: false,
      visitor: {
        Rule(rule) {
          ruleLoc = rule.value?.loc;
          const known = RULE_SINCE[rule.type];
          if (known) add(known[0], known[1], rule.value?.loc);
          if (rule.type !== 'style') return;
          const { declarations, rules, loc } = rule.value;
          if (rules?.length) add('nested rule', 112, loc);
          const all = [
            ...(declarations?.declarations ?? []),
            ...(declarations?.importantDeclarations ?? []),
          ];
          const isFlex = all.some(
            (d) => d.property === 'display' && d.value?.inside?.type === 'flex',
          );
          for (const declaration of all) {
            const since = PROPERTY_SINCE[declaration.property];
            if (since) add(`property \`${declaration.property}\``, since, loc);
            if (isFlex && FLEX_GAP.has(declaration.property))
              add('`gap` in a flex container', 84, loc);
          }
        },
        Selector(selector) {
          for (const component of selector) {
            if (component.type === 'nesting') add('nesting selector `&`', 112, ruleLoc);
            const since = component.type === 'pseudo-class' && PSEUDO_CLASS_SINCE[component.kind];
            if (since) add(`selector \`:${component.kind}\``, since, ruleLoc);
          }
        },
        Color(color) {
          if (!OLD_COLORS.has(color.type)) add(`colour \`${color.type}()\``, 111, ruleLoc);
        },
      },
    });
  } catch (error) {
    add(
      `does not parse: ${error.message}`,
      Infinity,
      error.loc && { ...error.loc, line: error.loc.line - 1 },
    );
  }
  return findings.filter((finding) => finding.since > TARGET_CHROMIUM);
}

function listFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(m?js|css)$/.test(name))
    .sort();
}

/**
 * Files the build must emit, checked as classic scripts: the service worker (apps/player/src/sw.ts,
 * built by vite.sw.config.ts), which Chromium 68/69 can only run as a classic script — an
 * `import` or `export` left in it fails here. Missing, it fails too: a TV would not start offline.
 */
export const REQUIRED_CLASSIC_SCRIPTS = ['sw.js'];

/** Every emitted script and stylesheet under `dist`, with what Chromium 68 would not take. */
export function checkBuild(dist) {
  if (!fs.existsSync(dist)) throw new Error(`${dist} does not exist: build the player first`);
  const files = listFiles(dist);
  const missing = REQUIRED_CLASSIC_SCRIPTS.filter((name) => !files.includes(name)).map((name) => ({
    file: name,
    findings: [{ construct: 'missing from the build', since: Infinity, line: 0, column: 0 }],
  }));
  return [
    ...missing,
    ...files.map((name) => {
      const code = fs.readFileSync(path.join(dist, name), 'utf8');
      const findings = name.endsWith('.css')
        ? checkStylesheet(code, name)
        : checkScript(code, {
            sourceType: REQUIRED_CLASSIC_SCRIPTS.includes(name) ? 'script' : 'module',
          });
      return { file: name, findings };
    }),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const args = process.argv.slice(2);
  const jsonOut = args.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
  const given = args.find((arg) => !arg.startsWith('--'));
  const dist = path.resolve(given ?? path.join(root, 'apps/player/dist'));
  const results = checkBuild(dist);
  for (const { file, findings } of results) {
    if (findings.length === 0) {
      console.log(`  ok    ${file}`);
      continue;
    }
    console.log(`  FAIL  ${file}`);
    for (const f of findings.slice(0, 20)) {
      const since = Number.isFinite(f.since) && f.since > 0 ? ` (Chromium ${f.since})` : '';
      console.log(`        ${file}:${f.line}:${f.column} ${f.construct}${since}`);
    }
    if (findings.length > 20) console.log(`        … and ${findings.length - 20} more`);
  }
  // An empty build is a failure too: a gate that checked nothing proves nothing.
  if (results.length === 0) console.log(`  no scripts or stylesheets in ${dist}`);
  const passed = results.filter((r) => r.findings.length === 0).length;
  const failed = results.length === 0 ? 1 : results.length - passed;
  console.log(`Chromium ${TARGET_CHROMIUM} syntax: ${passed} passed, ${failed} failed`);
  const failures = results.filter((r) => r.findings.length > 0).map((r) => r.file);
  if (results.length === 0) failures.push(`no scripts or stylesheets in ${dist}`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, failures }));
  process.exitCode = failed > 0 ? 1 : 0;
}
