// `npm run lighthouse`: measures the shop as a visitor on a phone would meet it. Builds the web
// app if there is no build, starts a shop on a fresh data directory (the demo seed) on a free
// port, runs Lighthouse (mobile preset, its default simulated throttling) several times per page,
// prints the medians with the host's `benchmarkIndex` and stops the shop, also when something
// fails. The JSON reports stay in a temp directory for reading the failing audits. Options:
//   --runs N              runs per page (default 3)
//   --pages /,/tools      which pages (default: every page below). Pages behind sign-in are
//                         measured signed in: `/tool/:id`, `/cart`, `/dashboard…` as a customer
//                         the script signs up (with a cart of three lines and an unpaid order,
//                         whose id replaces `/dashboard/payment/:id`), `admin:/dashboard` (the
//                         overview) as the demo admin. `/tool/:id` is a real tool.
//   --cpu-slowdown N      Lighthouse's CPU multiplier (the mobile preset's is 4). Lighthouse
//                         multiplies this host's own speed, so a fast host scores what a slow
//                         phone would not: the table says which host the run stands for
//                         (benchmarkIndex × 4 / N), and `--cpu-slowdown` reproduces a slow host
//                         (benchmarkIndex ≈ 1,750) on any host (docs/performance.md).
//   --block PATTERN       requests Lighthouse refuses (its blockedUrlPatterns, `*` a wildcard;
//                         repeatable): `--block '*/boot.js'` measures the pages without their
//                         app, what their HTML, stylesheet and pictures alone cost.
//   --traces              also keeps each run's performance trace beside its report
//                         (`<page>-<run>.trace.json`, which Chromium's DevTools opens): the trace
//                         Lighthouse's figures were computed from, to see what a long task was.
//   --baseline            after each run, runs the page again with its app blocked (`*/boot.js`)
//                         and adds what that costs to the table: the host's own share of TBT and
//                         main-thread work (parsing, style, layout), taken in the same minutes.
//                         A host whose speed drifts moves both columns; the difference is the
//                         app's (docs/performance.md, "Method").
// Beside Lighthouse's TBT the table gives TBT counted from the tasks' CPU time
// (scripts/cpu-blocking.ts): what the page's own work blocks, without the time its thread waited
// on a host whose cores it shares with the shop and Lighthouse.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { demoAccounts } from '../apps/server/src/db/demo-accounts.ts';
import { chromiumArgs, fullChromium } from '../e2e/chromium.ts';
import { cpuBlockingTime, type TraceEvent } from './cpu-blocking.ts';
import { median } from './median.ts';

const root = new URL('..', import.meta.url).pathname;
/** Lighthouse's mobile preset multiplies the host's CPU time by this. */
const MOBILE_CPU_SLOWDOWN = 4;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: {
      type: 'string',
      default:
        '/,/tools,/tool/:id,/about,/login,/register,/blog,/portfolio,' +
        '/dashboard,/dashboard/myOrder,/dashboard/payment/:id,/cart,admin:/dashboard',
    },
    'cpu-slowdown': { type: 'string', default: String(MOBILE_CPU_SLOWDOWN) },
    block: { type: 'string', multiple: true, default: [] },
    traces: { type: 'boolean', default: false },
    baseline: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
const cpuSlowdown = Number(options['cpu-slowdown']);
if (!(cpuSlowdown >= 1 && cpuSlowdown <= 40)) {
  throw new Error('--cpu-slowdown must be a number from 1 to 40');
}
/** What `--baseline` blocks: the boot script, which starts the app (docs/decisions/007). */
const WITHOUT_APP = ['*/boot.js'];
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

interface Catalogue {
  _id: string;
  inStock: number;
  minOrderQuantity: number;
}

/** The session cookie a sign-in or sign-up answered with, checked to be a live session. */
async function sessionCookie(baseUrl: string, res: Response, what: string): Promise<string> {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`${what} failed: HTTP ${res.status}`);
  const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } });
  if (!session.ok || (await session.json()) === null) {
    throw new Error(`${what} gave no session`);
  }
  return cookie;
}

