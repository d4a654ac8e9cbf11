// The fault suite (docs/architecture.md, "Dependencies"): two instances of the shop on one
// PostgreSQL database, with their own Redis and SMTP sink, under a bounded load of orders and
// catalogue reads, while faults are injected one after another. After the faults it checks with
// SQL that nothing was lost or made inconsistent, prints a table, and fails (exit 1) on any loss,
// any inconsistency, or a request that waited past its bound.
// Usage: npm run test:faults   (PostgreSQL from TEST_DATABASE_URL or DATABASE_URL, else
//        postgres://postgres@127.0.0.1:5432/postgres; redis-server on the PATH)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/free-port.ts';
import { startSmtpServer } from '../test/smtp-test-server.ts';
import { startSmtpProxy } from './smtp-proxy.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const adminUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** The longest any request may take, fault or not: past it, the shop is hanging. */
const REQUEST_BOUND_MS = 10_000;
/** With Redis hung, catalogue reads must stay under this (p99). */
const REDIS_HUNG_P99_BOUND_MS = 1_000;
/** /api/ready must name a hung Redis within this. */
const READY_DEGRADED_BOUND_MS = 5_000;
/**
 * /api/ready must name a hung mail server within this: a delivery counts as hung after 5 s
 * (SMTP_SLOW_AFTER_MS), and the next mail is handed over within a moment of the next order.
 */
const SMTP_READY_BOUND_MS = 8_000;
/** Mails claimed by a killed instance wait out their lease (2 min) before they go. */
const MAIL_SETTLE_BOUND_MS = 150_000;
const TOOLS = 4;
const STOCK = 100_000;
const WORKERS = 10;

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const processes: ChildProcess[] = [];
let stoppingAll = false;

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output: string;
  /** Set while the suite itself stops the process (kill -9, SIGTERM): any other exit is a crash. */
  stopping: boolean;
}

/** Instances that exited without the suite stopping them, with their last words. */
const crashes: string[] = [];

function serverCommand(): string[] {
  const compiled = join(root, 'apps/server/dist/server.js');
  return existsSync(compiled)
    ? [compiled]
    : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
}

function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  previous?: Instance,
): Instance {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  const instance: Instance = previous ?? {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: '',
    stopping: false,
  };
  instance.child = child;
  instance.stopping = false;
  child.once('exit', (code, signal) => {
    if (instance.stopping || stoppingAll) return;
    crashes.push(
      `instance ${name} exited by itself (${signal ?? `code ${code}`}): ${instance.output.slice(-2_000)}`,
    );
    process.stderr.write(`${crashes.at(-1)}\n`);
  });
  const keep = (d: Buffer) => (instance.output = (instance.output + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return instance;
}

async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

function startRedis(port: number): ChildProcess {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  processes.push(child);
  return child;
}

/** Runs redis-cli against the suite's Redis. */
function redisCli(port: number, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = spawn('redis-cli', ['-p', String(port), ...args], { stdio: 'ignore' });
    cli.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`redis-cli exited ${code}`)),
    );
  });
}

/** Mails queued at once to measure how fast the two senders deliver. */
const MAIL_BURST = 300;

/** One request of the load, as the client saw it. */
interface Sample {
  at: number;
  route: 'order' | 'catalogue' | 'payment';
  ms: number;
  /** HTTP status, or 0 for a connection error. */
  status: number;
}

