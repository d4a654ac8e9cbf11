import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOf, availabilityText } from '@voltforge/contract/availability';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import type { Batch, ToolSupply } from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import { stockMovement, tool as toolTable } from '../../db/schema/tool.ts';
import {
  createTestApp,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: TestApp;
let staff: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await registerUser(t.app, { name: 'Sol Staff', role: 'admin' });
  buyer = await registerUser(t.app, { name: 'Bea Buyer' });
});
afterAll(() => t.close());

const call = (
  as: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => request(t.app, { method, url, payload, ...(as ? { as } : {}) });
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const stockOf = async (id: string) =>
  (await t.app.db.select().from(toolTable).where(eq(toolTable.id, id)))[0]!.inStock;

describe('incoming batches', () => {
  it('are entered, moved and received into stock once, and say when a quantity ships', async () => {
    const scope = await insertTool(t.app.db, {
      name: 'Bench scope',
      inStock: 18,
      minOrderQuantity: 1,
    });
    const added = await call(staff, 'POST', `/api/admin/tools/${scope.id}/batches`, {
      quantity: 10,
      expectedOn: inDays(21),
    });
    expect(added.statusCode, added.body).toBe(201);
    const batch = added.json<Batch>();
    expect(batch).toMatchObject({
      toolId: scope.id,
      quantity: 10,
      expectedOn: inDays(21),
      receivedAt: null,
    });

    // Anyone reads a tool's supply; availability is worked out from it by the contract.
    const supply = (await call(null, 'GET', `/api/tool/${scope.id}/supply`)).json<ToolSupply>();
    expect(supply).toEqual({
      inStock: 18,
      backorderable: false,
      leadTimeWeeks: null,
      incoming: [{ quantity: 10, expectedOn: inDays(21) }],
    });
    const today = inDays(0);
    expect(availabilityText(availabilityOf(25, { ...supply, backorderable: true }, today))).toBe(
      `18 now, 7 by ${formatCalendarDate(inDays(21)).replace(/, \d{4}$/, '')}`,
    );

    const moved = await call(staff, 'PATCH', `/api/admin/batches/${batch.id}`, {
      expectedOn: inDays(28),
    });
    expect(moved.json<Batch>().expectedOn).toBe(inDays(28));
    const expected = (await call(staff, 'GET', '/api/admin/batches?received=false')).json<
      Batch[]
    >();
    expect(expected.map((b) => b.id)).toContain(batch.id);

    // Ten receipts at once: the stock grows once, and one movement names the batch.
    const receipts = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(staff, 'POST', `/api/admin/batches/${batch.id}/receive`, {}),
      ),
    );
    expect(receipts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(receipts.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(errorOf(receipts.find((r) => r.statusCode === 409)!).message).toBe(
      supplyMessages.received(formatCalendarDate(inDays(0))),
    );
    expect(await stockOf(scope.id)).toBe(28);
    const movements = await t.app.db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.batchId, batch.id));
    expect(movements).toMatchObject([{ delta: 10, reason: 'receipt', actorId: staff.id }]);
    // Received: it cannot move, and it is no longer expected.
    expect(
      (await call(staff, 'PATCH', `/api/admin/batches/${batch.id}`, { expectedOn: inDays(30) }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(null, 'GET', `/api/tool/${scope.id}/supply`)).json<ToolSupply>().incoming,
    ).toEqual([]);
  });

  it('takes in what arrived of a batch, never more than it', async () => {
    const relay = await insertTool(t.app.db, { inStock: 0 });
    const batch = (
      await call(staff, 'POST', `/api/admin/tools/${relay.id}/batches`, {
        quantity: 10,
        expectedOn: inDays(1),
      })
    ).json<Batch>();
    const tooMuch = await call(staff, 'POST', `/api/admin/batches/${batch.id}/receive`, {
      quantity: 11,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).message).toBe(supplyMessages.receiveTooMuch(10));
    const part = await call(staff, 'POST', `/api/admin/batches/${batch.id}/receive`, {
      quantity: 7,
    });
    expect(part.json<Batch>()).toMatchObject({ receivedQuantity: 7 });
    expect(await stockOf(relay.id)).toBe(7);
  });

  it('refuses bad input with a clear message, and is staff only', async () => {
    const meter = await insertTool(t.app.db);
    const bad: Array<[object, string]> = [
      [{ quantity: 0, expectedOn: inDays(3) }, supplyMessages.quantity],
      [{ quantity: 2.5, expectedOn: inDays(3) }, supplyMessages.quantity],
      [{ quantity: 5, expectedOn: '2020-01-01' }, supplyMessages.expectedOn],
      [{ quantity: 5, expectedOn: '2026-02-30' }, 'YYYY-MM-DD'],
      [{ quantity: 5 }, 'YYYY-MM-DD'],
    ];
    for (const [body, message] of bad) {
      const res = await call(staff, 'POST', `/api/admin/tools/${meter.id}/batches`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(errorOf(res))).toContain(message);
    }
    expect(
      (
        await call(staff, 'POST', `/api/admin/tools/${randomUUID()}/batches`, {
          quantity: 5,
          expectedOn: inDays(3),
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(staff, 'POST', `/api/admin/batches/nope/receive`, {})).statusCode).toBe(404);
    expect(
      (
        await call(buyer, 'POST', `/api/admin/tools/${meter.id}/batches`, {
          quantity: 5,
          expectedOn: inDays(3),
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(buyer, 'GET', '/api/admin/batches')).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/tool/nope/supply`)).statusCode).toBe(404);
  });
});
