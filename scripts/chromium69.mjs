#!/usr/bin/env node
// Chromium 69 and its driver, for the TV-browser checks (STACK.md "Old Chromium"). LG webOS 2020
// runs Chromium 68 and Samsung Tizen 5.5 Chromium 69; a real 69 ships inside an npm package
// (chrome-aws-lambda@1.6.3, bin/chromium-69.0.3494.0.br) and puppeteer-core@1.7.0 speaks its
// protocol (Playwright cannot drive a browser this old). Both are fetched from the npm registry
// into a cache outside the repo — they are large (about 50 MB to download) and only these checks
// need them, so the repo's package.json and lockfile stay as they are — and reused afterwards.
//
//   node scripts/chromium69.mjs          prints the browser's path and version (installs if needed)
//
// Cache: $SCREENLINE_CHROMIUM69_CACHE, else $XDG_CACHE_HOME/screenline/chromium69, else
// ~/.cache/screenline/chromium69. Needs only the npm registry, never standard input.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const CHROME_AWS_LAMBDA = 'chrome-aws-lambda@1.6.3';
const BROWSER_FILE = 'chromium-69.0.3494.0';
const PUPPETEER_CORE = 'puppeteer-core@1.7.0';

/** The flags this Chromium needs to run headless in a container (no GPU, no setuid sandbox). */
export const CHROMIUM69_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--single-process',
  '--no-zygote',
];

export function chromium69CacheDir() {
  if (process.env.SCREENLINE_CHROMIUM69_CACHE) return process.env.SCREENLINE_CHROMIUM69_CACHE;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'screenline', 'chromium69');
}

function npm(args, cwd) {
  // The cache lies outside every workspace, so npm installs there and never touches the repo.
  execFileSync(
    'npm',
    [...args, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    {
      cwd,
      // npm pack prints the tarball's name on stdout; only errors are worth showing.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium 69's executable and puppeteer-core 1.7.0, downloading them once. Returns
 * `{ executablePath, puppeteer, args }`; `puppeteer.launch({ executablePath, args })` starts it.
 */
export function ensureChromium69({ log = console.log } = {}) {
  const dir = chromium69CacheDir();
  const executablePath = path.join(dir, BROWSER_FILE);
  const puppeteerDir = path.join(dir, 'node_modules', 'puppeteer-core');
  fs.mkdirSync(dir, { recursive: true });

  if (!fs.existsSync(path.join(puppeteerDir, 'package.json'))) {
    log(`Chromium 69 check: installing ${PUPPETEER_CORE} into ${dir}…`);
    if (!fs.existsSync(path.join(dir, 'package.json'))) {
      fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    }
    npm(['install', '--no-save', '--no-package-lock', PUPPETEER_CORE], dir);
  }

  if (!isExecutable(executablePath)) {
    log(`Chromium 69 check: fetching ${CHROME_AWS_LAMBDA} (about 50 MB, once) into ${dir}…`);
    const work = fs.mkdtempSync(path.join(dir, 'download-'));
    try {
      npm(['pack', CHROME_AWS_LAMBDA, '--pack-destination', work], work);
      const tarball = fs.readdirSync(work).find((name) => name.endsWith('.tgz'));
      if (!tarball) throw new Error(`npm pack ${CHROME_AWS_LAMBDA} wrote no tarball`);
      execFileSync('tar', ['-xzf', tarball, `package/bin/${BROWSER_FILE}.br`], { cwd: work });
      const compressed = fs.readFileSync(path.join(work, 'package', 'bin', `${BROWSER_FILE}.br`));
      // Written beside the target, then renamed: a run cut short never leaves half a browser.
      const partial = path.join(work, BROWSER_FILE);
      fs.writeFileSync(partial, brotliDecompressSync(compressed), { mode: 0o755 });
      fs.renameSync(partial, executablePath);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  const puppeteer = createRequire(path.join(dir, 'package.json'))('puppeteer-core');
  return { executablePath, puppeteer, args: CHROMIUM69_ARGS };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { executablePath, puppeteer, args } = ensureChromium69();
  const browser = await puppeteer.launch({ executablePath, args });
  try {
    console.log(`${executablePath}\n${await browser.version()}`);
  } finally {
    await browser.close();
  }
}