/** A JSON POST from the shop's own origin, as its pages send them. */
function post(baseUrl: string, path: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

async function send(baseUrl: string, path: string, cookie: string, body: unknown) {
  const res = await post(baseUrl, path, body, cookie);
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as unknown;
}

interface Visitors {
  toolId: string;
  customer: string;
  orderId: string;
  admin: string;
}

/**
 * What the signed-in pages need: a customer signed up for the run, with a cart of three lines and
 * an unpaid order (its payment page), and the demo admin (the overview). Measured signed out,
 * these pages would only be the redirect to /login.
 */
async function prepareVisitors(baseUrl: string): Promise<Visitors> {
  const res = await fetch(`${baseUrl}/api/tool?limit=20`);
  const tools = (await res.json()) as Catalogue[];
  const inStock = tools.filter((t) => t.inStock >= t.minOrderQuantity * 2);
  if (!res.ok || inStock.length < 3) throw new Error('the catalogue has too few tools in stock');

  const customer = await sessionCookie(
    baseUrl,
    await post(baseUrl, '/api/auth/sign-up/email', {
      name: 'Lighthouse Customer',
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'lighthouse-password-123',
    }),
    'signing up a customer',
  );
  await send(baseUrl, '/api/cart/lines', customer, {
    lines: inStock.slice(0, 3).map((t) => ({ toolId: t._id, quantity: t.minOrderQuantity })),
  });
  const order = (await send(baseUrl, '/api/order', customer, {
    toolId: inStock[0]!._id,
    quantity: inStock[0]!.minOrderQuantity,
    phone: '+1 555 010 2030',
    address: '12 Foundry Lane, Springfield',
  })) as { _id: string };

  const admin = await sessionCookie(
    baseUrl,
    // The demo admin the demo seed creates (README).
    await post(baseUrl, '/api/auth/sign-in/email', {
      email: demoAccounts.admin.email,
      password: demoAccounts.admin.password,
    }),
    'signing in the demo admin',
  );
  return { toolId: inStock[0]!._id, customer, orderId: order._id, admin };
}

interface Target {
  label: string;
  path: string;
  cookie: string;
}

const signedInPrefixes = ['/tool/', '/cart', '/dashboard'];

const asAdmin = (label: string) => label.startsWith('admin:');
const signedIn = (label: string) =>
  asAdmin(label) || signedInPrefixes.some((p) => label.startsWith(p));

function targetOf(label: string, visitors: Visitors | null): Target {
  const path = label
    .replace(/^admin:/, '')
    .replace('/tool/:id', `/tool/${visitors?.toolId}`)
    .replace('/dashboard/payment/:id', `/dashboard/payment/${visitors?.orderId}`);
  if (!signedIn(label)) return { label, path, cookie: '' };
  if (!visitors) throw new Error(`${label} is measured signed in: no visitors were prepared`);
  return { label, path, cookie: asAdmin(label) ? visitors.admin : visitors.customer };
}

interface PageFigures {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  /** TBT counted from the tasks' CPU time instead of their wall time (`cpuBlockingTime`). */
  cpuTbt: number;
  cls: number;
  /** All main-thread work, ms (the "Minimize main-thread work" audit). */
  mainThread: number;
  /** The longest main-thread task, ms (0 when none is long). */
  longestTask: number;
  benchmarkIndex: number;
}

function figuresOf(lhr: LighthouseResult, trace: readonly TraceEvent[]): PageFigures {
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
    cpuTbt: cpuBlockingTime(trace, cpuSlowdown),
    cls: value('cumulative-layout-shift'),
    mainThread: value('mainthread-work-breakdown'),
    longestTask: Math.max(
      0,
      ...(
        (lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)
          ?.items ?? []
      ).map((task) => task.duration),
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
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
    const visitors = pages.some(signedIn) ? await prepareVisitors(baseUrl) : null;
    const targets = pages.map((p) => targetOf(p, visitors));
    chrome = await chromeLauncher.launch({
      chromePath: fullChromium,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });

    const benchmarkIndexes: number[] = [];
    /**
     * One Lighthouse run of a page, run again (at most twice) when it recorded no trace; its
     * report (and trace, with `--traces`) kept as `<report>.json`, its host's speed noted.
     */
    const measure = async (
      label: string,
      path: string,
      cookie: string,
      block: string[],
      report: string,
    ) => {
      const once = async () => {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome?.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          // Merged into the preset's throttling: only the CPU multiplier changes.
          throttling: { cpuSlowdownMultiplier: cpuSlowdown },
          ...(block.length > 0 ? { blockedUrlPatterns: block } : {}),
          ...(cookie ? { extraHeaders: { cookie } } : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        return result;
      };
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); such a run says
      // nothing about the page, so it is run again, at most twice.
      let result = await once();
      for (let retry = 1; result.lhr.runtimeError && retry <= 2; retry += 1) {
        console.warn(`  ${label}: ${result.lhr.runtimeError.code}; running it again`);
        result = await once();
      }
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      // Signed out, the page would have ended on /login: the figures would be the login page's.
      if (cookie && new URL(result.lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(
          `${path} was not measured signed in: it ended on ${result.lhr.finalDisplayedUrl}`,
        );
      }
      writeFileSync(join(reportDir, `${report}.json`), JSON.stringify(result.lhr));
      if (options.traces) {
        writeFileSync(
          join(reportDir, `${report}.trace.json`),
          JSON.stringify(result.artifacts.Trace),
        );
      }
      const figures = figuresOf(
        result.lhr,
        (result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents,
      );
      benchmarkIndexes.push(figures.benchmarkIndex);
      return { lhr: result.lhr, figures };
    };

    const rows: string[] = [];
    const findings: string[] = [];
    for (const { label, path, cookie } of targets) {
      const results: PageFigures[] = [];
      const withoutApp: PageFigures[] = [];
      const failing = new Set<string>();
      for (let run = 1; run <= runs; run += 1) {
        const name = `${label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${run}`;
        const { lhr, figures } = await measure(
          `${label} run ${run}`,
          path,
          cookie,
          options.block,
          name,
        );
        results.push(figures);
        for (const audit of failingAudits(lhr)) failing.add(audit);
        if (options.baseline) {
          const bare = await measure(
            `${label} run ${run} without its app`,
            path,
            cookie,
            [...options.block, ...WITHOUT_APP],
            `${name}-no-app`,
          );
          withoutApp.push(bare.figures);
        }
        console.warn(`  ${label} run ${run}/${runs} done`);
      }
      const m = (pick: (f: PageFigures) => number, of = results) => median(of.map(pick));
      const scores = categories.map((c) => m((f) => f.scores[c])).join(' / ');
      const tbtRuns = results.map((f) => Math.round(f.tbt)).join(', ');
      const cpuTbtRuns = results.map((f) => Math.round(f.cpuTbt)).join(', ');
      rows.push(
        `| \`${label}\`${cookie ? ' (signed in)' : ''} | ${scores} | ${seconds(m((f) => f.fcp))} | ` +
          `${seconds(m((f) => f.lcp))} | ${Math.round(m((f) => f.tbt))} ms` +
          (runs > 1 ? ` (${tbtRuns})` : '') +
          ` | ${Math.round(m((f) => f.cpuTbt))} ms` +
          (runs > 1 ? ` (${cpuTbtRuns})` : '') +
          ` | ${m((f) => f.cls).toFixed(3)} | ` +
          `${seconds(m((f) => f.mainThread))} | ${Math.round(m((f) => f.longestTask))} ms |` +
          (options.baseline
            ? ` ${Math.round(m((f) => f.tbt, withoutApp))} ms | ` +
              `${seconds(m((f) => f.mainThread, withoutApp))} |`
            : ''),
      );
      if (failing.size > 0) findings.push(`- \`${label}\`: ${[...failing].join(', ')}`);
    }

    console.warn('');
    const index = Math.round(median(benchmarkIndexes));
    console.warn(
      `Lighthouse mobile, median of ${runs} run(s) per page (${baseUrl}), CPU slowdown ` +
        `${cpuSlowdown}×: benchmarkIndex ${index} (${Math.min(...benchmarkIndexes)}–` +
        `${Math.max(...benchmarkIndexes)}), so this run stands for a host of benchmarkIndex ≈ ` +
        `${Math.round((index * MOBILE_CPU_SLOWDOWN) / cpuSlowdown)}; for ≈ 1,750 use ` +
        `--cpu-slowdown ${((index * MOBILE_CPU_SLOWDOWN) / 1750).toFixed(1)}` +
        (options.block.length > 0 ? `; blocked: ${options.block.join(' ')}` : ''),
    );
    console.warn(
      "performance / accessibility / best practices / SEO; TBT (each run); TBT from the tasks' " +
        'CPU time, no waits (each run); main thread and longest task' +
        (options.baseline ? '; TBT and main thread with the app blocked, run by run between' : ''),
    );
    console.warn('');
    console.warn(
      '| page | scores | FCP | LCP | TBT | TBT, CPU time | CLS | main thread | longest task |' +
        (options.baseline ? ' TBT, no app | main thread, no app |' : ''),
    );
    console.warn('|---|---|---|---|---|---|---|---|---|' + (options.baseline ? '---|---|' : ''));
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
