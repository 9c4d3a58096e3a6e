import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, type TTestApp } from './harness';

/**
 * Issue 20 item 5: the documentation names only what exists. Every file path, `npm run` script
 * and /api/v1 route written in README.md and docs/ is checked against the tree, package.json and
 * the routes the server registers, so a rename that forgets a page fails here.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function markdownFiles(): string[] {
  const files = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  for (const base of ['apps', 'packages']) {
    for (const dir of fs.readdirSync(path.join(ROOT, base))) {
      for (const sub of ['', 'src']) {
        const readme = path.join(base, dir, sub, 'README.md');
        if (fs.existsSync(path.join(ROOT, readme))) files.push(readme);
      }
    }
  }
  // The server modules' READMEs, where docs/ARCHITECTURE.md's detail lives (issue 20 item 5).
  const modules = 'apps/server/src/modules';
  for (const module of fs.readdirSync(path.join(ROOT, modules))) {
    const readme = path.join(modules, module, 'README.md');
    if (fs.existsSync(path.join(ROOT, readme))) files.push(readme);
  }
  return files;
}

const DOCS = markdownFiles().map((file) => ({
  file,
  text: fs.readFileSync(path.join(ROOT, file), 'utf8'),
}));

/** Where a mention was found, for the failure message. */
const where = (file: string, text: string, index: number) =>
  `${file}:${text.slice(0, index).split('\n').length}`;

/** Top-level folders a repository path starts with. */
const TREE_ROOTS = ['apps/', 'packages/', 'scripts/', 'bench/', 'e2e/', 'docs/', '.ci/'];

/** A code span that reads as a path in this repository (not a glob, a placeholder or a URL). */
function repoPath(span: string): string | null {
  const candidate = span.replace(/[:#].*$/, '').replace(/\/$/, '');
  if (!TREE_ROOTS.some((root) => candidate.startsWith(root))) return null;
  if (/[*…<>{}\s|]|\.\.\./.test(candidate)) return null;
  return candidate;
}

/** A path git ignores (a build's output, such as the player's source maps) exists only once built. */
const isBuildOutput = (target: string) =>
  [target, `${target}/`].some(
    (candidate) => spawnSync('git', ['check-ignore', '-q', candidate], { cwd: ROOT }).status === 0,
  );

describe('the documentation names what exists', () => {
  it('reads the module READMEs and the short architecture map', () => {
    const readmes = DOCS.filter(({ file }) =>
      /^apps\/server\/src\/modules\/[^/]+\/README\.md$/.test(file),
    );
    expect(readmes.length).toBeGreaterThanOrEqual(5);
    const map = DOCS.find(({ file }) => file === path.join('docs', 'ARCHITECTURE.md'));
    // A map, not the manual: the detail goes to the module READMEs and docs/ pages it names.
    expect(map?.text.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('every repository path in a code span exists', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { file, text } of DOCS) {
      for (const match of text.matchAll(/`([^`\n]+)`/g)) {
        const target = repoPath(match[1]!);
        if (!target) continue;
        checked += 1;
        if (!fs.existsSync(path.join(ROOT, target)) && !isBuildOutput(target)) {
          missing.push(`${where(file, text, match.index)}: ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('every `npm run` script exists in package.json', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const missing: string[] = [];
    let checked = 0;
    for (const { file, text } of DOCS) {
      // `-w <workspace>` runs another package's script: those are not the root's to check.
      for (const match of text.matchAll(/npm run ([a-z0-9:-]+)(?![a-z0-9:-]| -w)/g)) {
        checked += 1;
        if (!(match[1]! in scripts)) missing.push(`${where(file, text, match.index)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  describe('routes', () => {
    let t: TTestApp;
    const routes = new Set<string>();
    beforeAll(async () => {
      t = await createTestApp('pglite');
      const lister = await buildApp({
        config: t.config,
        database: t.database,
        onRoute: ({ method, url }) => {
          for (const verb of [method].flat()) routes.add(`${verb} ${shape(url)}`);
        },
      });
      await lister.close();
    });
    afterAll(() => t.close());

    /** A path with each parameter, placeholder or example id as one `:` segment. */
    function shape(url: string): string {
      return url
        .replace(/[?#].*$/, '')
        .replace(/\/$/, '')
        .split('/')
        .map((segment) =>
          /^(:|\{)|…|^[0-9a-f]{8}-|^[0-9a-f-]{20,}$|^(sld|slp)_/.test(segment) ? ':' : segment,
        )
        .join('/');
    }

    it('every /api/v1 route named with its method is one the server registers', () => {
      const missing: string[] = [];
      let checked = 0;
      for (const { file, text } of DOCS) {
        for (const match of text.matchAll(
          /\b(GET|POST|PUT|PATCH|DELETE) `?(\/api\/v1\/[^\s`)|,;\\]+)/g,
        )) {
          checked += 1;
          const key = `${match[1]} ${shape(match[2]!)}`;
          if (!routes.has(key)) missing.push(`${where(file, text, match.index)}: ${key}`);
        }
      }
      expect(missing).toEqual([]);
      expect(checked).toBeGreaterThan(50);
    });
  });
});
