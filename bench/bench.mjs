// Throughput bench: the shop's hot routes against a bare Fastify hello-world on the same machine.
// Each GET route is also read against a bare Fastify sending the very same bytes and headers
// (bench/same-bytes.mjs): "× same bytes" is what the shop's own code costs, apart from the size
// of its answer.
// Usage: npm run bench [-- --pg] [-- --smoke] [-- --duration 8] [-- --connections 50]
//        [-- --only post]  (only the routes whose name contains this text, case-insensitive;
//        --only checkout: only the cart checkout and its oversell check)
//        [-- --decode-bodies]  (autocannon as shipped: every body decoded into a string; see below)
//        [-- --rounds 5 --duration 3]  (each route measured 5 times, interleaved with its yardsticks;
//        the table gives medians: steadier figures on a shared machine whose speed drifts)
//        [-- --tools 5000]  (that many synthetic tools imported beside the demo's before measuring:
//        bench/synthetic-tools.mjs, through the admin's CSV import, as a shop's catalogue arrives)
// Method and latest figures: docs/performance.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { syntheticTools } from './synthetic-tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'decode-bodies': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    tools: { type: 'string', default: '0' },
  },
});
const duration = Number(args.duration ?? (args.smoke ? 1 : 8));
const connections = Number(args.connections);
const rounds = Number(args.rounds);
if (!(duration > 0) || !(connections > 0)) {
  console.error('--duration and --connections must be positive numbers');
  process.exit(2);
}
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('--rounds must be a whole number of at least 1');
  process.exit(2);
}
const extraTools = Number(args.tools);
if (!Number.isInteger(extraTools) || extraTools < 0) {
  console.error('--tools must be a whole number of at least 0');
  process.exit(2);
}
// A browser always asks for compression; the figures must include what that costs.
const ACCEPT = { 'accept-encoding': 'br, gzip' };
const OVERSELL_STOCK = args.smoke ? 50 : 500;
const OVERSELL_ATTEMPTS = OVERSELL_STOCK * 3;
const OVERSELL_IN_FLIGHT = Math.min(250, OVERSELL_ATTEMPTS);
// Cart checkout: buyers checking out 10-line carts over the same 20 tools, again and again.
const CART_TOOLS = 20;
const CART_LINES = 10;
// Oversell across carts: every cart wants one of each of 10 tools, three times the stock's worth.
const CART_OVERSELL_TOOLS = 10;
const CART_OVERSELL_STOCK = args.smoke ? 20 : 500;
const CART_OVERSELL_CARTS = CART_OVERSELL_STOCK * 3;

// autocannon 9 appends every response body to a string (`req.body += chunk`), which it only reads
// for its expectBody/verifyBody options; the bench uses neither. For a compressed body that is a
// UTF-8 decode of binary data: measured at 18 µs of the load generator's CPU per 7.3 kB page,
// against 13 µs for the whole of a hello request. The load generator shares the two cores with
// the server, so that decode, which no real client does, capped every compressed route's figure.
// Bytes are still counted (autocannon counts them per socket chunk, not from the body).
// docs/decisions/011-performance-history.md, "Part 5: the load generator's own cost".
if (!args['decode-bodies']) {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
  if (typeof queue.prototype?.addBody !== 'function') {
    throw new Error(
      'autocannon changed: pipelinedRequestsQueue has no addBody; see the comment above',
    );
  }
  queue.prototype.addBody = () => {};
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const children = [];
const cleanups = [];
let cleaningUp;

function cleanup() {
  cleaningUp ??= (async () => {
    await Promise.all(children.map(stopChild));
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('cleanup:', err instanceof Error ? err.message : err);
      }
    }
  })();
  return cleaningUp;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping what the bench started`);
    void cleanup().then(() => process.exit(130));
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function start(name, command, commandArgs, env) {
  let output = '';
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const keep = (d) => (output = (output + d.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, child, output: () => output };
}

async function waitReady(proc, url, timeoutMs = 60_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${proc.name} was not ready within ${timeoutMs} ms:\n${proc.output()}`);
}

function ensureBuilt() {
  const web = join(root, 'apps/web/dist/index.html');
  const server = join(root, 'apps/server/dist/server.js');
  const hasServerBuild = existsSync(join(root, 'apps/server/build.mjs'));
  if (existsSync(web) && (!hasServerBuild || existsSync(server))) return;
  out('No build found: running `npm run build` first.');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm run build failed');
}

/** The shop as `npm run serve` runs it: the compiled server when there is one. */
function shopCommand() {
  const compiled = join(root, 'apps/server/dist/server.js');
  return existsSync(compiled)
    ? { label: 'node apps/server/dist/server.js', args: [compiled] }
    : {
        label: 'node --import tsx apps/server/src/server.ts',
        args: ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
      };
}

async function createPgDatabase() {
  const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('--pg needs DATABASE_URL or TEST_DATABASE_URL');
  const name = `voltforge_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function api(base, method, path, { cookie, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, res };
}

async function signUp(base, email) {
  const r = await api(base, 'POST', '/api/auth/sign-up/email', {
    body: { name: email.split('@')[0], email, password: 'bench-password-123' },
  });
  if (r.status !== 200)
    throw new Error(`sign-up of ${email} failed: ${r.status} ${JSON.stringify(r.json)}`);
  const cookie = r.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

async function signIn(base, email, password) {
  const r = await api(base, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  if (r.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.json)}`);
  const cookie = r.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/**
 * An admin for the bench. ADMIN_EMAILS promotes only a confirmed address, and the bench reads no
 * mail: on PGlite it signs in as the seeded demo admin (the shop listens on loopback), on
 * PostgreSQL it signs up and confirms and promotes its own account in its fresh database.
 */
