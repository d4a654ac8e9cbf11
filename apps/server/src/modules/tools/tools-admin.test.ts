import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, toolFieldMessages, type ToolInput } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createShopTestApp({ names: { customerA: 'Carl Customer' } });
  ({ customerA: customer, admin } = t);
});
afterAll(() => t.close());

const validTool = (overrides: Partial<Record<keyof ToolInput, unknown>> = {}) => ({
  partNumber: `CT-${randomUUID().slice(0, 8)}`,
  name: `Cable Tester ${randomUUID().slice(0, 6)}`,
  inStock: 40,
  minOrderQuantity: 2,
  price: 24.5,
  desc: 'Checks RJ45 and coax cables for opens, shorts and miswires.',
  img: 'https://images.example.com/cable-tester.png',
  category: 'Measurement & Test',
  ...overrides,
});

async function addTool(overrides: Partial<Record<keyof ToolInput, unknown>> = {}): Promise<Tool> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/tool',
    payload: validTool(overrides),
    as: admin,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Tool>();
}

async function movementsOf(toolId: string) {
  return t.app.db
    .select({
      delta: stockMovement.delta,
      reason: stockMovement.reason,
      actorId: stockMovement.actorId,
    })
    .from(stockMovement)
    .where(eq(stockMovement.toolId, toolId))
    .orderBy(stockMovement.createdAt);
}

describe('POST /api/tool', () => {
  it('adds a tool that the public catalogue lists at once, with its opening stock on the books', async () => {
    const created = await addTool({ price: 19.99, img: '/images/tools/vf-ws12-wire-stripper.svg' });
    expect(created).toMatchObject({
      price: 19.99,
      inStock: 40,
      minOrderQuantity: 2,
      img: '/images/tools/vf-ws12-wire-stripper.svg',
      category: 'Measurement & Test',
    });

    const one = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<Tool>().name).toBe(created.name);
    const list = await request(t.app, { method: 'GET', url: '/api/tool?sort=newest' });
    expect(list.json<Tool[]>()[0]?._id).toBe(created._id);

    const [row] = await t.app.db.select().from(tool).where(eq(tool.id, created._id));
    expect(row?.priceCents).toBe(1999);
    expect(await movementsOf(created._id)).toEqual([
      { delta: 40, reason: 'restock', actorId: admin.id },
    ]);
  });

  it.each([
    ['price 0', { price: 0 }, 'price', toolFieldMessages.pricePositive],
    ['a negative price', { price: -5 }, 'price', toolFieldMessages.pricePositive],
    ['three decimals', { price: 1.005 }, 'price', toolFieldMessages.priceCents],
    ['a price as text', { price: '12' }, 'price', toolFieldMessages.priceNumber],
    ['a fractional stock', { inStock: 2.5 }, 'inStock', toolFieldMessages.inStockWhole],
    ['a negative stock', { inStock: -1 }, 'inStock', toolFieldMessages.inStockWhole],
    [
      'minimum order 0',
      { minOrderQuantity: 0 },
      'minOrderQuantity',
      toolFieldMessages.minOrderWhole,
    ],
    ['an empty name', { name: '   ' }, 'name', toolFieldMessages.nameRequired],
    ['no description', { desc: undefined }, 'desc', toolFieldMessages.descRequired],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'img', toolFieldMessages.imgInvalid],
    ['a relative path outside /images', { img: '/api/tool' }, 'img', toolFieldMessages.imgInvalid],
    [
      'a path escaping /images',
      { img: '/images/../index.html' },
      'img',
      toolFieldMessages.imgInvalid,
    ],
    ['no category', { category: '' }, 'category', toolFieldMessages.categoryRequired],
  ])('refuses %s with a message for that field', async (_label, overrides, field, message) => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: validTool(overrides),
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.[field]).toBe(message);
  });

  it('refuses fields the server owns', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: { ...validTool(), _id: randomUUID(), archivedAt: null },
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('"_id"');
  });

  it('is for admins only: 401 signed out, 403 for a customer, before the body is read', async () => {
    const anonymous = await request(t.app, { method: 'POST', url: '/api/tool', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: validTool(),
      as: customer,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(errorOf(asCustomer).code).toBe('forbidden');
  });
});

