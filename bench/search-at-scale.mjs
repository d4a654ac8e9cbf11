// The catalogue search and the quick order's lookups at a catalogue size the demo does not have,
// timed inside the database: a fresh database, migrated, with the demo's 16 tools and N synthetic
// ones (bench/synthetic-tools.mjs), vacuumed and analysed; then each search statement exactly as
// the shop builds it (toolSearchStatement) run R times under EXPLAIN (ANALYZE, TIMING OFF): p50
// and p99 of the server's own Execution Time, and the indexes its plan reads. Then the quick
// order's preview of 500 unknown part numbers, timed around the service call (its queries and
// their round trips).
// Usage: node --import tsx bench/search-at-scale.mjs [--tools 5000] [--runs 200] [--previews 10]
//        [--pglite] [--no-vacuum]  (as just imported: analysed, not vacuumed)
//        [--plans]  (print each statement's plan once, EXPLAIN ANALYZE's text)
// PostgreSQL (the default) needs TEST_DATABASE_URL or DATABASE_URL; the database it makes is
// dropped at the end. docs/performance.md, "Method".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { toolListQuerySchema } from '@voltforge/contract/tool';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { tool } from '../apps/server/src/db/schema/tool.ts';
import { previewQuickOrder } from '../apps/server/src/modules/quick-order/quick-order.service.ts';
import { toolSearchStatement } from '../apps/server/src/modules/tools/tool-search.ts';
import { seedTools } from '../apps/server/src/seed/seed-data/catalogue.ts';
import { syntheticTools } from './synthetic-tools.mjs';

const { values: args } = parseArgs({
  options: {
    tools: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '200' },
    pglite: { type: 'boolean', default: false },
    plans: { type: 'boolean', default: false },
    previews: { type: 'string', default: '10' },
    'no-vacuum': { type: 'boolean', default: false },
  },
});
const toolCount = Number(args.tools);
const runs = Number(args.runs);
const previewRuns = Number(args.previews);
if (
  ![toolCount, runs, previewRuns].every(Number.isInteger) ||
  toolCount < 0 ||
  runs < 1 ||
  previewRuns < 0
) {
  console.error('--tools and --previews must be whole numbers of at least 0, --runs of at least 1');
  process.exit(2);
}

// What the shop asks: the bench's searches (GET /api/tool with a search or a category) and the
// /tools page's (GET /api/tool/search: with the filters' counts).
const statements = [
  ['GET /api/tool?search=meter', { search: 'meter' }, false],
  ['GET /api/tool?category=Measurement & Test', { category: 'Measurement & Test' }, false],
  ['GET /api/tool/search?search=meter', { search: 'meter' }, true],
  ['GET /api/tool/search?search=e', { search: 'e' }, true],
  ['GET /api/tool/search?search=DM 200', { search: 'DM 200' }, true],
  ['GET /api/tool/search?search=multimter', { search: 'multimter' }, true],
  ['GET /api/tool/search (no search)', {}, true],
];

const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (n) => n.toFixed(n < 10 ? 2 : 1);

