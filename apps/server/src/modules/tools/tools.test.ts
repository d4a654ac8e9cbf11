import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  toolListQuerySchema,
  type Tool,
  type ToolCategory,
  type ToolSearch,
} from '@voltforge/contract/tool';
import type { ShopSummary } from '@voltforge/contract/content';
import { review } from '../../db/schema/review.ts';
import { createTestApp, registerUser, request, type TestApp } from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { seedDemo } from '../../seed/seed.ts';
import { toolSearchStatement } from './tool-search.ts';

let t: TestApp;
const day = 86_400_000;
const base = Date.UTC(2025, 0, 1);

// Names chosen so that search, escaping and every sort order have something to tell apart.
const rows = [
  {
    name: 'Bench Power Supply 30V',
    category: 'Power Supplies',
    priceCents: 12900,
    inStock: 10,
    age: 5,
  },
  {
    name: 'Digital Multimeter',
    category: 'Measurement & Test',
    priceCents: 8950,
    inStock: 140,
    age: 1,
  },
  { name: 'Clamp Meter', category: 'Measurement & Test', priceCents: 5400, inStock: 0, age: 3 },
  { name: '100% Cotton Wipes', category: 'Consumables', priceCents: 450, inStock: 500, age: 4 },
  { name: 'Wire_Stripper Pro', category: 'Hand Tools', priceCents: 1999, inStock: 75, age: 2 },
  {
    name: 'Archived Soldering Iron',
    category: 'Soldering',
    priceCents: 3000,
    inStock: 9,
    age: 0,
    archived: true,
  },
];
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const r of rows) {
    const inserted = await insertTool(t.app.db, {
      name: r.name,
      partNumber: `VF-${r.name.slice(0, 4).toUpperCase().replace(/\W/g, 'X')}${r.age}`,
      description: `${r.name} description`,
      imageUrl: `/images/tools/${r.name.length}.svg`,
      category: r.category,
      priceCents: r.priceCents,
      minOrderQuantity: 2,
      inStock: r.inStock,
      createdAt: new Date(base - r.age * day),
      archivedAt: r.archived ? new Date(base) : null,
    });
    ids.set(r.name, inserted.id);
  }
});
afterAll(() => t.close());

async function list(query = '') {
  const res = await request(t.app, { method: 'GET', url: `/api/tool${query}` });
  return { res, names: res.statusCode === 200 ? res.json<Tool[]>().map((x) => x.name) : [] };
}