async function benchAdmin(base, db, email) {
  if (!db) return signIn(base, 'admin@voltforge.example', 'voltforge-admin');
  await signUp(base, email);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query(`update "user" set role = 'admin', email_verified = true where email = $1`, [
      email,
    ]);
  } finally {
    await client.end();
  }
  return signIn(base, email, 'bench-password-123');
}

async function createTool(base, admin, name, inStock) {
  const r = await api(base, 'POST', '/api/tool', {
    cookie: admin.cookie,
    body: {
      name,
      partNumber: `BENCH-${randomBytes(4).toString('hex').toUpperCase()}`,
      inStock,
      minOrderQuantity: 1,
      price: 12.5,
      desc: 'A tool the bench orders.',
      img: '/images/tools/vf-dm200-digital-multimeter.svg',
      category: 'Bench',
    },
  });
  if (r.status !== 201)
    throw new Error(`creating ${name} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/**
 * A picture uploaded as an admin does on Add Tools (a demo picture, 800 × 600 WebP); returns the
 * address of its catalogue-card size.
 */
async function uploadPicture(base, admin) {
  const file = readFileSync(join(root, 'apps/web/public/images/tools/vf-ps3005-bench-supply.webp'));
  const res = await fetch(`${base}/api/tool-image`, {
    method: 'POST',
    headers: { origin: base, cookie: admin.cookie, 'content-type': 'image/webp' },
    body: file,
  });
  const json = await res.json();
  if (res.status !== 201)
    throw new Error(`uploading a picture failed: ${res.status} ${JSON.stringify(json)}`);
  return json.img;
}

/**
 * `count` synthetic tools into the catalogue through the admin's CSV import (preview, then apply
 * with the preview's plan hash), 5,000 a file: the import's limit.
 */
async function importTools(base, admin, count) {
  const tools = syntheticTools(count);
  const cell = (value) => `"${String(value).replaceAll('"', '""')}"`;
  for (let i = 0; i < tools.length; i += 5000) {
    const csv = [
      'partNumber,name,category,price,minOrderQuantity,inStock,img,desc',
      ...tools
        .slice(i, i + 5000)
        .map((t) =>
          [
            t.partNumber,
            t.name,
            t.category,
            (t.priceCents / 100).toFixed(2),
            t.minOrderQuantity,
            t.inStock,
            '/images/tools/vf-dm200-digital-multimeter.webp',
            t.description,
          ]
            .map(cell)
            .join(','),
        ),
    ].join('\n');
    const preview = await api(base, 'POST', '/api/tool/import/preview', {
      cookie: admin.cookie,
      body: { csv },
    });
    if (preview.status !== 200 || preview.json.errors.length > 0) {
      throw new Error(`importing tools failed: ${preview.status} ${JSON.stringify(preview.json)}`);
    }
    const applied = await api(base, 'POST', '/api/tool/import', {
      cookie: admin.cookie,
      body: { csv, planHash: preview.json.planHash },
    });
    if (applied.status !== 200) {
      throw new Error(`importing tools failed: ${applied.status} ${JSON.stringify(applied.json)}`);
    }
  }
}

/** Gives each autocannon connection the next cookie of `cookies`, keeping the route's headers. */
function cookiePerConnection(cookies, headers) {
  let next = 0;
  return (client) => {
    client.setHeaders({ ...ACCEPT, ...headers, cookie: cookies[next++ % cookies.length] });
  };
}

/**
 * Gives each autocannon connection the next buyer of `clients`, each asking for their own path
 * (a buyer's own project) with their cookie, keeping the route's method, headers and body.
 */
function buyerPerConnection(clients, opts) {
  let next = 0;
  return (client) => {
    const { cookie, path } = clients[next++ % clients.length];
    // setRequests: setRequest changes only the next request, and the rest go back to the route's.
    client.setRequests([
      {
        method: opts.method,
        path,
        headers: { ...ACCEPT, ...opts.headers, cookie },
        ...(opts.body ? { body: opts.body } : {}),
      },
    ]);
  };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections, duration, ...opts, headers: { ...ACCEPT, ...opts.headers } },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Headers a server writes per connection or per moment, not as part of a route's answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A route's answer exactly as sent: status, headers and the (compressed) body bytes. */
function capture(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...ACCEPT, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: Object.fromEntries(
            Object.entries(res.headers).filter(([name]) => !PER_CONNECTION.has(name)),
          ),
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
    });
    request.on('error', reject);
  });
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  ensureBuilt();
  const db = args.pg ? await createPgDatabase() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'voltforge-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const [helloPort, shopPort] = await Promise.all([freePort(), freePort()]);
  const hello = start(
    'hello',
    process.execPath,
    [join(root, 'bench/hello.mjs'), String(helloPort)],
    {},
  );
  const shopBase = `http://127.0.0.1:${shopPort}`;
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const adminEmail = 'bench-admin@example.com';
  const command = shopCommand();
  const shop = start('shop', process.execPath, command.args, {
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: shopBase,
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ADMIN_EMAILS: adminEmail,
    // One buyer places every measured order; the per-account unpaid limit is not what is measured.
    MAX_UNPAID_ORDERS: '10000',
    ...(db ? { DATABASE_URL: db.url, BETTER_AUTH_SECRET: randomBytes(32).toString('hex') } : {}),
  });
  await waitReady(hello, helloUrl);
  const readyMs = await waitReady(shop, `${shopBase}/api/ready`);

  out(
    `Shop: ${command.label} on ${db ? `PostgreSQL (fresh database ${db.name})` : 'PGlite (fresh data directory)'}; ready in ${fmt(readyMs)} ms (first start, includes migrations and seed)`,
  );
  out(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  out(
    `autocannon: ${connections} connections, ${duration} s per route${rounds > 1 ? ` and round, ${rounds} rounds per route (figures are medians of the rounds; each ratio is taken within its round)` : ''}, Accept-Encoding: br, gzip, bodies ${args['decode-bodies'] ? 'decoded into strings (as shipped)' : 'counted, not decoded'}`,
  );
  out();

  const admin = await benchAdmin(shopBase, db, adminEmail);
  const reader = await signUp(
    shopBase,
    `bench-reader-${randomBytes(3).toString('hex')}@example.com`,
  );
  const buyer = await signUp(shopBase, `bench-buyer-${randomBytes(3).toString('hex')}@example.com`);
  // Orders come from many customers at once, as in a shop: one buyer per connection, so what is
  // measured is the shop, not one account's turn at its own unpaid-order lock.
  const buyers = [];
  for (let i = 0; i < Math.min(connections, 50); i++) {
    buyers.push(
      await signUp(shopBase, `bench-buyer-${i}-${randomBytes(3).toString('hex')}@example.com`),
    );
  }
  if (extraTools > 0) {
    const startedAt = performance.now();
    await importTools(shopBase, admin, extraTools);
    out(
      `Catalogue: the demo's tools and ${fmt(extraTools)} synthetic ones, imported in ${fmt((performance.now() - startedAt) / 1000, 1)} s`,
    );
    out();
  }
  const bulkTool = await createTool(shopBase, admin, 'Bench bulk stock', 1_000_000);
  const order = (toolId) => ({
    toolId,
    quantity: 1,
    phone: '+1 555 0100',
    address: '1 Bench Street',
  });
  for (let i = 0; i < 5; i++) {
    const r = await api(shopBase, 'POST', '/api/order', {
      cookie: reader.cookie,
      body: order(bulkTool),
    });
    if (r.status !== 201)
      throw new Error(`placing a reader order failed: ${r.status} ${JSON.stringify(r.json)}`);
  }
  // The reader's address book: three sites, as checkout reads it.
  for (const label of ['Main plant', 'Test lab', 'Site B']) {
    const r = await api(shopBase, 'POST', '/api/addresses', {
      cookie: reader.cookie,
      body: { label, recipient: 'Goods In', address: `1 ${label} Road`, phone: '+1 555 0100' },
    });
    if (r.status !== 201)
      throw new Error(`saving a reader address failed: ${r.status} ${JSON.stringify(r.json)}`);
  }
  // A company on account: the reader is its admin, with five invoices on its statement; as many
  // members as buyers, who check out on invoice below.
  const company = await api(shopBase, 'POST', '/api/company', {
    cookie: reader.cookie,
    body: { name: 'Bench Works Ltd' },
  });
  if (company.status !== 201)
    throw new Error(`creating a company failed: ${company.status} ${JSON.stringify(company.json)}`);
  const terms = await api(shopBase, 'PUT', `/api/admin/companies/${company.json.id}/account`, {
    cookie: admin.cookie,
    body: { termsDays: 30, creditLimit: 10_000_000 },
  });
  if (terms.status !== 200)
    throw new Error(`granting terms failed: ${terms.status} ${JSON.stringify(terms.json)}`);
  for (let i = 0; i < 5; i++) {
    const filled = await fillCart(shopBase, reader, [bulkTool]);
    const status = await checkoutOf(shopBase, reader, filled.total, 'account');
    if (status !== 201) throw new Error(`a checkout on account failed: ${status}`);
  }
  const accountBuyers = [];
  for (let i = 0; i < buyers.length; i++) {
    const member = await signUp(
      shopBase,
      `bench-account-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    await joinCompany(shopBase, admin, reader, member);
    accountBuyers.push(member);
  }
  // Each buyer's own 1,000-line project (projects are private): every catalogue part several
  // times, so lines of one tool are summed, and one line in ten a part nobody sells.
  const bomOf = (tools) => ({
    name: 'Bench board',
    lines: Array.from({ length: 1_000 }, (_, i) => ({
      part: i % 10 === 9 ? `NOT-SOLD-${i}` : tools[i % tools.length].partNumber,
      quantityPerBuild: 1 + (i % 4),
      designators: `R${i + 1}`,
      attritionBasisPoints: i % 3 === 0 ? 250 : 0,
    })),
  });
  const catalogue = (await api(shopBase, 'GET', '/api/tool?pageSize=100')).json;
  // Buyers of their own: adding boards fills their carts, which the checkout bench needs empty.
  const projectBuyers = [];
  for (let i = 0; i < buyers.length; i++) {
    const b = await signUp(
      shopBase,
      `bench-project-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    const made = await api(shopBase, 'POST', '/api/projects', {
      cookie: b.cookie,
      body: bomOf(catalogue),
    });
    if (made.status !== 201)
      throw new Error(`saving a project failed: ${made.status} ${JSON.stringify(made.json)}`);
    projectBuyers.push({ cookie: b.cookie, id: made.json.id });
  }
  // The reader's quotes: ten requests of 20 catalogue lines in two tiers, each answered, the first
  // twice (two revisions of 40 offers).
  const quoteIds = [];
  for (let i = 0; i < 10; i++) {
    const tools = Array.from(
      { length: Math.min(20, catalogue.length) },
      (_, k) => catalogue[(i + k) % catalogue.length],
    );
    const asked = await askQuote(shopBase, reader, tools, [100, 1_000]);
    for (let revision = 1; revision <= (i === 0 ? 2 : 1); revision++) {
      await answerQuote(shopBase, admin, asked, 1 + revision, revision);
    }
    quoteIds.push(asked.id);
  }
  const picture = await uploadPicture(shopBase, admin);
  const list = await api(shopBase, 'GET', '/api/tool');
  const someTool = list.json?.[0]?._id;
  if (!someTool) throw new Error(`GET /api/tool returned no tools: ${list.status}`);

  // The largest script every page loads (React DOM's client), asked for as a browser asks.
  const assets = join(root, 'apps/web/dist/assets');
  const [largestScript] = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, size: statSync(join(assets, file)).size }))
    .sort((a, b) => b.size - a.size)
    .map(({ file }) => file);

  const routes = [
    { name: 'GET /api/tool', path: '/api/tool' },
    { name: 'GET /api/tool?search=meter', path: '/api/tool?search=meter' },
    // What /tools asks for a search: one page, its total and the filters' counts.
    { name: 'GET /api/tool/search?search=meter', path: '/api/tool/search?search=meter' },
    {
      name: 'GET /api/tool?category=…',
      path: `/api/tool?category=${encodeURIComponent('Measurement & Test')}`,
    },
    { name: 'GET /api/tool/:id', path: `/api/tool/${someTool}` },
    // Every tool page asks for it once hydrated.
    { name: 'GET /api/tool/:id/supply', path: `/api/tool/${someTool}/supply` },
    { name: 'GET /', path: '/' },
    { name: 'GET /tools (SPA route)', path: '/tools' },
    { name: 'GET /assets/… (largest script)', path: `/assets/${largestScript}` },
    // An uploaded picture at its catalogue-card size, read from the database every time.
    { name: 'GET /api/tool-image/… (uploaded, 800 px)', path: picture },
    {
      name: 'GET /api/order?email=<own>',
      path: `/api/order?email=${encodeURIComponent(reader.email)}`,
      cookie: reader.cookie,
    },
    { name: 'GET /api/profile', path: '/api/profile', cookie: reader.cookie },
    { name: 'GET /api/addresses (3 saved)', path: '/api/addresses', cookie: reader.cookie },
    {
      name: 'GET /api/company/statement (5 invoices)',
      path: '/api/company/statement',
      cookie: reader.cookie,
    },
    { name: 'GET /api/admin/companies', path: '/api/admin/companies', cookie: admin.cookie },
    { name: 'GET /api/company/approvals', path: '/api/company/approvals', cookie: reader.cookie },
    { name: 'GET /api/quotes (10 quotes)', path: '/api/quotes', cookie: reader.cookie },
    {
      name: 'GET /api/quotes/:id (20 lines, 2 revisions)',
      path: `/api/quotes/${quoteIds[0]}`,
      cookie: reader.cookie,
    },
    { name: 'GET /api/admin/quotes (queue)', path: '/api/admin/quotes', cookie: admin.cookie },
    {
      // A 500-line bill of materials: every catalogue part a few times (so duplicates are merged)
      // and one line in five a part nobody sells (so suggestions are looked for).
      name: 'POST /api/quick-order/preview (500 lines)',
      path: '/api/quick-order/preview',
      method: 'POST',
      body: JSON.stringify({
        text: Array.from({ length: 500 }, (_, i) =>
          i % 5 === 4
            ? `XX-${i}, 3`
            : `${list.json[i % list.json.length].partNumber}, ${list.json[i % list.json.length].minOrderQuantity}`,
        ).join('\n'),
      }),
    },
    {
      // The dearest preview anyone may ask for: 500 part numbers nobody sells, each looked up
      // for its closest part numbers.
      name: 'POST /api/quick-order/preview (500 unknown lines)',
      path: '/api/quick-order/preview',
      method: 'POST',
      body: JSON.stringify({
        text: Array.from({ length: 500 }, (_, i) => `ZZ-${i}, 3`).join('\n'),
      }),
    },
    {
      // The dearest pricing a buyer asks for often: a 1,000-line project for 5 boards, each buyer
      // their own (one query for its tools).
      name: `GET /api/projects/:id/price (1,000 lines, ${projectBuyers.length} buyers)`,
      path: `/api/projects/${projectBuyers[0].id}/price?builds=5`,
      buyers: projectBuyers.map((b) => ({
        cookie: b.cookie,
        path: `/api/projects/${b.id}/price?builds=5`,
      })),
    },
    {
      // Adding 1 board of it to the buyer's cart, again and again: once a line's stock is in the
      // cart it is left out with its verdict, as a buyer's repeated click would be.
      name: `POST /api/projects/:id/cart (1,000 lines, ${projectBuyers.length} buyers)`,
      path: `/api/projects/${projectBuyers[0].id}/cart`,
      buyers: projectBuyers.map((b) => ({
        cookie: b.cookie,
        path: `/api/projects/${b.id}/cart`,
      })),
      method: 'POST',
      body: JSON.stringify({ builds: 1 }),
    },
    {
      name: `POST /api/order (${buyers.length} buyers)`,
      path: '/api/order',
      cookies: buyers.map((b) => b.cookie),
      method: 'POST',
      body: JSON.stringify(order(bulkTool)),
    },
  ];

  const only = args.only?.toLowerCase();
  const measured = only ? routes.filter((r) => r.name.toLowerCase().includes(only)) : routes;
  const checkoutToo = !only || only.includes('checkout');
  if (measured.length === 0 && !checkoutToo) {
    throw new Error(`--only ${args.only}: no route's name contains it (or "checkout")`);
  }

  // The same bytes, served by a bare Fastify: captured once, before anything is measured.
  const sameBytesFile = join(dataDir, 'same-bytes.json');
  const captured = [];
  for (const route of measured) {
    if (route.method) continue;
    route.sameBytes = captured.length;
    // A route of many buyers is captured as its first buyer gets it (`path` is theirs).
    const cookie = route.cookie ?? route.buyers?.[0]?.cookie;
    captured.push(await capture(`${shopBase}${route.path}`, cookie ? { cookie } : {}));
  }
  let sameBytesBase;
  if (captured.length > 0) {
    writeFileSync(sameBytesFile, JSON.stringify(captured));
    const port = await freePort();
    const sameBytes = start('same-bytes', process.execPath, [
      join(root, 'bench/same-bytes.mjs'),
      String(port),
      sameBytesFile,
    ]);
    sameBytesBase = `http://127.0.0.1:${port}`;
    await waitReady(sameBytes, `${sameBytesBase}/0`);
  }

  const rows = [];
  let failed = false;
  for (const route of measured) {
    const opts = {
      url: `${shopBase}${route.path}`,
      method: route.method ?? 'GET',
      headers: {
        ...(route.cookie ? { cookie: route.cookie } : {}),
        ...(route.body ? { 'content-type': 'application/json', origin: shopBase } : {}),
      },
      ...(route.body ? { body: route.body } : {}),
    };
    if (route.cookies) opts.setupClient = cookiePerConnection(route.cookies, opts.headers);
    if (route.buyers) opts.setupClient = buyerPerConnection(route.buyers, opts);
    const hasSame = route.sameBytes !== undefined;
    // Each round measures hello, the same bytes and the route back to back, so a ratio compares
    // slots a few seconds apart; with several rounds, the medians drop a slot the machine spoiled.
    const samples = [];
    for (let round = 1; round <= rounds; round++) {
      const h = await cannon({ url: helloUrl });
      const same = hasSame
        ? await cannon({
            url: `${sameBytesBase}/${route.sameBytes}`,
            headers: route.cookie ? { cookie: route.cookie } : {},
          })
        : undefined;
      const r = await cannon(opts);
      samples.push({
        rps: r.requests.average,
        p99: r.latency.p99,
        hello: h.requests.average,
        same: same?.requests.average,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
      // Which statuses a failing route answered, so a bench that fails says why.
      if (r.non2xx > 0) {
        const statuses = Object.entries(r.statusCodeStats ?? {})
          .map(([status, { count }]) => `${status} × ${count}`)
          .join(', ');
        out(`  ${route.name}: answered ${statuses}`);
      }
      out(
        `  ${route.name}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}: ${fmt(r.requests.average)} req/s (hello ${fmt(h.requests.average)}${same ? `, same bytes ${fmt(same.requests.average)}` : ''})`,
      );
    }
    const of = (key) => median(samples.map((x) => x[key]));
    const ratio = (key) => median(samples.map((x) => x.rps / x[key]));
    const non2xx = samples.reduce((sum, x) => sum + x.non2xx, 0);
    const errors = samples.reduce((sum, x) => sum + x.errors, 0);
    if (non2xx + errors > 0) failed = true;
    rows.push([
      route.name,
      fmt(of('rps')),
      fmt(of('p99')),
      `${fmt(ratio('hello'), 3)}×`,
      fmt(of('hello')),
      hasSame ? `${fmt(ratio('same'), 3)}×` : '–',
      hasSame ? fmt(of('same')) : '–',
      hasSame ? fmt(Buffer.from(captured[route.sameBytes].body, 'base64').length) : '–',
      String(non2xx),
      String(errors),
    ]);
  }
  out();
  const head = [
    'route',
    'req/s',
    'p99 ms',
    '× hello',
    'hello req/s',
    '× same bytes',
    'same bytes req/s',
    'body bytes',
    'non-2xx',
    'errors',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  if (rows.length > 0) {
    out(line(head));
    out(
      `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    );
    for (const r of rows) out(line(r));
    out();
  }

  // One 500-line preview at a time: how long a buyer waits for the verdicts, not the throughput.
  for (const quickOrder of measured.filter((r) => r.path === '/api/quick-order/preview')) {
    const times = [];
    for (let i = 0; i < 20; i++) {
      const startedAt = performance.now();
      const res = await api(shopBase, 'POST', quickOrder.path, {
        body: JSON.parse(quickOrder.body),
      });
      times.push(performance.now() - startedAt);
      if (res.status !== 200 || res.json?.verdicts?.length !== 500) failed = true;
    }
    out(
      `${quickOrder.name}, one at a time (20 in a row): median ${fmt(median(times), 1)} ms, slowest ${fmt(Math.max(...times), 1)} ms`,
    );
    out();
  }

  // Oversell: many more concurrent one-unit orders than there is stock; exactly the stock must sell.
  const scarce = await createTool(shopBase, admin, 'Bench scarce stock', OVERSELL_STOCK);
  // Many requests in flight at once, but no more sockets than the server's listen backlog takes:
  // beyond that the kernel resets connections and the check would measure the network, not the shop.
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OVERSELL_IN_FLIGHT }, async () => {
      while (next < OVERSELL_ATTEMPTS) {
        next += 1;
        results.push(
          await api(shopBase, 'POST', '/api/order', {
            cookie: buyer.cookie,
            body: order(scarce),
          }).then(
            (r) => r.status,
            (err) => `error ${err instanceof Error ? (err.cause?.code ?? err.message) : err}`,
          ),
        );
      }
    }),
  );
  const accepted = results.filter((s) => s === 201).length;
  const refused = results.filter((s) => s === 409 || s === 400).length;
  const others = results.filter((s) => s !== 201 && s !== 409 && s !== 400);
  const other = others.length;
  const after = await api(shopBase, 'GET', `/api/tool/${scarce}`);
  const stockLeft = after.json?.inStock;
  const oversellOk = accepted === OVERSELL_STOCK && stockLeft === 0 && other === 0;
  out(
    `Oversell check: stock ${OVERSELL_STOCK}, ${OVERSELL_ATTEMPTS} one-unit orders, ${OVERSELL_IN_FLIGHT} in flight at once → ${accepted} accepted, ${refused} refused, ${other} other${other ? ` (${[...new Set(others)].join(', ')})` : ''}; stock left ${stockLeft}: ${oversellOk ? 'OK' : 'FAILED'}`,
  );
  if (!oversellOk) failed = true;

  if (checkoutToo) {
    if (!(await benchCheckout(shopBase, admin, buyers, accountBuyers))) failed = true;
  }
  if (failed) {
    // What the shop logged (warnings and errors) says why a request failed.
    console.error(shop.output().split('\n').slice(-40).join('\n'));
    console.error('The bench saw failed requests or an oversell; see the table above.');
    process.exitCode = 1;
  }
}

/**
 * A cart's lines into a buyer's server cart; answers the cart's total (goods, shipping and tax:
 * what checkout confirms), or the failed status.
 */
async function fillCart(base, buyer, toolIds) {
  const r = await api(base, 'POST', '/api/cart/lines', {
    cookie: buyer.cookie,
    body: { lines: toolIds.map((toolId) => ({ toolId, quantity: 1 })) },
  });
  return r.status === 200 ? { total: r.json.total } : { status: r.status };
}

/** A request for quotation of `tools` (one line each) at `tiers`; answers the quote. */
async function askQuote(base, buyer, tools, tiers) {
  const r = await api(base, 'POST', '/api/quotes', {
    cookie: buyer.cookie,
    body: {
      requestKey: randomUUID(),
      source: 'cart',
      lines: tools.map((t) => ({ toolId: t._id, partText: t.partNumber, quantities: tiers })),
    },
  });
  if (r.status !== 201)
    throw new Error(`asking for a quote failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/**
 * Staff answer every line of `quote` with an offer per tier asked, at `price` dollars a piece and
 * $25.00 freight, as its `revision`; answers the first offers' choices and their total (what the buyer would see).
 */
async function answerQuote(base, staff, quote, price, revision) {
  const r = await api(base, 'POST', `/api/admin/quotes/${quote.id}/revisions`, {
    cookie: staff.cookie,
    body: {
      revision,
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      freight: 25,
      taxRate: 0,
      lines: quote.lines.map((l) => ({
        lineNo: l.lineNo,
        offers: l.quantities.map((quantity) => ({
          toolId: l.toolId,
          quantity,
          unitPrice: price,
          leadTimeWeeks: 0,
        })),
      })),
    },
  });
  if (r.status !== 201)
    throw new Error(`answering a quote failed: ${r.status} ${JSON.stringify(r.json)}`);
  const choices = quote.lines.map((l) => ({ lineNo: l.lineNo, offerNo: 1 }));
  const total = quote.lines.reduce((sum, l) => sum + l.quantities[0] * price, 0) + 25;
  return { id: quote.id, choices, total };
}

/**
 * `member` joins the company of `companyAdmin` as a buyer, by the invitation's link, read from the
 * outbox as staff read it.
 */
async function joinCompany(base, staff, companyAdmin, member) {
  const invited = await api(base, 'POST', '/api/company/invitations', {
    cookie: companyAdmin.cookie,
    body: { email: member.email, role: 'buyer' },
  });
  if (invited.status !== 201) throw new Error(`inviting failed: ${invited.status}`);
  const mails = await api(base, 'GET', '/api/mail?pageSize=10', { cookie: staff.cookie });
  const mail = mails.json?.find((m) => m.to === member.email.toLowerCase());
  const detail = mail && (await api(base, 'GET', `/api/mail/${mail.id}`, { cookie: staff.cookie }));
  const token = /join=([\w-]+)/.exec(detail?.json?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation for ${member.email} in the outbox`);
  const joined = await api(base, 'POST', '/api/company/join', {
    cookie: member.cookie,
    body: { token },
  });
  if (joined.status !== 200) throw new Error(`joining failed: ${joined.status}`);
}

async function emptyCart(base, buyer) {
  const cart = await api(base, 'GET', '/api/cart', { cookie: buyer.cookie });
  for (const line of cart.json?.lines ?? []) {
    await api(base, 'DELETE', `/api/cart/lines/${line.toolId}`, { cookie: buyer.cookie });
  }
}

function checkoutOf(base, buyer, total, paymentMethod = 'card') {
  return api(base, 'POST', '/api/checkout', {
    cookie: buyer.cookie,
    body: {
      phone: '+1 555 0100',
      address: '1 Bench Street',
      poNumber: 'PO-BENCH-1',
      expectedTotal: total,
      paymentMethod,
    },
  }).then(
    (r) => r.status,
    (err) => `error ${err instanceof Error ? (err.cause?.code ?? err.message) : err}`,
  );
}

/**
 * Cart checkout (docs/performance.md, "Current figures"): each buyer fills its cart with 10 of the
 * same 20 tools (each buyer its own selection and line order, so carts share tools in different
 * orders) and checks it out. Measured twice: as buyers do it (fill, check out, again; the fills
 * share the machine), and checkout alone (all carts filled, then all checked out at once, in
 * rounds). Then the oversell check across carts.
 */
async function benchCheckout(base, admin, buyers, accountBuyers) {
  let ok = true;
  const toolIds = [];
  for (let i = 0; i < CART_TOOLS; i++) {
    toolIds.push(await createTool(base, admin, `Bench cart tool ${i}`, 1_000_000));
  }
  const cartOf = (n) =>
    Array.from(
      { length: CART_LINES },
      (_, k) => toolIds[(n * 7 + k * (n % 2 ? 3 : 17)) % CART_TOOLS],
    );
  const p99 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

  // 1. As buyers do it: fill the cart, check out, again, each buyer on its own.
  const latencies = [];
  const statuses = [];
  const until = performance.now() + duration * 1000;
  const startedAt = performance.now();
  await Promise.all(
    buyers.map(async (buyer, n) => {
      for (let round = 0; performance.now() < until; round++) {
        const filled = await fillCart(base, buyer, [...new Set(cartOf(n + round))]);
        if (filled.status) {
          statuses.push(`add ${filled.status}`);
          continue;
        }
        const sent = performance.now();
        statuses.push(await checkoutOf(base, buyer, filled.total));
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const wallS = (performance.now() - startedAt) / 1000;
  const placed = statuses.filter((s) => s === 201).length;
  const others = statuses.filter((s) => s !== 201);
  out(
    `Cart checkout, fill and check out in a loop: ${buyers.length} buyers, ${CART_LINES}-line carts over the same ${CART_TOOLS} tools, ${fmt(wallS, 1)} s → ${fmt(placed / wallS)} checkouts/s (${fmt((placed * CART_LINES) / wallS)} lines/s; the cart fills share the time), checkout p50 ${fmt(median(latencies), 1)} ms, p99 ${fmt(p99(latencies), 1)} ms, ${others.length} not placed${others.length ? ` (${[...new Set(others)].join(', ')})` : ''}`,
  );
  if (others.length > 0) ok = false;

  // 2. Checkout alone: every buyer's cart is filled first (not timed), then all of them check
  // out at once; rounds until the duration is spent. Checkouts/s is over the checkout time only.
  // 2b. The same with every line back-ordered (docs/payments.md, "Back-orders"): 20 tools sold
  // beyond stock, none in stock, a batch of each due in a month; each line queues behind the
  // tool's back-orders and is promised the batch's day, under the same locks. The two take turns
  // round by round, so a drift of the machine's speed weighs on both alike and their ratio holds.
  const backorderIds = [];
  for (let i = 0; i < CART_TOOLS; i++) {
    const id = await createTool(base, admin, `Bench back-order tool ${i}`, 0);
    const set = await api(base, 'PUT', `/api/admin/tools/${id}/supply`, {
      cookie: admin.cookie,
      body: { backorderable: true, leadTimeWeeks: 8 },
    });
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const batch = await api(base, 'POST', `/api/admin/tools/${id}/batches`, {
      cookie: admin.cookie,
      body: { quantity: 1_000_000, expectedOn: due },
    });
    if (set.status !== 200 || batch.status !== 201) {
      throw new Error(`back-order tool setup failed: ${set.status} ${batch.status}`);
    }
    backorderIds.push(id);
  }
  const backorderCartOf = (n) => [
    ...new Set(cartOf(n).map((id) => backorderIds[toolIds.indexOf(id)])),
  ];
  /** One round: every buyer's cart filled (not timed), then all checked out at once. */
  const checkoutRound = async (cartFor, into) => {
    const totals = await Promise.all(buyers.map((buyer, n) => fillCart(base, buyer, cartFor(n))));
    const t0 = performance.now();
    await Promise.all(
      buyers.map(async (buyer, n) => {
        if (totals[n].status) {
          into.statuses.push(`add ${totals[n].status}`);
          return;
        }
        const sent = performance.now();
        into.statuses.push(await checkoutOf(base, buyer, totals[n].total));
        into.latencies.push(performance.now() - sent);
      }),
    );
    into.ms += performance.now() - t0;
  };
  const stocked = { latencies: [], statuses: [], ms: 0 };
  const owed = { latencies: [], statuses: [], ms: 0 };
  const burstUntil = performance.now() + 2 * duration * 1000;
  for (let round = 0; performance.now() < burstUntil; round++) {
    await checkoutRound((n) => [...new Set(cartOf(n + round + 1))], stocked);
    await checkoutRound((n) => backorderCartOf(n + round + 1), owed);
  }
  const rowOf = (label, r) => {
    const placed = r.statuses.filter((s) => s === 201).length;
    const others = r.statuses.filter((s) => s !== 201);
    if (others.length > 0) ok = false;
    out(
      `${label}, ${buyers.length} carts at once (filled beforehand), ${fmt(r.ms / 1000, 1)} s of checkouts → ${fmt(placed / (r.ms / 1000))} checkouts/s (${fmt((placed * CART_LINES) / (r.ms / 1000))} lines/s), p50 ${fmt(median(r.latencies), 1)} ms, p99 ${fmt(p99(r.latencies), 1)} ms, ${others.length} not placed${others.length ? ` (${[...new Set(others)].join(', ')})` : ''}`,
    );
    return placed / (r.ms / 1000);
  };
  const inStockRate = rowOf('Cart checkout alone', stocked);
  const owedRate = rowOf('Cart checkout alone, every line back-ordered', owed);
  out(
    `Back-ordered ÷ in stock, rounds taken in turns: ${fmt(owedRate / inStockRate, 2)}× the checkouts/s`,
  );

  // 3. The same on account: members of one company check out "Pay on invoice" at once; each is
  // placed alone with its invoice, under the company's lock (docs/payments.md).
  const account = [];
  const accountStatuses = [];
  let accountMs = 0;
  const accountUntil = performance.now() + duration * 1000;
  for (let round = 0; performance.now() < accountUntil; round++) {
    const totals = await Promise.all(
      accountBuyers.map((buyer, n) => fillCart(base, buyer, [...new Set(cartOf(n + round + 1))])),
    );
    const t0 = performance.now();
    await Promise.all(
      accountBuyers.map(async (buyer, n) => {
        if (totals[n].status) {
          accountStatuses.push(`add ${totals[n].status}`);
          return;
        }
        const sent = performance.now();
        accountStatuses.push(await checkoutOf(base, buyer, totals[n].total, 'account'));
        account.push(performance.now() - sent);
      }),
    );
    accountMs += performance.now() - t0;
  }
  const accountPlaced = accountStatuses.filter((s) => s === 201).length;
  const accountOthers = accountStatuses.filter((s) => s !== 201);
  out(
    `Cart checkout on account alone, ${accountBuyers.length} members of one company at once (filled beforehand), ${fmt(accountMs / 1000, 1)} s of checkouts → ${fmt(accountPlaced / (accountMs / 1000))} checkouts/s, p50 ${fmt(median(account), 1)} ms, p99 ${fmt(p99(account), 1)} ms, ${accountOthers.length} not placed${accountOthers.length ? ` (${[...new Set(accountOthers)].join(', ')})` : ''}`,
  );
  if (accountOthers.length > 0) ok = false;

  // 4. Quotes accepted: each buyer's own answered quote of the same lines (asked and answered
  // beforehand, not timed), all accepted at once; each is placed alone under its quote's lock.
  const accepting = [];
  const acceptStatuses = [];
  let acceptMs = 0;
  const acceptUntil = performance.now() + duration * 1000;
  for (let round = 0; performance.now() < acceptUntil; round++) {
    const quotes = [];
    for (const [n, buyer] of buyers.entries()) {
      const tools = [...new Set(cartOf(n + round + 1))].map((_id) => ({ _id, partNumber: _id }));
      const asked = await askQuote(base, buyer, tools, [1]);
      quotes.push({ buyer, ...(await answerQuote(base, admin, asked, 3, 1)) });
    }
    const t0 = performance.now();
    await Promise.all(
      quotes.map(async ({ buyer, id, choices, total }) => {
        const sent = performance.now();
        const r = await api(base, 'POST', `/api/quotes/${id}/accept`, {
          cookie: buyer.cookie,
          body: {
            revision: 1,
            choices,
            expectedTotal: total,
            phone: '+1 555 0100',
            address: '1 Bench Street',
          },
        });
        acceptStatuses.push(r.status);
        accepting.push(performance.now() - sent);
      }),
    );
    acceptMs += performance.now() - t0;
  }
  const acceptPlaced = acceptStatuses.filter((s) => s === 201).length;
  const acceptOthers = acceptStatuses.filter((s) => s !== 201);
  out(
    `Quote acceptance alone, ${buyers.length} answered quotes of ${CART_LINES} lines at once (asked and answered beforehand), ${fmt(acceptMs / 1000, 1)} s of acceptances → ${fmt(acceptPlaced / (acceptMs / 1000))} orders/s, p50 ${fmt(median(accepting), 1)} ms, p99 ${fmt(p99(accepting), 1)} ms, ${acceptOthers.length} not placed${acceptOthers.length ? ` (${[...new Set(acceptOthers)].join(', ')})` : ''}`,
  );
  if (acceptOthers.length > 0) ok = false;

  // Oversell across carts: one unit of each of 10 tools per cart, three times as many carts as
  // the stock; exactly the stock's worth of carts must be placed, and every stock end at 0.
  const scarce = [];
  for (let i = 0; i < CART_OVERSELL_TOOLS; i++) {
    scarce.push(await createTool(base, admin, `Bench scarce cart tool ${i}`, CART_OVERSELL_STOCK));
  }
  const results = [];
  let next = 0;
  await Promise.all(
    buyers.map(async (buyer, n) => {
      await emptyCart(base, buyer);
      while (next < CART_OVERSELL_CARTS) {
        next += 1;
        // Each buyer lists the tools in its own order.
        const mine = scarce.map((_, k) => scarce[(k + n) % scarce.length]);
        const filled = await fillCart(base, buyer, n % 2 ? mine.reverse() : mine);
        if (filled.status) {
          // Not even one unit of each left: the cart is refused before checkout.
          results.push(filled.status === 409 ? 'refused' : `add ${filled.status}`);
          continue;
        }
        const status = await checkoutOf(base, buyer, filled.total);
        results.push(status === 201 ? 'placed' : status === 409 ? 'refused' : String(status));
        if (status !== 201) await emptyCart(base, buyer);
      }
    }),
  );
  const accepted = results.filter((r) => r === 'placed').length;
  const refused = results.filter((r) => r === 'refused').length;
  const odd = results.filter((r) => r !== 'placed' && r !== 'refused');
  const stocks = await Promise.all(
    scarce.map(async (id) => (await api(base, 'GET', `/api/tool/${id}`)).json?.inStock),
  );
  const cartsOk =
    accepted === CART_OVERSELL_STOCK && odd.length === 0 && stocks.every((s) => s === 0);
  out(
    `Oversell check across carts: ${CART_OVERSELL_TOOLS} tools with stock ${CART_OVERSELL_STOCK}, ${CART_OVERSELL_CARTS} carts of one of each, ${buyers.length} at once → ${accepted} placed, ${refused} refused, ${odd.length} other${odd.length ? ` (${[...new Set(odd)].join(', ')})` : ''}; stocks left ${[...new Set(stocks)].join(', ')}: ${cartsOk ? 'OK' : 'FAILED'}`,
  );
  return ok && cartsOk;
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
