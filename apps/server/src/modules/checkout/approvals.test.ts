import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '@voltforge/contract/approval';
import { approvalMessages, approvalStatusLabels } from '@voltforge/contract/approval-rules';
import type { Cart } from '@voltforge/contract/cart';
import type { Company } from '@voltforge/contract/company';
import type { CompanyOrder, Order } from '@voltforge/contract/order';
import { companyMember } from '../../db/schema/company.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { order } from '../../db/schema/order.ts';
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
beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
});
afterAll(() => t.close());

const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(t.app, { method, url, payload, as });

/** A company: its admin, an approver and a buyer (added as the invitation would). */
async function team(name: string) {
  const admin = await registerUser(t.app, { name: `${name} Admin` });
  const made = await call(admin, 'POST', '/api/company', { name });
  expect(made.statusCode, made.body).toBe(201);
  const company = made.json<Company>();
  const approver = await registerUser(t.app, { name: `${name} Approver` });
  const buyer = await registerUser(t.app, { name: `${name} Buyer` });
  await t.app.db.insert(companyMember).values([
    { userId: approver.id, companyId: company.id, role: 'approver' },
    { userId: buyer.id, companyId: company.id, role: 'buyer' },
  ]);
  return { admin, approver, buyer, company };
}

async function fill(as: TestUser, toolId: string, quantity: number): Promise<Cart> {
  const res = await call(as, 'POST', '/api/cart/lines', { lines: [{ toolId, quantity }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Cart>();
}

const checkoutOf = (as: TestUser, cart: Cart, extra: object = {}) =>
  call(as, 'POST', '/api/checkout', {
    phone: '+1 555 010 2030',
    address: 'Goods In\n9 Dock Road',
    expectedTotal: cart.total,
    poNumber: 'PO-APP-1',
    ...extra,
  });

describe('approvals', () => {
  it("sends a cart over the buyer's order limit to the approvers; approving places it exactly as sent, once", async () => {
    const { admin, approver, buyer, company } = await team('Approve Ltd');
    const limits = await call(admin, 'PUT', `/api/company/members/${buyer.id}/limits`, {
      orderLimit: 50,
      monthlyLimit: null,
    });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json<Company>().members.find((m) => m.userId === buyer.id)).toMatchObject({
      orderLimit: 50,
      monthlyLimit: null,
    });
    // Only the company's admins set limits.
    expect(
      (
        await call(approver, 'PUT', `/api/company/members/${buyer.id}/limits`, {
          orderLimit: 1e6,
          monthlyLimit: null,
        })
      ).statusCode,
    ).toBe(403);

    const tool = await insertTool(t.app.db, {
      priceCents: 2_000,
      minOrderQuantity: 1,
      inStock: 50,
    });
    const cart = await fill(buyer, tool.id, 3);
    const sent = await checkoutOf(buyer, cart);
    expect(sent.statusCode, sent.body).toBe(202);
    const asked = sent.json<Approval>();
    expect(asked).toMatchObject({
      status: 'pending',
      requestedBy: { id: buyer.id },
      total: cart.total,
      why: approvalMessages.overOrderLimit('$50.00'),
      poNumber: 'PO-APP-1',
      lines: [{ partNumber: tool.partNumber, quantity: 3 }],
    });
    // Nothing was placed, the cart is kept, and the approvers (not the buyer) got a mail.
    expect(await t.app.db.select().from(order).where(eq(order.companyId, company.id))).toEqual([]);
    expect((await call(buyer, 'GET', '/api/cart')).json<Cart>().lines).toHaveLength(1);
    const mails = await t.app.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'approval_requested'));
    const to = mails.map((m) => m.to);
    expect(to).toEqual(
      expect.arrayContaining([admin.email.toLowerCase(), approver.email.toLowerCase()]),
    );
    expect(to).not.toContain(buyer.email.toLowerCase());

    // The buyer sees their request; cannot approve it; another company cannot see it.
    expect((await call(buyer, 'GET', '/api/company/approvals')).json<Approval[]>()).toEqual([
      expect.objectContaining({ id: asked.id }),
    ]);
    expect(
      (await call(buyer, 'POST', `/api/company/approvals/${asked.id}/approve`)).statusCode,
    ).toBe(403);
    const { approver: stranger } = await team('Other Ltd');
    expect(
      (await call(stranger, 'POST', `/api/company/approvals/${asked.id}/approve`)).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', '/api/company/approvals')).json<Approval[]>()).toEqual([]);

    // Two approvers at once: one order, at the total approved.
    const both = await Promise.all([
      call(approver, 'POST', `/api/company/approvals/${asked.id}/approve`),
      call(admin, 'POST', `/api/company/approvals/${asked.id}/approve`),
    ]);
    expect(both.map((r) => r.statusCode).sort(), both[0].body).toEqual([200, 409]);
    const placed = await t.app.db.select().from(order).where(eq(order.companyId, company.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      userId: buyer.id,
      totalCents: Math.round(cart.total * 100),
      poNumber: 'PO-APP-1',
      address: 'Goods In\n9 Dock Road',
    });
    const done = both.find((r) => r.statusCode === 200)!.json<Approval>();
    expect(done).toMatchObject({ status: 'approved', order: { id: placed[0]!.id } });
    // The company's orders say who placed and who approved it; the cart is empty.
    const listed = (await call(admin, 'GET', '/api/company/orders')).json<CompanyOrder[]>();
    expect(listed[0]).toMatchObject({ name: buyer.name, approvedBy: done.decidedBy });
    expect((await call(buyer, 'GET', '/api/cart')).json<Cart>().lines).toEqual([]);
    // Deciding again does nothing more.
    const again = await call(admin, 'POST', `/api/company/approvals/${asked.id}/reject`, {
      reason: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(approvalMessages.decided(approvalStatusLabels.approved));
  });

  it('voids a request when the cart changes, and places nothing on it', async () => {
    const { admin, approver, buyer, company } = await team('Void Ltd');
    await call(admin, 'PUT', `/api/company/members/${buyer.id}/limits`, {
      orderLimit: 10,
      monthlyLimit: null,
    });
    const tool = await insertTool(t.app.db, {
      priceCents: 2_000,
      minOrderQuantity: 1,
      inStock: 50,
    });
    const asked = (await checkoutOf(buyer, await fill(buyer, tool.id, 1))).json<Approval>();
    expect(asked.status).toBe('pending');
    await call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 2 });
    const [listed] = (await call(approver, 'GET', '/api/company/approvals')).json<Approval[]>();
    expect(listed).toMatchObject({ id: asked.id, status: 'void' });
    const refused = await call(approver, 'POST', `/api/company/approvals/${asked.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(await t.app.db.select().from(order).where(eq(order.companyId, company.id))).toEqual([]);
  });

  it("counts the company's earlier orders this month against the monthly limit, and rejects with a reason", async () => {
    const { admin, approver, buyer, company } = await team('Month Ltd');
    const tool = await insertTool(t.app.db, {
      priceCents: 1_000,
      minOrderQuantity: 1,
      inStock: 100,
    });
    // The admin (no limits) spends first.
    const first = await checkoutOf(admin, await fill(admin, tool.id, 5));
    expect(first.statusCode, first.body).toBe(201);
    const spent = first.json<Order>().total;
    const cart = await fill(buyer, tool.id, 1);
    await call(admin, 'PUT', `/api/company/members/${buyer.id}/limits`, {
      orderLimit: null,
      monthlyLimit: Math.floor(spent + cart.total - 1),
    });
    const sent = await checkoutOf(buyer, cart);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<Approval>().why).toMatch(/^Over your monthly limit of \$/);
    // With room for it, the same cart is placed at once.
    await call(admin, 'PUT', `/api/company/members/${buyer.id}/limits`, {
      orderLimit: null,
      monthlyLimit: Math.ceil(spent + cart.total),
    });
    const bad = await call(
      approver,
      'POST',
      `/api/company/approvals/${sent.json<Approval>().id}/reject`,
      {
        reason: 'a\u0007b',
      },
    );
    expect(bad.statusCode).toBe(400);
    const rejected = await call(
      approver,
      'POST',
      `/api/company/approvals/${sent.json<Approval>().id}/reject`,
      { reason: 'Use the framework agreement' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Approval>()).toMatchObject({
      status: 'rejected',
      reason: 'Use the framework agreement',
    });
    const [mail] = await t.app.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'approval_rejected'));
    expect(mail?.text).toContain('Use the framework agreement');
    const placed = await checkoutOf(buyer, cart);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await t.app.db.select().from(order).where(eq(order.companyId, company.id))).toHaveLength(
      2,
    );

    // Bad limits are refused field by field.
    const badLimits = await call(admin, 'PUT', `/api/company/members/${buyer.id}/limits`, {
      orderLimit: -1,
      monthlyLimit: 0.001,
    });
    expect(badLimits.statusCode).toBe(400);
    expect(Object.keys(errorOf(badLimits).fields ?? {}).sort()).toEqual([
      'monthlyLimit',
      'orderLimit',
    ]);
  });
});
