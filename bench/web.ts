// bench/web: Lighthouse on the built web app as the server sends it, desktop and mobile.
//
//   npm run build && npm run bench:web
//   BENCH_WEB_RUNS=1 npm run bench:web     one Lighthouse run per figure instead of the median of 3
//   BENCH_WEB_REPORTS=/tmp/lh npm run bench:web   also write each run's whole Lighthouse report there
//
// Screenline runs in its own process in production mode on a temporary embedded database and
// serves apps/web/dist (build it first). Lighthouse (from npm) drives Debian's Chromium through
// chrome-launcher (CHROME_PATH, default /usr/bin/chromium; never a downloaded browser) over two
// pages: /signin signed out, /advertiser/dashboard and /publisher/dashboard signed in (a new
// screen owner and a new ad buyer; the session cookie goes with every request through
// extraHeaders), and the TV player at /tv/ (build it too: `npm run build` builds both). Each runs with Lighthouse's mobile
// preset (a mid-range phone on simulated slow 4G) and its desktop preset. It prints the
// performance and accessibility scores, LCP, the JavaScript loaded (bytes on the wire as served,
// and the same files gzipped at level 9, the figure the budget counts), and any failing
// accessibility audit.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { z } from 'zod';
import { loadAverageLine } from './load-average';
import { ROOT, signUp, startScreenline } from './server-process';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = z.coerce
  .number()
  .int()
  .positive()
  .parse(process.env.BENCH_WEB_RUNS ?? '3');

const ZNetworkRequests = z.object({
  items: z.array(
    z.object({
      url: z.string(),
      resourceType: z.string().optional(),
      transferSize: z.number().optional(),
    }),
  ),
});

const ZAuditNodes = z.object({
  items: z.array(z.object({ node: z.object({ snippet: z.string() }) })),
});

interface TRow {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  lcpMs: number;
  jsWireBytes: number;
  jsGzipBytes: number;
  failing: string[];
}

async function main() {
  const webDist = path.join(ROOT, 'apps/web/dist');
  if (!(await fs.stat(path.join(webDist, 'index.html')).catch(() => null))) {
    throw new Error(`the web app is not built (${webDist}): run \`npm run build\` first`);
  }
  console.log(`bench/web: ${loadAverageLine()}`);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-bench-web-'));
  const server = await startScreenline({
    DATA_DIR: path.join(workDir, 'data'),
    // One sign-up and one profile write; Better Auth's production limits are not what is measured.
    AUTH_RATE_LIMIT: 'false',
  });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { baseUrl, api } = server;
    // A new screen owner and a new ad buyer, set up through the shared typed client (which sends
    // the Origin header: state-changing requests with a session cookie must come from
    // PUBLIC_URL's origin).
    const signUpAs = async (role: 'advertiser' | 'publisher') => {
      const { session } = await signUp(api);
      await api.updateMe(session, { role });
      return session.cookie;
    };
    const ownerCookie = await signUpAs('advertiser');
    const buyerCookie = await signUpAs('publisher');

    console.log(
      `bench/web: Lighthouse on ${baseUrl} with ${chromePath}, median of ${RUNS} run(s) per figure`,
    );
    const pages: { page: string; headers: Record<string, string> }[] = [
      { page: '/signin', headers: {} },
      { page: '/advertiser/dashboard', headers: { cookie: ownerCookie } },
      { page: '/publisher/dashboard', headers: { cookie: buyerCookie } },
      // The TV player as a new screen shows it (its pairing screen), from apps/player/dist.
      { page: '/tv/', headers: {} },
    ];
    const rows: TRow[] = [];
    for (const { page, headers } of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        // Lighthouse's simulated throttling scales with the CPU it observes, which other work on a
        // shared machine disturbs: the run with the median performance score is the figure.
        const runs: Omit<TRow, 'page' | 'preset'>[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          runs.push(await audit(`${baseUrl}${page}`, chrome.port, preset, headers));
        }
        runs.sort((a, b) => a.performance - b.performance);
        const median = runs[Math.floor(runs.length / 2)];
        if (!median) throw new Error('no Lighthouse run');
        rows.push({ ...median, page, preset });
        console.log(
          `  ${page} ${preset}: performance ${runs.map((r) => r.performance).join(', ')}`,
        );
      }
    }
    print(rows);
  } finally {
    chrome.kill();
    await server.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function audit(
  url: string,
  port: number,
  preset: 'mobile' | 'desktop',
  extraHeaders: Record<string, string>,
): Promise<Omit<TRow, 'page' | 'preset'>> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_WEB_REPORTS) {
    // The whole report, to read the opportunities and diagnostics behind a score.
    const file = path.join(
      process.env.BENCH_WEB_REPORTS,
      `${new URL(url).pathname.replaceAll('/', '_')}-${preset}.json`,
    );
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: not the page meant to be measured`);
  }

  const origin = new URL(url).origin;
  const requests = ZNetworkRequests.parse(lhr.audits['network-requests']?.details);
  const scripts = requests.items.filter(
    (item) => item.resourceType === 'Script' && item.url.startsWith(origin),
  );
  let jsGzipBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    jsGzipBytes += zlib.gzipSync(body, { level: 9 }).length;
  }

  const accessibility = lhr.categories.accessibility;
  const failing = (accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => {
      const nodes = ZAuditNodes.safeParse(a?.details);
      const where = nodes.success ? nodes.data.items.map((item) => item.node.snippet) : [];
      return `${a?.id} (${where.slice(0, 3).join(' ') || 'no element named'})`;
    });

  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    jsWireBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    jsGzipBytes,
    failing,
  };
}

function print(rows: TRow[]) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log('');
  console.log(
    'page                   preset   perf  a11y   LCP       JS on the wire  JS gzipped (level 9)',
  );
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(22)} ${r.preset.padEnd(8)} ${String(r.performance).padStart(4)}  ` +
        `${String(r.accessibility).padStart(4)}  ${(r.lcpMs / 1000).toFixed(2).padStart(5)} s   ` +
        `${kib(r.jsWireBytes).padStart(14)}  ${kib(r.jsGzipBytes).padStart(12)}`,
    );
  }
  const failing = rows.filter((r) => r.failing.length > 0);
  for (const r of failing)
    console.log(`accessibility, ${r.page} ${r.preset}: ${r.failing.join('; ')}`);
  console.log('targets: mobile performance ≥ 90, accessibility 100, /signin ≤ 150 KiB gzipped JS');
  console.log(`${loadAverageLine()} after`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
