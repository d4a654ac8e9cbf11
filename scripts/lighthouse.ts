// `npm run lighthouse`: measures the shop as a new visitor on a phone would meet it. Builds the web
// app if there is no build, starts a shop on a fresh data directory on a free port, runs Lighthouse
// (mobile preset, its default simulated throttling) several times per page, prints the medians and
// stops the shop, also when something fails. The JSON reports stay in a temp directory for reading
// the failing audits. Options:
//   --runs N              runs per page (default 3)
//   --pages /,/tools      which pages (default: /, /tools, /tool/:id, /about, /login; `/tool/:id`
//                         is replaced by a real tool from the catalogue and measured signed in:
//                         the script signs up a customer and sends its session cookie)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { chromiumArgs, fullChromium } from '../e2e/chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/tools,/tool/:id,/about,/login' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
const pages = options.pages
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function buildIfNeeded() {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.warn('No web build yet: running `npm run build`…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('`npm run build` failed');
}

function startShop(port: number, dataDir: string): ChildProcess {
  const compiled = join(root, 'apps/server/dist/server.js');
  const args = existsSync(compiled)
    ? [compiled]
    : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
  };
  // A fresh embedded shop, whatever the calling shell points at.
  delete env.DATABASE_URL;
  delete env.WEB_DIST_DIR;
  delete env.BETTER_AUTH_SECRET;
  return spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function waitUntilReady(baseUrl: string, shop: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`the shop exited with code ${shop.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the shop did not become ready within 90 s');
}

async function realToolPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/tool?limit=1`);
  const tools = (await res.json()) as { _id: string }[];
  const first = tools[0];
  if (!res.ok || !first) throw new Error('the catalogue has no tool to measure /tool/:id with');
  return `/tool/${first._id}`;
}

/**
 * The session cookie of a customer signed up for the run: /tool/:id is a signed-in page, and
 * measured signed out it would only be the redirect to /login.
 */
async function customerCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lighthouse Customer',
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'lighthouse-password-123',
    }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`signing up a customer failed: HTTP ${res.status}`);
  const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } });
  if (!session.ok || (await session.json()) === null) {
    throw new Error('the new customer has no session: sign-up did not sign them in');
  }
  return cookie;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface PageFigures {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function figuresOf(lhr: LighthouseResult): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Audits that cost points outside performance, so the table says where to look. */
function failingAudits(lhr: LighthouseResult): string[] {
  const failing = new Set<string>();
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.add(`${id}: ${audit.id}`);
      }
    }
  }
  return [...failing];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  buildIfNeeded();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'voltforge-lighthouse-data-'));
  const reportDir = mkdtempSync(join(tmpdir(), 'voltforge-lighthouse-reports-'));
  const shop = startShop(port, dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stop = () => {
    if (shop.exitCode === null) shop.kill('SIGTERM');
    chrome?.kill();
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  process.once('SIGTERM', () => {
    stop();
    process.exit(143);
  });

  try {
    await waitUntilReady(baseUrl, shop);
    const toolPath = pages.includes('/tool/:id') ? await realToolPath(baseUrl) : '';
    const targets = pages.map((p) => (p === '/tool/:id' ? toolPath : p));
    const cookie = toolPath ? await customerCookie(baseUrl) : '';
    chrome = await chromeLauncher.launch({
      chromePath: fullChromium,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });

    const rows: string[] = [];
    const findings: string[] = [];
    for (const [i, path] of targets.entries()) {
      const label = pages[i] ?? path;
      const signedIn = path === toolPath;
      const results: PageFigures[] = [];
      const failing = new Set<string>();
      for (let run = 1; run <= runs; run += 1) {
        const measure = async () => {
          const result = await lighthouse(`${baseUrl}${path}`, {
            port: chrome?.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...categories],
            ...(signedIn ? { extraHeaders: { cookie } } : {}),
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          return result.lhr;
        };
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); such a run says
        // nothing about the page, so it is run again, at most twice.
        let lhr = await measure();
        for (let retry = 1; lhr.runtimeError && retry <= 2; retry += 1) {
          console.warn(`  ${label} run ${run}: ${lhr.runtimeError.code}; running it again`);
          lhr = await measure();
        }
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        // Signed out, the page would have ended on /login: the figures would be the login page's.
        if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path) {
          throw new Error(
            `${path} was not measured signed in: it ended on ${lhr.finalDisplayedUrl}`,
          );
        }
        const name = `${label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${run}.json`;
        writeFileSync(join(reportDir, name), JSON.stringify(lhr));
        results.push(figuresOf(lhr));
        for (const audit of failingAudits(lhr)) failing.add(audit);
        console.warn(`  ${label} run ${run}/${runs} done`);
      }
      const m = (pick: (f: PageFigures) => number) => median(results.map(pick));
      const scores = categories.map((c) => m((f) => f.scores[c])).join(' / ');
      rows.push(
        `| \`${label}\`${signedIn ? ' (signed in)' : ''} | ${scores} | ${seconds(m((f) => f.fcp))} | ${seconds(m((f) => f.lcp))} | ` +
          `${Math.round(m((f) => f.tbt))} ms | ${m((f) => f.cls).toFixed(3)} |`,
      );
      if (failing.size > 0) findings.push(`- \`${label}\`: ${[...failing].join(', ')}`);
    }

    console.warn('');
    console.warn(`Lighthouse mobile, median of ${runs} run(s) per page (${baseUrl})`);
    console.warn('performance / accessibility / best practices / SEO');
    console.warn('');
    console.warn('| page | scores | FCP | LCP | TBT | CLS |');
    console.warn('|---|---|---|---|---|---|');
    for (const row of rows) console.warn(row);
    if (findings.length > 0) {
      console.warn('');
      console.warn('Audits that cost points (any run):');
      for (const line of findings) console.warn(line);
    }
    console.warn('');
    console.warn(`JSON reports: ${reportDir}`);
  } finally {
    stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