describe('categories', () => {
  const post = (category: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: validTool({ category }),
      as: admin,
    });

  it('refuses a category differing from one in use only by letter case or spaces, offering it', async () => {
    await addTool({ category: 'Hand Tools' });
    for (const typed of ['hand tools', '  HAND   tools ']) {
      const res = await post(typed);
      expect(res.statusCode).toBe(409);
      const message = toolFieldMessages.categoryClash('Hand Tools');
      expect(message).toContain('“Hand Tools”');
      expect(errorOf(res)).toMatchObject({ message, fields: { category: message } });
    }
    const categories = await request(t.app, { method: 'GET', url: '/api/tool/categories' });
    expect(
      categories.json<{ category: string }[]>().filter((c) => /hand tools/i.test(c.category)),
    ).toEqual([expect.objectContaining({ category: 'Hand Tools' })]);
  });

  it('takes an existing category as it is, and a new one on purpose', async () => {
    expect((await post('Hand Tools')).statusCode).toBe(201);
    expect((await post('Hand Tool Kits')).statusCode).toBe(201);
  });

  it('checks an edit the same way, not counting the tool’s own old spelling', async () => {
    const lone = await addTool({ category: 'Soldering Irons' });
    const other = await addTool({ category: 'Cable Ties' });
    const clash = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${other._id}`,
      payload: { category: 'soldering irons' },
      as: admin,
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).fields).toEqual({
      category: toolFieldMessages.categoryClash('Soldering Irons'),
    });
    // The only tool in "Soldering Irons" may correct its own category's spelling.
    const respelt = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${lone._id}`,
      payload: { category: 'Soldering irons' },
      as: admin,
    });
    expect(respelt.statusCode).toBe(200);
    expect(respelt.json<Tool>().category).toBe('Soldering irons');
  });
});

describe('PATCH /api/tool/:id', () => {
  it('changes only the fields sent and books a stock change as an adjustment', async () => {
    const created = await addTool();
    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { price: 30, inStock: 25, expectedInStock: 40 },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Tool>()).toMatchObject({
      _id: created._id,
      name: created.name,
      desc: created.desc,
      price: 30,
      inStock: 25,
    });
    expect(await movementsOf(created._id)).toEqual([
      { delta: 40, reason: 'restock', actorId: admin.id },
      { delta: -15, reason: 'adjust', actorId: admin.id },
    ]);
  });

  it('answers 409 and changes nothing when an order moved the stock since the form loaded', async () => {
    const created = await addTool({ inStock: 10, minOrderQuantity: 1 });
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: created._id, quantity: 3, phone: '+1 555 010 2030', address: '1 Main St' },
      as: customer,
    });
    expect(placed.statusCode).toBe(201);

    const stale = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { name: 'Renamed Tester', inStock: 12, expectedInStock: 10 },
      as: admin,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'conflict',
      message: 'The stock changed while you were editing (now 7). Reload and try again.',
    });
    const view = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(view.json<Tool>()).toMatchObject({ name: created.name, inStock: 7 });
    expect((await movementsOf(created._id)).filter((m) => m.reason === 'adjust')).toEqual([]);

    const fresh = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { inStock: 12, expectedInStock: 7 },
      as: admin,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<Tool>().inStock).toBe(12);
    expect((await movementsOf(created._id)).filter((m) => m.reason === 'adjust')).toEqual([
      { delta: 5, reason: 'adjust', actorId: admin.id },
    ]);
  });

  it('refuses a new stock without the stock it was based on', async () => {
    const created = await addTool();
    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { inStock: 5 },
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.expectedInStock).toBe(toolFieldMessages.expectedInStockRequired);
    const onlyExpected = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { expectedInStock: 40 },
      as: admin,
    });
    expect(onlyExpected.statusCode).toBe(400);
    expect(errorOf(onlyExpected).message).toBe(adminMessages.nothingToUpdate);
    const view = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(view.json<Tool>().inStock).toBe(40);
  });

  it('refuses an empty edit, a bad value and an unknown tool', async () => {
    const created = await addTool();
    const empty = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: {},
      as: admin,
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(adminMessages.nothingToUpdate);

    const bad = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { price: 0.001 },
      as: admin,
    });
    expect(bad.statusCode).toBe(400);

    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await request(t.app, {
        method: 'PATCH',
        url: `/api/tool/${id}`,
        payload: { name: 'Renamed' },
        as: admin,
      });
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(adminMessages.toolNotFound);
    }
  });
});