async function target() {
  if (args.pglite) {
    const dataDir = mkdtempSync(join(tmpdir(), 'voltforge-search-'));
    return {
      target: { kind: 'pglite', dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('PostgreSQL needs TEST_DATABASE_URL or DATABASE_URL (or use --pglite)');
  const name = `voltforge_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 2 },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Runs raw SQL with its parameters on either driver; answers the rows. */
function rawQuery(database) {
  if (database.pglite)
    return async (text, params) => (await database.pglite.query(text, params)).rows;
  return async (text, params) => (await database.pool.query(text, params)).rows;
}

/** The index names and sequentially scanned tables of a JSON plan. */
function planReads(node, found = { indexes: new Set(), seqScans: new Set() }) {
  if (node['Index Name']) found.indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan') found.seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) planReads(child, found);
  return found;
}

async function main() {
  const { target: where, drop } = await target();
  const database = await openDatabase(where);
  try {
    await migrateDatabase(database);
    const demo = seedTools.map((t) => ({
      partNumber: t.slug.split('-').slice(0, 2).join('-').toUpperCase(),
      name: t.name,
      description: t.description,
      category: t.category,
      priceCents: t.priceCents,
      minOrderQuantity: t.minOrderQuantity,
      inStock: t.inStock,
    }));
    const all = [...demo, ...syntheticTools(toolCount)].map((t) => ({
      ...t,
      imageUrl: '/images/tools/vf-dm200-digital-multimeter.webp',
    }));
    for (let i = 0; i < all.length; i += 1000) {
      await database.db.insert(tool).values(all.slice(i, i + 1000));
    }
    const query = rawQuery(database);
    // A catalogue at rest, as autovacuum leaves it: statistics taken and GIN indexes' pending
    // entries merged (the planner prices an index by them, and every scan reads them). With
    // --no-vacuum, as just imported (and as PGlite, which never vacuums, keeps it): analysed only.
    await query(args['no-vacuum'] ? 'analyze tool' : 'vacuum analyze tool', []);
    const version = (await query('select version() as v', []))[0].v;
    out(
      `${args.pglite ? 'PGlite' : 'PostgreSQL'}: ${version.split(',')[0]}; ${all.length} tools (16 demo + ${toolCount} synthetic), ${args['no-vacuum'] ? 'analysed, not vacuumed' : 'vacuumed and analysed'}; ${runs} runs per statement`,
    );
    out();

    const dialect = new PgDialect();
    const rows = [];
    for (const [label, input, facets] of statements) {
      const { sql: text, params } = dialect.sqlToQuery(
        toolSearchStatement(toolListQuerySchema.parse(input), { facets }),
      );
      const [
        {
          'QUERY PLAN': [first],
        },
      ] = await query(`explain (analyze, format json) ${text}`, params);
      const reads = planReads(first.Plan);
      if (args.plans) {
        out(`-- ${label}`);
        const plan = await query(`explain (analyze, buffers off) ${text}`, params);
        for (const r of plan) out(Object.values(r)[0]);
        out();
      }
      const times = [];
      for (let i = 0; i < runs; i++) {
        const [
          {
            'QUERY PLAN': [result],
          },
        ] = await query(`explain (analyze, timing off, format json) ${text}`, params);
        times.push(result['Execution Time']);
      }
      times.sort((a, b) => a - b);
      const [{ total_count: total }] = await query(text, params);
      rows.push([
        label,
        String(total),
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.99)),
        [...reads.indexes].sort().join(', ') || '–',
        [...reads.seqScans].sort().join(', ') || '–',
      ]);
    }
    const head = ['statement', 'total', 'p50 ms', 'p99 ms', 'indexes read', 'seq scans'];
    out(`| ${head.join(' | ')} |`);
    out(`|${head.map((_, i) => (i === 0 || i >= 4 ? ':---' : '---:')).join('|')}|`);
    for (const r of rows) out(`| ${r.join(' | ')} |`);
    out();

    // The dearest preview anyone may ask for: 500 part numbers nobody sells, each needing its
    // suggestions.
    const unknown = Array.from({ length: 500 }, (_, i) => `ZZ-${i}, 3`).join('\n');
    const previews = [];
    for (let i = 0; i < previewRuns; i++) {
      const startedAt = performance.now();
      const preview = await previewQuickOrder(database.db, unknown);
      previews.push(performance.now() - startedAt);
      if (preview.verdicts.length !== 500) throw new Error('the preview lost lines');
    }
    previews.sort((a, b) => a - b);
    if (previews.length > 0)
      out(
        `Quick order preview, 500 unknown part numbers (${previews.length} in a row, the service call): median ${ms(percentile(previews, 0.5))} ms, slowest ${ms(previews.at(-1))} ms`,
      );
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