async function main() {
  const started = Date.now();
  // Database, Redis, SMTP sink.
  const dbName = `voltforge_faults_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const sql = new pg.Client({ connectionString: databaseUrl });

  const redisPort = await freePort();
  let redis = startRedis(redisPort);
  const smtp = await startSmtpServer();
  // The shop talks to the sink through a proxy that can refuse or hang like a mail server.
  const mailServer = await startSmtpProxy(Number(new URL(smtp.url).port));

  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SMTP_URL: mailServer.url,
    MAIL_FROM: 'Voltforge <shop@faults.example>',
    BETTER_AUTH_SECRET: 'fault-suite-secret-0123456789abcdef0123',
    PUBLIC_URL: publicUrl,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    RATE_LIMIT: 'true',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
    MAX_UNPAID_ORDERS: '10000',
    TEST_PAYMENTS: 'true',
  };
  const a = startInstance('A', portA, env);
  await waitReady(a.url);
  const b = startInstance('B', portB, env);
  await waitReady(b.url);
  const instances = [a, b];
  await sql.connect();

  // Tools with a known stock, and buyers.
  const toolIds: string[] = [];
  for (let i = 0; i < TOOLS; i += 1) {
    const { rows } = await sql.query<{ id: string }>(
      `insert into tool (name, part_number, description, image_url, category, price_cents,
                         min_order_quantity, in_stock)
       values ($1, $2, 'A tool the fault suite orders.', '/images/tools/vf-dm200-digital-multimeter.svg',
               'Faults', 1250, 1, $3) returning id`,
      [`Fault tool ${i}`, `FAULT-${i}-${randomBytes(2).toString('hex')}`, STOCK],
    );
    toolIds.push(rows[0]!.id);
  }
  const cookies: string[] = [];
  for (let i = 0; i < WORKERS; i += 1) {
    const res = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: publicUrl,
        'x-forwarded-for': `203.0.113.${i + 1}`,
      },
      body: JSON.stringify({
        name: `Fault Buyer ${i}`,
        email: `fault.buyer.${i}@example.com`,
        password: 'fault-suite-pass-1',
      }),
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }

  // The load: each worker alternates the instances, an order then a catalogue read, from its
  // own client address (the API counts 300 a minute per address and route); every other order
  // is paid with the test provider's card, as the payment page does.
  const samples: Sample[] = [];
  let loading = true;
  /** Runs one request of the load; its JSON body when it answered 2xx with one. */
  const timed = async (
    route: Sample['route'],
    run: () => Promise<Response>,
  ): Promise<Record<string, unknown> | null> => {
    const at = Date.now();
    let status = 0;
    let body: Record<string, unknown> | null = null;
    try {
      const res = await run();
      status = res.status;
      const text = await res.text();
      if (res.ok && text.startsWith('{')) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      status = 0;
    }
    samples.push({ at, route, ms: Date.now() - at, status });
    return body;
  };
  const bound = () => AbortSignal.timeout(REQUEST_BOUND_MS + 5_000);
  const workers = cookies.map(async (cookie, w) => {
    for (let n = 0; loading; n += 1) {
      const instance = instances[(w + n) % 2]!;
      const headers = {
        'content-type': 'application/json',
        origin: publicUrl,
        cookie,
        'x-forwarded-for': `203.0.113.${w + 1}`,
      };
      const placed = await timed('order', () =>
        fetch(`${instance.url}/api/order`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            toolId: toolIds[n % TOOLS],
            quantity: 1,
            phone: '+1 555 0100',
            address: `Fault Street ${w}`,
          }),
          signal: bound(),
        }),
      );
      if (placed && typeof placed._id === 'string' && n % 2 === 0) {
        const intent = await timed('payment', () =>
          fetch(`${instance.url}/api/create-payment-intent`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ orderId: placed._id }),
            signal: bound(),
          }),
        );
        if (intent && typeof intent.clientSecret === 'string') {
          await timed('payment', () =>
            fetch(`${instance.url}/api/payments/test/confirm`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                clientSecret: intent.clientSecret,
                number: '4242424242424242',
                expMonth: 12,
                expYear: 2099,
                cvc: '123',
              }),
              signal: bound(),
            }),
          );
        }
      }
      await timed('catalogue', () =>
        fetch(`${instance.url}/api/tool`, { headers, signal: bound() }),
      );
      await sleep(300);
    }
  });

  // The faults, one after another, each between quiet stretches.
  interface FaultRow {
    fault: string;
    from: number;
    to: number;
    note: string;
    failed?: string;
  }
  const faults: FaultRow[] = [];
  const fault = async (name: string, run: () => Promise<string | void>) => {
    await sleep(2_000);
    process.stderr.write(`fault: ${name}\n`);
    const from = Date.now();
    const note = (await run()) ?? '';
    faults.push({ fault: name, from, to: Date.now(), note });
  };
  const restart = async (instance: Instance) => {
    startInstance(instance.name, instance.port, env, instance);
    await waitReady(instance.url);
  };

  await sleep(3_000);
  await fault('Redis hung (SIGSTOP, 5 s)', async () => {
    redis.kill('SIGSTOP');
    const from = Date.now();
    let degradedAfter: number | null = null;
    while (Date.now() - from < 5_000) {
      const ready = await fetch(`${a.url}/api/ready`).then((r) => r.json());
      if (degradedAfter === null && JSON.stringify(ready).includes('"redis"')) {
        degradedAfter = Date.now() - from;
      }
      await sleep(250);
    }
    redis.kill('SIGCONT');
    if (degradedAfter === null || degradedAfter > READY_DEGRADED_BOUND_MS) {
      return `/api/ready did not name Redis within ${READY_DEGRADED_BOUND_MS} ms`;
    }
    return `ready named Redis degraded after ${degradedAfter} ms`;
  });
  await fault('Redis stopped (SIGTERM), restarted after 4 s', async () => {
    redis.kill('SIGTERM');
    await sleep(4_000);
    redis = startRedis(redisPort);
    await sleep(1_000);
  });
  /** Asks both instances' /api/ready until one names `dependency`; after how long, or null. */
  const readyNames = async (dependency: string, withinMs: number) => {
    const from = Date.now();
    while (Date.now() - from < withinMs) {
      for (const instance of instances) {
        const ready = await fetch(`${instance.url}/api/ready`, {
          signal: AbortSignal.timeout(2_000),
        })
          .then((r) => r.text())
          .catch(() => '');
        if (ready.includes(`"${dependency}"`)) return Date.now() - from;
      }
      await sleep(250);
    }
    return null;
  };
  await fault('SMTP refusing (421 to every connection, 5 s)', async () => {
    mailServer.set('refusing');
    const namedAfter = await readyNames('smtp', 5_000);
    await sleep(Math.max(0, 5_000 - (namedAfter ?? 5_000)));
    mailServer.set('answering');
    return namedAfter === null
      ? 'FAILED: /api/ready did not name SMTP'
      : `ready named SMTP degraded after ${namedAfter} ms`;
  });
  await fault('SMTP hung (no answer on any connection, 10 s)', async () => {
    mailServer.set('hung');
    const namedAfter = await readyNames('smtp', SMTP_READY_BOUND_MS);
    await sleep(Math.max(0, 10_000 - (namedAfter ?? SMTP_READY_BOUND_MS)));
    mailServer.set('answering');
    return namedAfter === null
      ? `FAILED: /api/ready did not name SMTP within ${SMTP_READY_BOUND_MS} ms`
      : `ready named SMTP degraded after ${namedAfter} ms`;
  });
  await fault('SMTP closing connections mid-message (5 s)', async () => {
    const before = mailServer.cuts();
    mailServer.set('cutting');
    await sleep(5_000);
    mailServer.set('answering');
    const cut = mailServer.cuts() - before;
    return cut === 0
      ? 'FAILED: no mail was being sent while connections were cut'
      : `${cut} mails cut off mid-message`;
  });
  await fault('Redis refusing writes (maxmemory reached, 5 s)', async () => {
    await redisCli(redisPort, 'config', 'set', 'maxmemory', '1');
    const namedAfter = await readyNames('redis', READY_DEGRADED_BOUND_MS);
    await sleep(Math.max(0, 5_000 - (namedAfter ?? READY_DEGRADED_BOUND_MS)));
    await redisCli(redisPort, 'config', 'set', 'maxmemory', '0');
    return namedAfter === null
      ? `FAILED: /api/ready did not name Redis within ${READY_DEGRADED_BOUND_MS} ms`
      : `ready named Redis degraded after ${namedAfter} ms`;
  });
  await fault('pg_terminate_backend of every shop connection', async () => {
    const { rows } = await sql.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    await sleep(4_000);
    return `${rows[0]?.n ?? 0} connections terminated`;
  });
  await fault('kill -9 of instance B, restarted after 2 s', async () => {
    b.stopping = true;
    b.child.kill('SIGKILL');
    await sleep(2_000);
    await restart(b);
  });
  await fault('instance B paused (SIGSTOP, 3 s)', async () => {
    b.child.kill('SIGSTOP');
    await sleep(3_000);
    b.child.kill('SIGCONT');
    await sleep(1_000);
  });
  await fault('SIGTERM of instance A under load, restarted', async () => {
    a.stopping = true;
    if (a.child.exitCode === null && a.child.signalCode === null) {
      const exited = new Promise((resolve) => a.child.once('exit', resolve));
      a.child.kill('SIGTERM');
      await exited;
    }
    await restart(a);
  });
  await sleep(3_000);
  loading = false;
  await Promise.all(workers);

  // A payment the provider took while the instance handling it died (kill -9 between the card's
  // confirmation and the order's record) is recorded when the shop next hears of it: with Stripe
  // its webhook, retried until answered; with the test provider, the buyer's next visit to the
  // payment page. Do what that visit does for every such order, then check.
  const { rows: takenNotRecorded } = await sql.query<{ id: string; email: string }>(
    `select o.id, u.email from "order" o
       join "user" u on u.id = o.user_id
       join test_payment_intent i on i.order_id = o.id
      where i.status = 'succeeded' and o.paid_at is null`,
  );
  for (const taken of takenNotRecorded) {
    const w = Number(/^fault\.buyer\.(\d+)@/.exec(taken.email)?.[1]);
    await fetch(`${a.url}/api/create-payment-intent`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: publicUrl,
        cookie: cookies[w] ?? '',
        'x-forwarded-for': `203.0.113.${w + 1}`,
      },
      body: JSON.stringify({ orderId: taken.id }),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    }).then((r) => r.arrayBuffer());
  }

  // How fast the two senders deliver: a burst of mails queued at once, with no load running.
  const burstFrom = smtp.received.length;
  await sql.query(
    `insert into mail_outbox ("to", subject, html, text, kind)
     select 'burst-' || n || '@faults.example', 'Burst ' || n, '<p>Burst</p>', 'Burst', 'contact_notice'
       from generate_series(1, $1::int) as n`,
    [MAIL_BURST],
  );
  const burstUntil = Date.now() + MAIL_SETTLE_BOUND_MS;
  const burstIn = () => smtp.received.slice(burstFrom).filter((m) => m.to[0]?.startsWith('burst-'));
  while (burstIn().length < MAIL_BURST && Date.now() < burstUntil) await sleep(200);
  const burst = burstIn().map((m) => m.receivedAt);
  const burstSeconds = burst.length > 1 ? (Math.max(...burst) - Math.min(...burst)) / 1000 : 0;
  const mailsPerSecond = burstSeconds > 0 ? burst.length / burstSeconds : 0;

  // Consistency, with SQL.
  const problems: string[] = [];
  const check = async (what: string, query: string, params: unknown[] = []) => {
    const { rows } = await sql.query(query, params);
    if (rows.length > 0) problems.push(`${what}: ${JSON.stringify(rows.slice(0, 3))}`);
  };
  if (burst.length < MAIL_BURST) {
    problems.push(`${MAIL_BURST - burst.length} of ${MAIL_BURST} queued mails not delivered`);
  }
  await check(
    'orders without lines',
    `select o.id from "order" o where not exists (select 1 from order_line l where l.order_id = o.id)`,
  );
  await check(
    'orders whose stock movements do not match their lines',
    `select o.id from "order" o
      where (select coalesce(sum(m.delta), 0) from stock_movement m
              where m.order_id = o.id and m.reason = 'order')
         <> -(select coalesce(sum(l.quantity), 0) from order_line l where l.order_id = o.id)`,
  );
  await check(
    'tools whose stock is not their starting stock plus their ledger',
    `select t.id, t.in_stock from tool t
      where t.id = any($1::uuid[])
        and t.in_stock <> $2 + (select coalesce(sum(m.delta), 0) from stock_movement m where m.tool_id = t.id)`,
    [toolIds, STOCK],
  );
  await check(
    'orders without exactly one order-placed mail',
    `select o.id from "order" o
      where (select count(*) from mail_outbox m where m.order_id = o.id and m.kind = 'order_placed') <> 1`,
  );

  await check(
    'paid orders without exactly one succeeded payment, one recorded payment and one invoice',
    `select o.id from "order" o
      where o.paid_at is not null
        and ((select count(*) from test_payment_intent i
               where i.order_id = o.id and i.status = 'succeeded') <> 1
          or (select count(*) from payment_attempt a
               where a.order_id = o.id and a.outcome = 'succeeded') <> 1
          or (select count(*) from invoice v where v.order_id = o.id) <> 1)`,
  );
  await check(
    'payments that succeeded on orders not marked paid',
    `select i.order_id from test_payment_intent i join "order" o on o.id = i.order_id
      where i.status = 'succeeded' and o.paid_at is null`,
  );
  await check(
    'invoice numbers with a gap',
    `select year, count(*) as issued, max(seq) as last from invoice group by year
      having count(*) <> max(seq) or min(seq) <> 1`,
  );
  await check(
    'paid orders without exactly one receipt mail',
    `select o.id from "order" o
      where o.paid_at is not null
        and (select count(*) from mail_outbox m where m.order_id = o.id and m.kind = 'order_paid') <> 1`,
  );

  // Every mail delivered, as the outbox guarantees (at least once), within the lease.
  const mailUntil = Date.now() + MAIL_SETTLE_BOUND_MS;
  let unsent = -1;
  while (Date.now() < mailUntil) {
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where status <> 'sent'`,
    );
    unsent = rows[0]?.n ?? 0;
    if (unsent === 0) break;
    await sleep(2_000);
  }
  if (unsent !== 0)
    problems.push(`${unsent} mails not delivered within ${MAIL_SETTLE_BOUND_MS} ms`);
  const { rows: mailRows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from mail_outbox`,
  );
  const byMessageId = new Map<string, number>();
  for (const m of smtp.received)
    byMessageId.set(m.messageId, (byMessageId.get(m.messageId) ?? 0) + 1);
  const lostMails = (mailRows[0]?.n ?? 0) - byMessageId.size;
  const duplicatedMails = [...byMessageId.values()].filter((n) => n > 1).length;
  if (lostMails > 0) problems.push(`${lostMails} mails recorded but never received`);

  // The table.
  const p99 = (values: number[]) =>
    values.length === 0 ? 0 : [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.99)]!;
  const rows = faults.map((f, i) => {
    const during = samples.filter((s) => s.at >= f.from && s.at <= f.to);
    const failed = during.filter((s) => s.status === 0 || s.status >= 500);
    const errors = failed.length;
    // Which requests failed and how ("order 503×1"): connection errors show as status 0.
    const kinds = new Map<string, number>();
    for (const s of failed)
      kinds.set(`${s.route} ${s.status}`, (kinds.get(`${s.route} ${s.status}`) ?? 0) + 1);
    const errorKinds = [...kinds].map(([k, n]) => `${k}×${n}`).join(', ');
    const catalogue = during.filter((s) => s.route === 'catalogue').map((s) => s.ms);
    const orders = during.filter((s) => s.route === 'order').map((s) => s.ms);
    const payments = during.filter((s) => s.route === 'payment').map((s) => s.ms);
    // Recovery: from the end of the fault to the last failed request before the next fault.
    const next = faults[i + 1]?.from ?? Number.POSITIVE_INFINITY;
    const failedAfter = samples.filter(
      (s) => s.at > f.to && s.at < next && (s.status === 0 || s.status >= 500),
    );
    const recoveredAt = Math.max(f.to, ...failedAfter.map((s) => s.at + s.ms));
    const mails = smtp.received.filter((m) => m.receivedAt >= f.from && m.receivedAt <= f.to);
    return {
      ...f,
      mailsPerSecond: mails.length / Math.max(1, (f.to - f.from) / 1000),
      errors,
      errorKinds,
      requests: during.length,
      catalogueP99: p99(catalogue),
      orderP99: p99(orders),
      paymentP99: p99(payments),
      recoveryS: (recoveredAt - f.to) / 1000,
    };
  });
  const redisRow = rows[0];
  if (redisRow && redisRow.catalogueP99 >= REDIS_HUNG_P99_BOUND_MS) {
    problems.push(`GET /api/tool p99 ${redisRow.catalogueP99} ms with Redis hung`);
  }
  if (redisRow?.note.startsWith('/api/ready did not')) problems.push(redisRow.note);
  for (const r of rows) if (r.note.startsWith('FAILED')) problems.push(`${r.fault}: ${r.note}`);
  const slow = samples.filter((s) => s.ms > REQUEST_BOUND_MS);
  if (slow.length > 0) problems.push(`${slow.length} requests waited past ${REQUEST_BOUND_MS} ms`);
  problems.push(...crashes);

  out(
    `Fault suite: two instances on PostgreSQL (${dbName}), Redis, an SMTP sink; ${WORKERS} buyers`,
  );
  out();
  out(
    '| fault | requests | client errors | order p99 ms | payment p99 ms | catalogue p99 ms | mails/s | recovery s | note |',
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    out(
      `| ${r.fault} | ${r.requests} | ${r.errors} | ${r.orderP99} | ${r.paymentP99} | ${r.catalogueP99} | ${r.mailsPerSecond.toFixed(1)} | ${r.recoveryS.toFixed(1)} | ${[r.note, r.errorKinds && `errors: ${r.errorKinds}`].filter(Boolean).join('; ')} |`,
    );
  }
  out();
  const { rows: orderCount } = await sql.query<{ n: number; paid: number }>(
    `select count(*)::int as n, count(paid_at)::int as paid from "order"`,
  );
  out(
    `Orders placed: ${orderCount[0]?.n}, paid: ${orderCount[0]?.paid}; mails recorded ${mailRows[0]?.n} (the orders' and the sign-ups'), received ${byMessageId.size} distinct (lost ${Math.max(lostMails, 0)}, delivered twice ${duplicatedMails}, as the at-least-once guarantee allows)`,
  );
  out(
    `Payments taken while their instance died, recorded at the buyer's next visit: ${takenNotRecorded.length}`,
  );
  out(
    `Mail throughput: ${MAIL_BURST} mails queued at once, ${burst.length} delivered by the two senders in ${burstSeconds.toFixed(1)} s: ${mailsPerSecond.toFixed(1)} mails/s`,
  );
  out(`Consistency checks: ${problems.length === 0 ? 'all passed' : 'FAILED'}`);
  for (const p of problems) out(`  - ${p}`);
  out(`Took ${((Date.now() - started) / 1000).toFixed(0)} s`);

  stoppingAll = true;
  await sql.end();
  await mailServer.close();
  await smtp.close();
  for (const child of processes) child.kill('SIGKILL');
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists "${dbName}" with (force)`);
  await cleanup.end();
  if (problems.length > 0) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    stoppingAll = true;
    for (const child of processes) child.kill('SIGKILL');
    // The load's workers may still be looping after a failure: the verdict is in, stop here.
    process.exit();
  });