describe('GET /api/tool', () => {
  it('lists tools for sale newest first with the total in X-Total-Count, in the spec shape', async () => {
    const { res, names } = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(names).toEqual([
      'Digital Multimeter',
      'Wire_Stripper Pro',
      'Clamp Meter',
      '100% Cotton Wipes',
      'Bench Power Supply 30V',
    ]);
    expect(res.json<Tool[]>()[0]).toEqual({
      _id: ids.get('Digital Multimeter'),
      name: 'Digital Multimeter',
      partNumber: expect.stringMatching(/^VF-DIGI\d+$/) as unknown,
      img: '/images/tools/18.svg',
      price: 89.5,
      minOrderQuantity: 2,
      orderMultiple: 1,
      priceBreaks: [],
      inStock: 140,
      backorderable: false,
      leadTimeWeeks: null,
      desc: 'Digital Multimeter description',
      category: 'Measurement & Test',
      createdAt: new Date(base - day).toISOString(),
    });
  });

  it('finds a tool by its part number too, in any letter case', async () => {
    const { names } = await list('?search=vf-clam');
    expect(names).toEqual(['Clamp Meter']);
  });

  it('never lists an archived tool', async () => {
    const { names } = await list('?search=soldering');
    expect(names).toEqual([]);
  });

  it('finds tools by a partial, case-insensitive name', async () => {
    const { res, names } = await list('?search=METER&sort=newest');
    expect(names).toEqual(['Digital Multimeter', 'Clamp Meter']);
    expect(res.headers['x-total-count']).toBe('2');
    expect((await list('?search=%20%20multi%20%20')).names).toEqual(['Digital Multimeter']);
  });

  it('matches % and _ literally instead of as wildcards', async () => {
    expect((await list('?search=%25')).names).toEqual(['100% Cotton Wipes']);
    expect((await list('?search=_')).names).toEqual(['Wire_Stripper Pro']);
    expect((await list('?search=e_S')).names).toEqual(['Wire_Stripper Pro']);
    expect((await list('?search=%5C')).names).toEqual([]);
  });

  it('treats SQL in search as plain text', async () => {
    for (const attack of ["' OR 1=1 --", "'; DROP TABLE tool; --", "%' OR '%'='"]) {
      const { res, names } = await list(`?search=${encodeURIComponent(attack)}`);
      expect(res.statusCode).toBe(200);
      expect(names).toEqual([]);
    }
    // Its words are searched, its punctuation is not run: it finds what "Meter" finds.
    expect((await list(`?search=${encodeURIComponent("Meter') --")}`)).names).toEqual(
      (await list('?search=Meter')).names,
    );
    expect((await list()).names).toHaveLength(5);
  });

  it('treats text-search operators as plain text', async () => {
    for (const text of ['a & | ! :*', '!', ':*', '(meter', 'meter & !clamp', '<->', "'\\"]) {
      const { res } = await list(`?search=${encodeURIComponent(text)}`);
      expect(res.statusCode).toBe(200);
    }
    // "!clamp" is not "not clamp": the word is searched like any other.
    expect((await list(`?search=${encodeURIComponent('meter !clamp')}`)).names).toEqual([
      'Clamp Meter',
    ]);
  });

  it('puts the best match first for a search, unless a sort is picked', async () => {
    // A whole word of the name ranks above a part of a word.
    expect((await list('?search=meter')).names).toEqual(['Clamp Meter', 'Digital Multimeter']);
    expect((await list('?search=meter&sort=price_desc')).names).toEqual([
      'Digital Multimeter',
      'Clamp Meter',
    ]);
    // The part number typed exactly comes first.
    const part = (await list('?search=meter')).res.json<Tool[]>()[1]!.partNumber;
    expect((await list(`?search=${part}`)).names[0]).toBe('Digital Multimeter');
  });

  it('filters by stock and price, with the search and the category', async () => {
    expect((await list('?inStock=true&search=meter')).names).toEqual(['Digital Multimeter']);
    expect((await list('?minPrice=19.99&maxPrice=89.5&sort=price_asc')).names).toEqual([
      'Wire_Stripper Pro',
      'Clamp Meter',
      'Digital Multimeter',
    ]);
    expect((await list('?maxPrice=4.49')).names).toEqual([]);
    expect((await list('?minPrice=100&inStock=false')).names).toEqual(['Bench Power Supply 30V']);
    const both = await list(
      `?category=${encodeURIComponent('Measurement & Test')}&inStock=true&maxPrice=100`,
    );
    expect(both.names).toEqual(['Digital Multimeter']);
    expect(both.res.headers['x-total-count']).toBe('1');
  });

  it('filters by category, alone or with a search', async () => {
    const { res, names } = await list(`?category=${encodeURIComponent('Measurement & Test')}`);
    expect(names).toEqual(['Digital Multimeter', 'Clamp Meter']);
    expect(res.headers['x-total-count']).toBe('2');
    expect(
      (await list(`?category=${encodeURIComponent('Measurement & Test')}&search=clamp`)).names,
    ).toEqual(['Clamp Meter']);
    expect((await list('?category=Nothing')).names).toEqual([]);
    expect((await list('?category=Soldering')).names).toEqual([]);
  });

  it('sorts by price both ways, by name and by newest', async () => {
    expect((await list('?sort=price_asc')).names).toEqual([
      '100% Cotton Wipes',
      'Wire_Stripper Pro',
      'Clamp Meter',
      'Digital Multimeter',
      'Bench Power Supply 30V',
    ]);
    expect((await list('?sort=price_desc')).names).toEqual([
      'Bench Power Supply 30V',
      'Digital Multimeter',
      'Clamp Meter',
      'Wire_Stripper Pro',
      '100% Cotton Wipes',
    ]);
    expect((await list('?sort=name')).names).toEqual([
      '100% Cotton Wipes',
      'Bench Power Supply 30V',
      'Clamp Meter',
      'Digital Multimeter',
      'Wire_Stripper Pro',
    ]);
    expect((await list('?sort=newest')).names[0]).toBe('Digital Multimeter');
  });

  it('pages with a 1-based page and a pageSize, keeping the full total', async () => {
    const first = await list('?sort=name&pageSize=2');
    const second = await list('?sort=name&pageSize=2&page=2');
    const third = await list('?sort=name&pageSize=2&page=3');
    expect(first.names).toEqual(['100% Cotton Wipes', 'Bench Power Supply 30V']);
    expect(second.names).toEqual(['Clamp Meter', 'Digital Multimeter']);
    expect(third.names).toEqual(['Wire_Stripper Pro']);
    for (const page of [first, second, third]) expect(page.res.headers['x-total-count']).toBe('5');
  });

  it('answers a page past the end with an empty list and the real total', async () => {
    const { res, names } = await list('?page=4&pageSize=2');
    expect(res.statusCode).toBe(200);
    expect(names).toEqual([]);
    expect(res.headers['x-total-count']).toBe('5');
    expect((await list('?page=10000')).res.statusCode).toBe(200);
  });

  it('accepts the largest pageSize and the defaults', async () => {
    expect((await list('?pageSize=100')).names).toHaveLength(5);
    expect((await list('?page=1&pageSize=24&sort=newest&search=&category=')).names).toHaveLength(5);
  });

  it.each([
    ['?page=0', 'page', 'must be a whole number from 1 to 10000'],
    ['?page=-1', 'page', 'must be a whole number from 1 to 10000'],
    ['?page=1.5', 'page', 'must be a whole number from 1 to 10000'],
    ['?page=abc', 'page', 'must be a whole number from 1 to 10000'],
    ['?page=10001', 'page', 'must be a whole number from 1 to 10000'],
    ['?page=99999999999999999999', 'page', 'must be a whole number from 1 to 10000'],
    ['?pageSize=0', 'pageSize', 'must be a whole number from 1 to 100'],
    ['?pageSize=101', 'pageSize', 'must be a whole number from 1 to 100'],
    ['?pageSize=1e2', 'pageSize', 'must be a whole number from 1 to 100'],
    ['?sort=cheapest', 'sort', 'must be one of: price_asc, price_desc, name, newest'],
    ['?sort=', 'sort', 'must be one of: price_asc, price_desc, name, newest'],
    [`?search=${'a'.repeat(101)}`, 'search', 'must be at most 100 characters'],
    [`?category=${'a'.repeat(101)}`, 'category', 'must be at most 100 characters'],
    ['?search=a&search=b', 'search', 'must be given at most once'],
    ['?inStock=yes', 'inStock', 'must be true or false'],
    ['?minPrice=abc', 'minPrice', 'must be an amount in dollars, e.g. 25 or 19.99'],
    ['?minPrice=-1', 'minPrice', 'must be an amount in dollars, e.g. 25 or 19.99'],
    ['?maxPrice=1.234', 'maxPrice', 'must be an amount in dollars, e.g. 25 or 19.99'],
    ['?maxPrice=1e3', 'maxPrice', 'must be an amount in dollars, e.g. 25 or 19.99'],
    ['?minPrice=50&maxPrice=10', 'maxPrice', 'must not be below minPrice'],
    ['?page=1&page=2', 'page', 'must be a whole number from 1 to 10000'],
  ])('answers %s with a 400 naming the parameter', async (query, field, message) => {
    const res = await request(t.app, { method: 'GET', url: `/api/tool${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: `Invalid query parameter "${field}": ${message}`,
        fields: { [field]: message },
      },
    });
  });
});

describe('GET /api/tool/search', () => {
  async function search(query: string) {
    const res = await request(t.app, { method: 'GET', url: `/api/tool/search${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<ToolSearch>();
  }

  it('answers the page, the total and the filters’ counts in one response', async () => {
    const found = await search('?search=meter');
    expect(found.items.map((x) => x.name)).toEqual(['Clamp Meter', 'Digital Multimeter']);
    expect(found.total).toBe(2);
    expect(found.facets).toEqual({
      categories: [{ category: 'Measurement & Test', count: 2 }],
      inStock: 1,
      price: { min: 54, max: 89.5 },
    });
  });

  it('counts each filter’s values with every other filter applied', async () => {
    const found = await search('?category=Hand%20Tools&inStock=true');
    expect(found.items.map((x) => x.name)).toEqual(['Wire_Stripper Pro']);
    // The categories as they would be with stock on hand: the clamp meter has none.
    expect(found.facets.categories).toEqual([
      { category: 'Consumables', count: 1 },
      { category: 'Hand Tools', count: 1 },
      { category: 'Measurement & Test', count: 1 },
      { category: 'Power Supplies', count: 1 },
    ]);
    expect(found.facets.inStock).toBe(1);
    expect(found.facets.price).toEqual({ min: 19.99, max: 19.99 });
    const priced = await search('?minPrice=50&maxPrice=100');
    expect(priced.total).toBe(2);
    // The price range is of the tools the other filters leave, so the slider can widen again.
    expect(priced.facets.price).toEqual({ min: 4.5, max: 129 });
    expect(priced.facets.inStock).toBe(1);
  });

  it('answers no match with empty counts, and a page past the end with the counts', async () => {
    expect(await search('?search=zzzzqqq')).toEqual({
      items: [],
      total: 0,
      facets: { categories: [], inStock: 0, price: null },
    });
    const past = await search('?page=99');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(5);
    expect(past.facets.categories).toHaveLength(4);
  });

  it('answers a bad value with a 400 naming the parameter', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/tool/search?maxPrice=cheap' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      maxPrice: 'must be an amount in dollars, e.g. 25 or 19.99',
    });
  });

  /*
   * The table holds five tools, so the planner would rightly read it whole; with sequential scans
   * disabled (only inside this transaction) it must still find an index for every way of
   * matching, or the plan falls back to a sequential scan and this fails. Runs on PGlite and,
   * in the server-pg project, on PostgreSQL.
   */
  it('finds matches through the indexes', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const statement = toolSearchStatement(
        toolListQuerySchema.parse({ search: 'DM 200', category: 'Hand Tools' }),
      );
      const result = (await tx.execute<Record<string, string>>(sql`explain ${statement}`)) as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('tool_search_idx');
    expect(plan).toContain('tool_name_trgm_idx');
    expect(plan).toContain('tool_part_number_key_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on tool\b/);
    // One bitmap of the four ways of matching, over the stored words and key: nothing is
    // worked out again per tool (search-at-scale.test.ts checks the planner picks it unasked).
    expect(plan).toContain('BitmapOr');
    expect(plan).toMatch(/search_document @@/);
    expect(plan).toMatch(/part_number_key %/);
    expect(plan).not.toMatch(/to_tsvector|regexp_replace\(lower\(part_number/);
  });
});

describe('GET /api/tool/:id', () => {
  it('returns one tool', async () => {
    const res = await request(t.app, { method: 'GET', url: `/api/tool/${ids.get('Clamp Meter')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Tool>()).toMatchObject({ name: 'Clamp Meter', price: 54, inStock: 0 });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' OR '1'='1"],
  ])('answers %s with a JSON 404', async (_label, id) => {
    const res = await request(t.app, { method: 'GET', url: `/api/tool/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Tool not found.' } });
  });

  it('answers an archived tool with a 404', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/tool/${ids.get('Archived Soldering Iron')}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/tool/categories', () => {
  it('lists each category of tools for sale with its count', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/tool/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ToolCategory[]>()).toEqual([
      { category: 'Consumables', count: 1 },
      { category: 'Hand Tools', count: 1 },
      { category: 'Measurement & Test', count: 2 },
      { category: 'Power Supplies', count: 1 },
    ]);
  });
});

describe('GET /api/summary', () => {
  it('summarises the live catalogue and reviews', async () => {
    await t.app.db.insert(review).values([
      { userName: 'A', rating: 5, comment: 'Great' },
      { userName: 'B', rating: 4, comment: 'Good' },
      { userName: 'C', rating: 4, comment: 'Fine' },
    ]);
    const res = await request(t.app, { method: 'GET', url: '/api/summary' });
    expect(res.statusCode).toBe(200);
    const summary = res.json<ShopSummary>();
    expect(summary).toMatchObject({
      toolCount: 5,
      categoryCount: 4,
      stockOnHand: 10 + 140 + 0 + 500 + 75,
      outOfStockCount: 1,
      priceRange: { min: 4.5, max: 129 },
      reviewCount: 3,
      averageRating: 4.3,
    });
    expect(summary.categories).toContainEqual({
      category: 'Measurement & Test',
      toolCount: 2,
      stockOnHand: 140,
    });
  });

  it('follows the data: a restock changes the stock on hand', async () => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const restock = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${ids.get('Clamp Meter')!}/restock`,
      as: admin,
      payload: { quantity: 5 },
    });
    expect(restock.statusCode).toBe(200);
    const res = await request(t.app, { method: 'GET', url: '/api/summary' });
    expect(res.json<ShopSummary>()).toMatchObject({ stockOnHand: 730, outOfStockCount: 0 });
  });
});

describe('search on the demo catalogue', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    await seedDemo(demo.app, { withDemoAccounts: false });
  });
  afterAll(() => demo.close());

  async function parts(text: string) {
    const res = await request(demo.app, {
      method: 'GET',
      url: `/api/tool/search?search=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<ToolSearch>().items.map((x) => x.partNumber);
  }

  it('finds a plural: "multimeters" is the digital multimeter', async () => {
    expect((await parts('multimeters'))[0]).toBe('VF-DM200');
  });

  it('finds another form of a word: "crimper" is the crimping pliers', async () => {
    expect((await parts('crimper'))[0]).toBe('VF-CP8');
  });

  it('finds a part number typed with a space or without its hyphen', async () => {
    expect((await parts('DM 200'))[0]).toBe('VF-DM200');
    expect((await parts('vfdm200'))[0]).toBe('VF-DM200');
    expect((await parts('VF-DM2OO'))[0]).toBe('VF-DM200');
  });

  it('finds a tool by its category: "soldering" includes the hot-air rework station', async () => {
    expect(await parts('soldering')).toEqual(expect.arrayContaining(['VF-HR850', 'VF-SS60']));
  });

  it('finds a name with a typo', async () => {
    expect((await parts('multimter'))[0]).toBe('VF-DM200');
    expect((await parts('osciloscope'))[0]).toBe('VF-OS1104');
  });

  it('finds nothing for text that is nowhere', async () => {
    expect(await parts('espresso machine')).toEqual([]);
  });
});