describe('price breaks and order multiples', () => {
  const breaks = [
    { quantity: 10, price: 22.5 },
    { quantity: 50, price: 19.75 },
  ];

  it('keeps the breaks and multiple an admin enters, and the catalogue shows them', async () => {
    const created = await addTool({ orderMultiple: 2, priceBreaks: breaks });
    expect(created).toMatchObject({ price: 24.5, orderMultiple: 2, priceBreaks: breaks });
    const res = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(res.json<Tool>()).toMatchObject({ orderMultiple: 2, priceBreaks: breaks });
    // A tool added without them sells any quantity at one price.
    expect(await addTool()).toMatchObject({ orderMultiple: 1, priceBreaks: [] });
  });

  it.each([
    [
      'a quantity that does not rise',
      { priceBreaks: [{ quantity: 2, price: 20 }] },
      'Price break 1 (2+): the quantity must be more than the minimum order quantity (2).',
    ],
    [
      'a price that does not fall',
      {
        priceBreaks: [
          { quantity: 10, price: 22.5 },
          { quantity: 50, price: 23 },
        ],
      },
      'Price break 2 (50+): the price must be less than that of break 1 ($22.50).',
    ],
    [
      'a minimum that is not a multiple',
      { orderMultiple: 4 },
      'The minimum order quantity (2) must be a multiple of the order multiple (4).',
    ],
    [
      'a break priced in fractions of a cent',
      { priceBreaks: [{ quantity: 10, price: 22.555 }] },
      toolFieldMessages.priceCents,
    ],
  ])('answers %s with 400 naming it, adding nothing', async (_label, fields, message) => {
    const body = validTool(fields);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: body,
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    const [row] = await t.app.db
      .select()
      .from(tool)
      .where(eq(tool.partNumber, String(body.partNumber)));
    expect(row).toBeUndefined();
  });

  it('checks an edit against the tool as it leaves it, changing nothing when it does not fit', async () => {
    const created = await addTool({ priceBreaks: breaks });
    const patch = (payload: object) =>
      request(t.app, { method: 'PATCH', url: `/api/tool/${created._id}`, payload, as: admin });
    // A base price at or below the first break's would make the break no saving.
    const res = await patch({ price: 22 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        message: 'Price break 1 (10+): the price must be less than the base price ($22.00).',
        fields: {
          priceBreaks: 'Price break 1 (10+): the price must be less than the base price ($22.00).',
        },
      },
    });
    const unchanged = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(unchanged.json<Tool>()).toMatchObject({ price: 24.5, priceBreaks: breaks });

    const edited = await patch({ price: 30, priceBreaks: [{ quantity: 100, price: 25 }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Tool>()).toMatchObject({
      price: 30,
      priceBreaks: [{ quantity: 100, price: 25 }],
    });
    expect((await patch({ priceBreaks: [] })).json<Tool>().priceBreaks).toEqual([]);
  });
});

describe('POST /api/tool/:id/restock', () => {
  it('adds the quantity, books a restock movement by the admin and returns the tool', async () => {
    const created = await addTool({ inStock: 5 });
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${created._id}/restock`,
      payload: { quantity: 12 },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Tool>()).toMatchObject({ _id: created._id, inStock: 17 });
    const publicView = await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` });
    expect(publicView.json<Tool>().inStock).toBe(17);
    expect(await movementsOf(created._id)).toEqual([
      { delta: 5, reason: 'restock', actorId: admin.id },
      { delta: 12, reason: 'restock', actorId: admin.id },
    ]);
  });

  it('counts every one of many concurrent restocks', async () => {
    const created = await addTool({ inStock: 0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app, {
          method: 'POST',
          url: `/api/tool/${created._id}/restock`,
          payload: { quantity: 3 },
          as: admin,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await t.app.db.select().from(tool).where(eq(tool.id, created._id));
    expect(row?.inStock).toBe(30);
    expect((await movementsOf(created._id)).filter((m) => m.reason === 'restock')).toHaveLength(10);
  });

  it.each([0, -4, 2.5, '7', null])('refuses quantity %s', async (quantity) => {
    const created = await addTool();
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${created._id}/restock`,
      payload: { quantity },
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.quantity).toBeTruthy();
    expect(await movementsOf(created._id)).toHaveLength(1);
  });

  it('refuses a stock the database could not hold, and an unknown or archived tool', async () => {
    const created = await addTool();
    await t.app.db.update(tool).set({ inStock: 2_147_000_000 }).where(eq(tool.id, created._id));
    const tooMuch = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${created._id}/restock`,
      payload: { quantity: 1_000_000 },
      as: admin,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).message).toBe(adminMessages.stockTooLarge);

    const unknown = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${randomUUID()}/restock`,
      payload: { quantity: 1 },
      as: admin,
    });
    expect(unknown.statusCode).toBe(404);

    const archived = await addTool();
    await request(t.app, { method: 'DELETE', url: `/api/tool/${archived._id}`, as: admin });
    const restockArchived = await request(t.app, {
      method: 'POST',
      url: `/api/tool/${archived._id}/restock`,
      payload: { quantity: 1 },
      as: admin,
    });
    expect(restockArchived.statusCode).toBe(404);
  });
});

describe('DELETE /api/tool/:id', () => {
  it('archives the tool: gone from the catalogue, kept in the database, counted once', async () => {
    const created = await addTool();
    const first = await request(t.app, {
      method: 'DELETE',
      url: `/api/tool/${created._id}`,
      as: admin,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ deletedCount: 1 });

    expect(
      (await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` })).statusCode,
    ).toBe(404);
    const list = await request(t.app, { method: 'GET', url: '/api/tool?pageSize=100' });
    expect(list.json<Tool[]>().some((x) => x._id === created._id)).toBe(false);
    const [row] = await t.app.db.select().from(tool).where(eq(tool.id, created._id));
    expect(row?.archivedAt).toBeInstanceOf(Date);

    const again = await request(t.app, {
      method: 'DELETE',
      url: `/api/tool/${created._id}`,
      as: admin,
    });
    expect(again.json()).toEqual({ deletedCount: 0 });

    const edit = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created._id}`,
      payload: { name: 'Back from the dead' },
      as: admin,
    });
    expect(edit.statusCode).toBe(404);
  });

  it('keeps orders that name the tool', async () => {
    const created = await addTool({ inStock: 10, minOrderQuantity: 1 });
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: created._id, quantity: 2, phone: '+1 555 010 2030', address: '1 Main St' },
      as: customer,
    });
    expect(placed.statusCode).toBe(201);
    await request(t.app, { method: 'DELETE', url: `/api/tool/${created._id}`, as: admin });
    const mine = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed.json<{ _id: string }>()._id}`,
      as: customer,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ order: created.name, quantity: 2 });
  });

  it('answers 404 for an unknown or malformed id, and 403 for a customer', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await request(t.app, { method: 'DELETE', url: `/api/tool/${id}`, as: admin });
      expect(res.statusCode).toBe(404);
    }
    const created = await addTool();
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/tool/${created._id}`,
      as: customer,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await request(t.app, { method: 'GET', url: `/api/tool/${created._id}` })).statusCode,
    ).toBe(200);
  });
});
