import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@voltforge/contract/admin-overview';
import { tool } from '../../db/schema/tool.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { syncLowStock, type LowStockAlert } from './low-stock.service.ts';

let t: ShopTestApp;

beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

describe('low-stock alerts', () => {
  it('reports a tool once when it reaches its threshold, and again only after a restock above it', async () => {
    // Threshold by default: twice the minimum order quantity, 4.
    const made = await insertTool(t.app.db, { minOrderQuantity: 2, inStock: 6 });
    const told: LowStockAlert[][] = [];
    const setStock = async (inStock: number) => {
      await t.app.db.update(tool).set({ inStock }).where(eq(tool.id, made.id));
      return syncLowStock(t.app.db, [made.id], async (_tx, alerts) => {
        told.push(alerts);
      });
    };

    expect(await setStock(5)).toEqual([]);
    expect(await setStock(4)).toEqual([
      {
        id: made.id,
        name: made.name,
        partNumber: made.partNumber,
        inStock: 4,
        lowStockThreshold: 4,
      },
    ]);
    expect(await setStock(1)).toEqual([]);
    expect(await setStock(4)).toEqual([]);
    expect(await setStock(5)).toEqual([]);
    expect((await setStock(3)).map((a) => a.inStock)).toEqual([3]);
    expect(told.map((alerts) => alerts.map((a) => a.inStock))).toEqual([[4], [3]]);
  });

  it('uses the tool’s own threshold when one is set, and never reports a deleted tool', async () => {
    const custom = await insertTool(t.app.db, {
      minOrderQuantity: 10,
      lowStockThreshold: 1,
      inStock: 2,
    });
    expect(await syncLowStock(t.app.db, [custom.id])).toEqual([]);
    const gone = await insertTool(t.app.db, { inStock: 0, archivedAt: new Date() });
    expect(await syncLowStock(t.app.db, [gone.id])).toEqual([]);
  });

  it('reports once when two changes take the same tool low at the same time', async () => {
    const made = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 1 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.db.transaction((tx) => syncLowStock(tx, [made.id]))),
    );
    expect(results.flat()).toHaveLength(1);
  });
});

describe('low stock through the shop', () => {
  const order = (toolId: string, quantity: number, as: TestUser = t.customerA) =>
    request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId, quantity, phone: '+1 555 010 2030', address: '1 Main St' },
      as,
    });
  const alertOf = async (toolId: string) => {
    const res = await request(t.app, { method: 'GET', url: '/api/admin/overview', as: t.admin });
    return res.json<Overview>().lowStock.find((x) => x._id === toolId);
  };

  it('an order crossing the threshold alerts once; a restock above it re-arms the alert', async () => {
    const made = await insertTool(t.app.db, { minOrderQuantity: 2, inStock: 10 });
    expect((await order(made.id, 5)).statusCode).toBe(201);
    expect(await alertOf(made.id)).toBeUndefined();

    expect((await order(made.id, 2)).statusCode).toBe(201);
    const first = await alertOf(made.id);
    expect(first).toMatchObject({ inStock: 3, lowStockThreshold: 4 });
    expect(first?.notifiedAt).toEqual(expect.any(String));

    // Still low: the same alert, not a new one.
    expect((await order(made.id, 2, t.customerB)).statusCode).toBe(201);
    expect((await alertOf(made.id))?.notifiedAt).toBe(first?.notifiedAt);

    const restocked = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${made.id}/restock`,
      payload: { quantity: 20 },
      as: t.admin,
    });
    expect(restocked.statusCode).toBe(200);
    expect(await alertOf(made.id)).toBeUndefined();

    expect((await order(made.id, 18)).statusCode).toBe(201);
    const second = await alertOf(made.id);
    expect(second).toMatchObject({ inStock: 3 });
    expect(second?.notifiedAt).not.toBe(first?.notifiedAt);
  });

  it('raising the threshold in an edit can make a tool low', async () => {
    const made = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 8 });
    const edited = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${made.id}`,
      payload: { lowStockThreshold: 8 },
      as: t.admin,
    });
    expect(edited.statusCode).toBe(200);
    expect(await alertOf(made.id)).toMatchObject({ inStock: 8, lowStockThreshold: 8 });
  });
});
