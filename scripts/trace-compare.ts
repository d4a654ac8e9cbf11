// Compares the main-thread work of pages, or of one page served by two builds, in performance
// traces of a phone-sized Chromium with its CPU slowed (docs/performance.md, "Method"). The
// URLs are loaded in turn, a fresh browser context each time, so a drift of the host's speed
// falls on all of them alike. Prints, per URL, medians over its loads: the main thread's work,
// each task's time over 50 ms after the first contentful paint summed (what TBT counts), the
// longest task after it and the paint's time; then the self time by trace event, the first rows
// of which say where the time went. A signed-in page is measured with `--cookie ORIGIN=COOKIES`
// (repeatable, one per shop: the Cookie header a sign-in answered with, for that origin's URLs).
// Tracing slows some work more than other (a preload link's request records its script's stack):
// `--untraced` measures the same loads without it, from the page's own Long Tasks API, with no
// main-thread total and no self times. Usage (the shops already running):
//   node --import tsx scripts/trace-compare.ts [--loads 8] [--cpu 4] [--settle 5000] [--untraced]
//     [--cookie http://localhost:3999='a=1; b=2'] URL [URL…]
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, fullChromium } from '../e2e/chromium.ts';
import { blockingTime, type TraceEvent } from './cpu-blocking.ts';
import { median } from './median.ts';

const { values: options, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    loads: { type: 'string', default: '8' },
    cpu: { type: 'string', default: '4' },
    settle: { type: 'string', default: '5000' },
    events: { type: 'string', default: '15' },
    cookie: { type: 'string', multiple: true, default: [] },
    untraced: { type: 'boolean', default: false },
  },
});
const loads = Number(options.loads);
const cpu = Number(options.cpu);
const settle = Number(options.settle);
if (urls.length === 0 || !(loads >= 1) || !(cpu >= 1) || !(settle >= 0)) {
  throw new Error('usage: trace-compare.ts [--loads N] [--cpu N] [--settle ms] URL [URL…]');
}

/** The Cookie header to send to each origin: `ORIGIN=name=value; name=value`. */
const cookies = new Map(
  options.cookie.map((entry) => {
    const at = entry.indexOf('=');
    if (at < 0) throw new Error(`--cookie ${entry}: expected ORIGIN=COOKIES`);
    return [new URL(entry.slice(0, at)).origin, entry.slice(at + 1)] as const;
  }),
);

const browser = await chromium.launch({ executablePath: fullChromium, args: chromiumArgs });

interface Load {
  main: number;
  over50: number;
  longest: number;
  fcp: number;
  self: Map<string, number>;
}

/** The renderer's main thread of the page: the busiest `CrRendererMain` of the trace. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const threads = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key)?.push(e);
  }
  const renderers = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => threads.get(`${e.pid}:${e.tid}`) ?? []);
  const busy = (thread: TraceEvent[]) =>
    thread.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return renderers.sort((a, b) => busy(b) - busy(a))[0] ?? [];
}

/** Self time (its duration less its children's) per event name, in ms. */
function selfTimes(thread: TraceEvent[]): Map<string, number> {
  const spans = thread
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const children = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of spans) {
    while (stack.length > 0 && (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0) <= e.ts) {
      stack.pop();
    }
    const parent = stack.at(-1);
    if (parent) children.set(parent, (children.get(parent) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  const self = new Map<string, number>();
  for (const e of spans) {
    const name = e.name === 'RunTask' ? 'RunTask (no event inside)' : e.name;
    self.set(name, (self.get(name) ?? 0) + ((e.dur ?? 0) - (children.get(e) ?? 0)) / 1000);
  }
  return self;
}

async function measure(url: string): Promise<Load | null> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const cookie = cookies.get(new URL(url).origin);
  try {
    if (cookie) await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (options.untraced) return await measureUntraced(page, url);
    const events: TraceEvent[] = [];
    // The protocol types a trace event as a bag of strings; its fields are as TraceEvent says.
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    // A fixed wait, not a selector: waiting on the page would run Playwright's own script in it.
    await page.waitForTimeout(settle);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;

    const thread = mainThread(events);
    // The page's marks are in its renderer's process, not always on its main thread.
    const pid = thread[0]?.pid;
    const start = events.find(
      (e) =>
        e.pid === pid &&
        e.name === 'navigationStart' &&
        e.args?.data?.documentLoaderURL?.startsWith('http'),
    );
    const paint = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint');
    if (!start || !paint) return null;
    const tasks = thread.filter((e) => e.name === 'RunTask' && e.ph === 'X');
    const after = tasks.filter((t) => t.ts >= paint.ts).map((t) => (t.dur ?? 0) / 1000);
    return {
      main: tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000,
      over50: blockingTime(after),
      longest: Math.max(0, ...after),
      fcp: (paint.ts - start.ts) / 1000,
      self: selfTimes(thread),
    };
  } finally {
    await context.close();
  }
}

/** The page's long tasks as its Long Tasks API saw them, the load not traced. */
async function measureUntraced(page: Page, url: string): Promise<Load | null> {
  await page.addInitScript(() => {
    const seen: [number, number][] = [];
    (window as unknown as { longTasks: typeof seen }).longTasks = seen;
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) seen.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(settle);
  const { tasks, fcp } = await page.evaluate(() => ({
    tasks: (window as unknown as { longTasks: [number, number][] }).longTasks,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  if (fcp === undefined) return null;
  const after = tasks.filter(([start]) => start >= fcp).map(([, duration]) => duration);
  return {
    main: Number.NaN,
    over50: blockingTime(after),
    longest: Math.max(0, ...after),
    fcp,
    self: new Map(),
  };
}

/** The report goes to standard output, the progress to standard error. */
const print = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)}`).padStart(7);

const results = new Map<string, Load[]>(urls.map((url) => [url, []]));
try {
  for (let round = 0; round < loads; round += 1) {
    for (const url of urls) {
      const load = await measure(url);
      // A trace without the page's navigation or paint (now and then Chromium's) is left out.
      if (load) results.get(url)?.push(load);
      else console.warn(`  ${url}: a load without a paint in its trace, left out`);
    }
    console.warn(`  round ${round + 1}/${loads} done`);
  }
} finally {
  await browser.close();
}

print(`\nCPU ${cpu}× slower, a 412 px phone, medians over each URL's loads (ms):\n`);
print('| URL | loads | main thread | over 50 ms after FCP | longest after FCP | FCP |');
print('|---|---:|---:|---:|---:|---:|');
for (const [url, list] of results) {
  const m = (pick: (l: Load) => number) => ms(median(list.map(pick)));
  print(
    `| ${url} | ${list.length} | ${m((l) => l.main)} | ${m((l) => l.over50)} | ${m((l) => l.longest)} | ${m((l) => l.fcp)} |`,
  );
}
const names = new Set(
  [...results.values()].flatMap((list) => list.flatMap((l) => [...l.self.keys()])),
);
const rows = [...names].map((name) => ({
  name,
  values: [...results.values()].map((list) => median(list.map((l) => l.self.get(name) ?? 0))),
}));
rows.sort((a, b) => Math.max(...b.values) - Math.max(...a.values));
if (rows.length > 0) {
  print(`\nself time by trace event, medians (ms), URLs in the order above:\n`);
  for (const { name, values } of rows.slice(0, Number(options.events))) {
    print(`${name.padEnd(48)}${values.map(ms).join('')}`);
  }
}
