import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import type { Tool } from '@voltforge/contract/tool';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;

beforeAll(async () => {
  t = await createShopTestApp();
  await insertTool(t.app.db, {
    name: 'Alpha Meter',
    partNumber: 'VF-AM1',
    minOrderQuantity: 2,
    inStock: 4,
  });
  await insertTool(t.app.db, {
    name: 'Beta Scope',
    partNumber: 'VF-BS9',
    minOrderQuantity: 2,
    inStock: 5,
  });
  await insertTool(t.app.db, {
    name: 'Gamma Iron',
    partNumber: 'VF-GI3',
    minOrderQuantity: 1,
    lowStockThreshold: 20,
    inStock: 20,
  });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await request(t.app, { method: 'GET', url: `/api/admin/tools${query}`, as: t.admin });
  expect(res.statusCode).toBe(200);
  return { tools: res.json<AdminTool[]>(), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/admin/tools', () => {
  it('marks tools at or below their threshold (default twice the minimum order) and filters to them', async () => {
    const all = await list('');
    expect(
      all.tools.map((x) => [
        x.partNumber,
        x.lowStockThreshold,
        x.customLowStockThreshold,
        x.lowStock,
      ]),
    ).toEqual([
      ['VF-AM1', 4, null, true],
      ['VF-BS9', 4, null, false],
      ['VF-GI3', 20, 20, true],
    ]);
    const low = await list('?lowStock=true');
    expect(low.tools.map((x) => x.partNumber)).toEqual(['VF-AM1', 'VF-GI3']);
    expect(low.total).toBe(2);
  });

  it('gives one tool with its custom threshold, and 404 for a tool that is not for sale', async () => {
    const [first] = (await list('?search=VF-GI3')).tools;
    const one = await request(t.app, {
      method: 'GET',
      url: `/api/admin/tools/${first?._id}`,
      as: t.admin,
    });
    expect(one.json<AdminTool>()).toMatchObject({
      partNumber: 'VF-GI3',
      customLowStockThreshold: 20,
    });
    const gone = await insertTool(t.app.db, { archivedAt: new Date() });
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/admin/tools/${gone.id}`,
      as: t.admin,
    });
    expect(res.statusCode).toBe(404);
  });

  it('finds a tool by part number in any letter case, and by name', async () => {
    expect((await list('?search=vf-bs')).tools.map((x) => x.name)).toEqual(['Beta Scope']);
    expect((await list('?search=gamma')).tools.map((x) => x.partNumber)).toEqual(['VF-GI3']);
  });
});

describe('part numbers on Add Tools', () => {
  const body = (partNumber: string) => ({
    partNumber,
    name: `Probe ${partNumber}`,
    inStock: 3,
    minOrderQuantity: 1,
    price: 4.5,
    desc: 'A probe.',
    img: '/images/tools/vf-tl100-test-leads.svg',
    category: 'Test',
  });

  it('are required, and a part number taken in another letter case is refused naming the field', async () => {
    const { partNumber: _none, ...without } = body('X');
    const missing = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: without,
      as: t.admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { fields: { partNumber: 'Part number is required' } },
    });

    const created = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: body('VF-NEW7'),
      as: t.admin,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Tool>().partNumber).toBe('VF-NEW7');

    const clash = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: body('vf-new7'),
      as: t.admin,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: { fields: { partNumber: 'Part number vf-new7 is already used by another tool' } },
    });
  });
});
