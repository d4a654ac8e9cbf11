import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { QuickOrderPreview } from '@voltforge/contract/quick-order';
import { toolListQuerySchema, type ToolSearch } from '@voltforge/contract/tool';
import { tool } from '../../db/schema/tool.ts';
import { createTestApp, request, type TestApp } from '../../../test/test-app.ts';
import { closestPartNumbersStatement, toolSearchStatement } from './tool-search.ts';

/*
 * A catalogue just written in bulk (an import: nothing has vacuumed the table since), large
 * enough that reading the whole table costs far more than reading the indexes. The search and
 * the quick order's suggestions must read the indexes without being told to (the plan tests of
 * tools.test.ts turn sequential scans off on a catalogue of five): reading the table instead, a
 * public preview of 500 unknown part numbers took 45 s of database time at 5,000 tools, and a
 * search over half a second (decision 020).
 */
const TOOLS = 5000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const rows = Array.from({ length: TOOLS }, (_, i) => ({
    name: `Relay module ${i}`,
    partNumber: `RM-${String(i).padStart(4, '0')}`,
    description: 'A relay module.',
    imageUrl: '/images/tools/vf-rl12-relay-module.webp',
    category: 'Components',
    priceCents: 990,
    inStock: 50,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await t.app.db.insert(tool).values(rows.slice(i, i + 500));
  }
});
afterAll(() => t.close());

/** The plan of `statement`, as EXPLAIN prints it. */
async function planOf(statement: SQL): Promise<string> {
  const result = (await t.app.db.execute(sql`explain ${statement}`)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('GET /api/tool/search on a large catalogue just imported', () => {
  it('reads the indexes for a word, a letter, a typo and a part number, never the whole table', async () => {
    for (const search of ['relay', 'e', 'modulle', 'RM 0042']) {
      const plan = await planOf(toolSearchStatement(toolListQuerySchema.parse({ search })));
      // The stored words and key are read, never worked out again for each tool.
      expect(plan).not.toMatch(/to_tsvector|regexp_replace\(lower\(part_number/);
      expect(plan).toContain('BitmapOr');
      expect(plan).toContain('tool_search_idx');
      expect(plan).toContain('tool_name_trgm_idx');
      expect(plan).toContain('tool_part_number_key_trgm_idx');
      expect(plan).not.toMatch(/Seq Scan on tool\b/);
    }
  });

  it('finds what the indexes find, best match first', async () => {
    const found = async (search: string) => {
      const res = await request(t.app, {
        method: 'GET',
        url: `/api/tool/search?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<ToolSearch>();
    };
    expect((await found('RM 0042')).items[0]?.partNumber).toBe('RM-0042');
    expect((await found('relay')).total).toBe(TOOLS);
    expect((await found('modulle')).total).toBe(TOOLS);
  });
});

describe('POST /api/quick-order/preview on a large catalogue just imported', () => {
  it('looks each unknown part number up in the part-number index, never reading the whole table', async () => {
    const unknown = Array.from({ length: 500 }, (_, i) => `ZZ-${i}`);
    const plan = await planOf(closestPartNumbersStatement(unknown));
    expect(plan).toContain('tool_part_number_key_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on tool\b/);
  });

  it('answers 500 unknown lines with their suggestions', async () => {
    const text = Array.from({ length: 500 }, (_, i) =>
      i === 0 ? 'RM 0042X, 2' : `ZZ-${i}, 3`,
    ).join('\n');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/quick-order/preview',
      payload: { text },
    });
    expect(res.statusCode).toBe(200);
    const { verdicts } = res.json<QuickOrderPreview>();
    expect(verdicts).toHaveLength(500);
    expect(verdicts.every((v) => v.status === 'unknown')).toBe(true);
    expect(verdicts[0]?.closest[0]).toBe('RM-0042');
  });
});
