import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@voltforge/contract/admin-overview';
import { user } from '../db/schema/auth.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { tool } from '../db/schema/tool.ts';
import { lowStockNotifier } from '../mail/stock-notices.ts';
import { registerUser, request, type TestUser } from '../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../test/shop-fixtures.ts';
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
    expect(await syncLowStock(t.app.db, [custom.id], null)).toEqual([]);
    const gone = await insertTool(t.app.db, { inStock: 0, archivedAt: new Date() });
    expect(await syncLowStock(t.app.db, [gone.id], null)).toEqual([]);
  });

  it('reports once when two changes take the same tool low at the same time', async () => {
    const made = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 1 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.db.transaction((tx) => syncLowStock(tx, [made.id], null)),
      ),
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

describe('low-stock mail to admins', () => {
  let secondAdmin: TestUser;
  beforeAll(async () => {
    secondAdmin = await registerUser(t.app, { name: 'Otto Ohm', role: 'admin' });
    // A banned admin is never among the recipients below.
    const banned = await registerUser(t.app, { name: 'Bart Banned', role: 'admin' });
    await t.app.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
  });

  // Each order by someone new: the unpaid-order cap is not what these tests are about.
  const order = async (toolId: string, quantity: number) =>
    request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId, quantity, phone: '+1 555 010 2030', address: '1 Main St' },
      as: await registerUser(t.app),
    });
  /** The low-stock mails that name this part number, by recipient. */
  const mailsAbout = async (partNumber: string) => {
    const rows = await t.app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'low_stock'));
    return rows.filter((m) => m.text.includes(partNumber));
  };
  const recipients = async (partNumber: string) =>
    (await mailsAbout(partNumber)).map((m) => m.to).sort();

  it('an order crossing the threshold mails every admin once; another order below it does not', async () => {
    const made = await insertTool(t.app.db, {
      name: 'Relay Board',
      partNumber: 'VF-LS-ORD',
      minOrderQuantity: 2,
      inStock: 10,
    });
    expect((await order(made.id, 5)).statusCode).toBe(201);
    expect(await mailsAbout('VF-LS-ORD')).toEqual([]);

    expect((await order(made.id, 2)).statusCode).toBe(201);
    const admins = [t.admin.email, secondAdmin.email].sort();
    expect(await recipients('VF-LS-ORD')).toEqual(admins);
    const [mail] = await mailsAbout('VF-LS-ORD');
    expect(mail?.subject).toBe('Low stock: Relay Board (VF-LS-ORD), 3 left');
    expect(mail?.text).toContain('In stock: 3');
    expect(mail?.text).toContain('Low at: 4');
    expect(mail?.text).toContain('/dashboard/manageTools?lowStock=1');

    expect((await order(made.id, 2)).statusCode).toBe(201);
    expect(await recipients('VF-LS-ORD')).toEqual(admins);

    // Restocked above the threshold, then down again: a new fall, a new mail.
    const restocked = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${made.id}/restock`,
      payload: { quantity: 20 },
      as: t.admin,
    });
    expect(restocked.statusCode).toBe(200);
    expect(await recipients('VF-LS-ORD')).toEqual(admins);
    expect((await order(made.id, 18)).statusCode).toBe(201);
    expect(await recipients('VF-LS-ORD')).toEqual([...admins, ...admins].sort());
  });

  it('an admin edit of the stock level mails the admins when it crosses', async () => {
    const made = await insertTool(t.app.db, {
      partNumber: 'VF-LS-EDIT',
      minOrderQuantity: 1,
      inStock: 9,
    });
    const edit = (payload: object) =>
      request(t.app, { method: 'PATCH', url: `/api/tool/${made.id}`, payload, as: t.admin });
    expect((await edit({ expectedInStock: 9, inStock: 3 })).statusCode).toBe(200);
    expect(await mailsAbout('VF-LS-EDIT')).toEqual([]);
    expect((await edit({ expectedInStock: 3, inStock: 2 })).statusCode).toBe(200);
    expect(await recipients('VF-LS-EDIT')).toEqual([t.admin.email, secondAdmin.email].sort());
    expect((await edit({ expectedInStock: 2, inStock: 1 })).statusCode).toBe(200);
    expect(await mailsAbout('VF-LS-EDIT')).toHaveLength(2);
  });

  it('a CSV import that takes tools low sends one mail per admin listing them', async () => {
    await insertTool(t.app.db, { name: 'Alpha Clamp', partNumber: 'VF-LS-CSV1', inStock: 50 });
    await insertTool(t.app.db, { name: 'Beta Clamp', partNumber: 'VF-LS-CSV2', inStock: 50 });
    const csv = ['partNumber,inStock', 'VF-LS-CSV1,1', 'VF-LS-CSV2,2'].join('\r\n');
    const preview = await request(t.app, {
      method: 'POST',
      url: '/api/tool/import/preview',
      payload: { csv },
      as: t.admin,
    });
    expect(preview.statusCode).toBe(200);
    const { planHash } = preview.json<{ planHash: string }>();
    const applied = await request(t.app, {
      method: 'POST',
      url: '/api/tool/import',
      payload: { csv, planHash },
      as: t.admin,
    });
    expect(applied.statusCode).toBe(200);
    const mails = await mailsAbout('VF-LS-CSV1');
    expect(mails.map((m) => m.to).sort()).toEqual([t.admin.email, secondAdmin.email].sort());
    expect(mails[0]?.subject).toBe('Low stock: 2 tools');
    expect(mails[0]?.text).toContain('VF-LS-CSV2');
  });

  it('a change that rolls back writes no mail and leaves the tool unmarked', async () => {
    const made = await insertTool(t.app.db, {
      partNumber: 'VF-LS-ROLL',
      minOrderQuantity: 1,
      inStock: 10,
    });
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(tool).set({ inStock: 1 }).where(eq(tool.id, made.id));
        const alerts = await syncLowStock(tx, [made.id], lowStockNotifier('http://shop.test'));
        expect(alerts).toHaveLength(1);
        throw new Error('the change fails after the alert was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await mailsAbout('VF-LS-ROLL')).toEqual([]);
    const [after] = await t.app.db.select().from(tool).where(eq(tool.id, made.id));
    expect(after).toMatchObject({ inStock: 10, lowStockNotifiedAt: null });
  });
});
