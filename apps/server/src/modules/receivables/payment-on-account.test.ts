import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Cart } from '@voltforge/contract/cart';
import type { Company } from '@voltforge/contract/company';
import type {
  AccountInvoice,
  AdminCompany,
  AdminCompanyDetail,
  CompanyStatement,
} from '@voltforge/contract/credit';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import type { Order } from '@voltforge/contract/order';
import type { Db } from '../../db/client.ts';
import { company, companyMember } from '../../db/schema/company.ts';
import { creditEntry } from '../../db/schema/credit.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { invoice, order } from '../../db/schema/order.ts';
import {
  createTestApp,
  openTestDatabase,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  signUpOn,
  startServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-processes.ts';
import { remindOpenInvoices } from './receivables.service.ts';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
  staff = await registerUser(t.app, { name: 'Sam Staff', role: 'admin' });
});
afterAll(() => t.close());

const call = (
  as: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => request(t.app, { method, url, payload, as });

/** A company whose admin is a new account; answers both. */
async function companyWithAdmin(name: string): Promise<{ admin: TestUser; company: Company }> {
  const admin = await registerUser(t.app);
  const res = await call(admin, 'POST', '/api/company', { name });
  expect(res.statusCode, res.body).toBe(201);
  return { admin, company: res.json<Company>() };
}

/** Puts `quantity` of a $100.00 tool in the cart and checks out (on account unless told). */
async function checkoutOnAccount(
  as: TestUser,
  toolId: string,
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  await call(as, 'POST', '/api/cart/lines', { lines: [{ toolId, quantity }] });
  const cart = (await call(as, 'GET', '/api/cart')).json<Cart>();
  return call(as, 'POST', '/api/checkout', {
    phone: '+1 555 010 2030',
    address: 'Goods In\n9 Dock Road',
    expectedTotal: cart.total,
    paymentMethod: 'account',
    ...extra,
  });
}

/** Σ hold − Σ settle − Σ release for a company, read straight from the ledger. */
async function ledgerOwed(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({
      owed: sql<string>`coalesce(sum(case when ${creditEntry.kind} = 'hold' then ${creditEntry.amountCents} else -${creditEntry.amountCents} end), 0)`,
    })
    .from(creditEntry)
    .where(eq(creditEntry.companyId, companyId));
  return Number(row?.owed ?? 0);
}

describe('payment on account', () => {
  it('places an order on account within the credit, invoices it at once, and takes payments until it is paid', async () => {
    const { admin, company: acme } = await companyWithAdmin('Terms Ltd');
    const tool = await insertTool(t.app.db, {
      priceCents: 10_000,
      minOrderQuantity: 1,
      inStock: 50,
    });

    // No terms yet: a member is told to pay by card.
    const noTerms = await checkoutOnAccount(admin, tool.id, 1);
    expect(noTerms.statusCode).toBe(409);
    expect(errorOf(noTerms).message).toBe(creditMessages.noTerms);

    const granted = await call(staff, 'PUT', `/api/admin/companies/${acme.id}/account`, {
      termsDays: 30,
      creditLimit: 500,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<AdminCompanyDetail>()).toMatchObject({
      termsDays: 30,
      creditLimit: 500,
      owed: 0,
      available: 500,
    });

    const placed = await checkoutOnAccount(admin, tool.id, 3, { poNumber: 'PO-4471' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderJson = placed.json<Order>();
    expect(orderJson).toMatchObject({ status: 'on_account', paymentMethod: 'account', paid: true });
    expect(orderJson.invoice?.number).toMatch(/^INV-\d{4}-\d+$/);
    const issued = Date.parse(orderJson.invoice!.issuedAt);
    expect(Date.parse(orderJson.invoice!.dueAt!) - issued).toBe(30 * 86_400_000);
    expect(orderJson.invoice!.paidAt).toBeNull();
    const total = orderJson.total;
    // The stock is reserved like a paid order's; the placed mail asks for no card payment.
    const [mail] = await t.app.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderJson._id));
    expect(mail?.subject).toContain('placed on account');

    // The invoice PDF: PO number, terms and due date.
    const pdf = pdfText(
      (await call(admin, 'GET', `/api/order/${orderJson._id}/invoice.pdf`)).rawPayload,
    );
    expect(pdf).toContain('PO-4471');
    expect(pdf).toContain('Net 30');
    expect(pdf).toContain('Due date');
    expect(pdf).not.toContain('Paid in full');

    // The statement: what is owed and what is left.
    const statement = (await call(admin, 'GET', '/api/company/statement')).json<CompanyStatement>();
    expect(statement).toMatchObject({ owed: total, available: 500 - total, overdue: 0 });
    expect(statement.invoices).toEqual([
      expect.objectContaining({
        number: orderJson.invoice!.number,
        open: total,
        poNumber: 'PO-4471',
      }),
    ]);

    // A second order beyond the credit left is refused with the figure, and places nothing.
    const over = await checkoutOnAccount(admin, tool.id, 3);
    expect(over.statusCode).toBe(409);
    const left = 500 - total;
    expect(errorOf(over).message).toContain(`$${left.toFixed(2)}`);
    expect((await t.app.db.select().from(order).where(eq(order.companyId, acme.id))).length).toBe(
      1,
    );
    await call(admin, 'DELETE', '/api/cart');

    // The credit limit cannot go below what is owed.
    const below = await call(staff, 'PUT', `/api/admin/companies/${acme.id}/account`, {
      termsDays: 30,
      creditLimit: 100,
    });
    expect(below.statusCode).toBe(409);
    expect(errorOf(below).message).toBe(creditMessages.limitBelowOwed(`$${total.toFixed(2)}`));

    // Payments: partial, too much, the rest, then nothing more.
    const number = orderJson.invoice!.number;
    const pay = (amount: number, receivedOn = '2026-11-20', reference = 'BANK-1') =>
      call(staff, 'POST', `/api/admin/invoices/${number}/payments`, {
        amount,
        receivedOn,
        reference,
      });
    const partial = await pay(100);
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json<AccountInvoice>()).toMatchObject({
      paid: 100,
      open: total - 100,
      paidAt: null,
    });
    const tooMuch = await pay(total);
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).message).toBe(
      creditMessages.paymentTooLarge(`$${(total - 100).toFixed(2)}`),
    );
    const future = await pay(1, '2999-01-01');
    expect(future.statusCode).toBe(400);
    const rest = await pay(Math.round((total - 100) * 100) / 100);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<AccountInvoice>()).toMatchObject({ open: 0, paid: total });
    expect(rest.json<AccountInvoice>().paidAt).not.toBeNull();
    expect((await pay(1)).statusCode).toBe(409);

    // The order's timeline tells the invoice on account and each payment received.
    const timeline = (await call(staff, 'GET', `/api/order/${orderJson._id}/timeline`)).json<{
      events: Array<{ title: string; detail: string | null }>;
    }>();
    expect(timeline.events.find((e) => e.title.startsWith('Invoice'))?.detail).toMatch(
      /on account, due \d{4}-\d{2}-\d{2}$/,
    );
    expect(timeline.events.filter((e) => e.title === 'Payment received')).toHaveLength(2);

    // Paid in full: the credit is back, and the ledger says the same.
    const after = (
      await call(staff, 'GET', `/api/admin/companies/${acme.id}`)
    ).json<AdminCompanyDetail>();
    expect(after).toMatchObject({ owed: 0, available: 500 });
    expect(await ledgerOwed(t.app.db, acme.id)).toBe(0);
    const listed = (await call(staff, 'GET', '/api/admin/companies')).json<AdminCompany[]>();
    expect(listed.find((c) => c.id === acme.id)).toMatchObject({ owed: 0, openInvoices: 0 });
  });

  it('releases the credit of a cancelled order exactly once, and takes no payment for it', async () => {
    const { admin, company: acme } = await companyWithAdmin('Cancel Ltd');
    await call(staff, 'PUT', `/api/admin/companies/${acme.id}/account`, {
      termsDays: 15,
      creditLimit: 1000,
    });
    const tool = await insertTool(t.app.db, {
      priceCents: 10_000,
      minOrderQuantity: 1,
      inStock: 50,
    });
    const placed = (await checkoutOnAccount(admin, tool.id, 2)).json<Order>();
    expect(await ledgerOwed(t.app.db, acme.id)).toBe(placed.total * 100);

    // A refund goes to a card, which an order on account has not: cancelling it is the way.
    const refund = await call(staff, 'POST', `/api/order/${placed._id}/refunds`, {
      lines: [],
      shipping: false,
      whole: true,
      restock: false,
      reason: 'Ordered twice',
    });
    expect(refund.statusCode).toBe(409);
    expect(errorOf(refund).message).toBe(creditMessages.cannotRefundOnAccount);

    // The buyer cannot cancel an order on account; staff can, twice at once.
    expect((await call(admin, 'DELETE', `/api/order/${placed._id}`)).statusCode).toBe(409);
    const both = await Promise.all([
      call(staff, 'PATCH', `/api/order/${placed._id}/status`, { status: 'cancelled' }),
      call(staff, 'PATCH', `/api/order/${placed._id}/status`, { status: 'cancelled' }),
    ]);
    expect(both.map((r) => r.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    const releases = await t.app.db
      .select()
      .from(creditEntry)
      .where(eq(creditEntry.orderId, placed._id));
    expect(releases.filter((e) => e.kind === 'release')).toHaveLength(1);
    expect(await ledgerOwed(t.app.db, acme.id)).toBe(0);
    const pay = await call(
      staff,
      'POST',
      `/api/admin/invoices/${placed.invoice!.number}/payments`,
      {
        amount: 1,
        receivedOn: '2026-11-20',
      },
    );
    expect(pay.statusCode).toBe(409);
    expect(errorOf(pay).message).toBe(creditMessages.orderCancelled);
    // The ledger refuses to be rewritten.
    await expect(
      t.app.db.delete(creditEntry).where(eq(creditEntry.orderId, placed._id)),
    ).rejects.toThrow();
  });

  it('keeps every company to its own account: roles, other companies, staff only', async () => {
    const { admin, company: a } = await companyWithAdmin('Own Ltd');
    const { admin: otherAdmin } = await companyWithAdmin('Other Ltd');
    const loner = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    await t.app.db
      .insert(companyMember)
      .values({ userId: buyer.id, companyId: a.id, role: 'buyer' });

    expect((await call(buyer, 'GET', '/api/company/statement')).statusCode).toBe(403);
    expect((await call(loner, 'GET', '/api/company/statement')).statusCode).toBe(404);
    expect(
      (await call(otherAdmin, 'GET', '/api/company/statement')).json<CompanyStatement>().companyId,
    ).not.toBe(a.id);
    for (const who of [admin, buyer, loner]) {
      expect((await call(who, 'GET', '/api/admin/companies')).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/admin/companies/${a.id}`)).statusCode).toBe(403);
      expect(
        (
          await call(who, 'PUT', `/api/admin/companies/${a.id}/account`, {
            termsDays: 60,
            creditLimit: 1e6,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(who, 'POST', '/api/admin/invoices/INV-2026-000001/payments', {
            amount: 1,
            receivedOn: '2026-11-20',
          })
        ).statusCode,
      ).toBe(403);
    }
    const [terms] = await t.app.db
      .select({ days: company.termsDays })
      .from(company)
      .where(eq(company.id, a.id));
    expect(terms?.days).toBeNull();

    // Pay on invoice needs a company with terms.
    const tool = await insertTool(t.app.db, { priceCents: 1000, minOrderQuantity: 1, inStock: 5 });
    const alone = await checkoutOnAccount(loner, tool.id, 1);
    expect(alone.statusCode).toBe(409);
    expect(errorOf(alone).message).toBe(companyMessages.notInCompany);

    // Bad input: unknown terms, a negative limit, a payment of nothing or with control characters.
    const bad = await call(staff, 'PUT', `/api/admin/companies/${a.id}/account`, {
      termsDays: 45,
      creditLimit: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      termsDays: creditMessages.terms,
      creditLimit: creditMessages.creditLimit,
    });
    const badPay = await call(staff, 'POST', '/api/admin/invoices/INV-2026-000001/payments', {
      amount: 0,
      receivedOn: 'yesterday',
      reference: 'a\u0007b',
    });
    expect(badPay.statusCode).toBe(400);
    expect(Object.keys(errorOf(badPay).fields ?? {}).sort()).toEqual([
      'amount',
      'receivedOn',
      'reference',
    ]);
    expect((await call(staff, 'GET', '/api/admin/companies/not-a-uuid')).statusCode).toBe(404);
  });

  it('reminds an open invoice once before its due date and once after it', async () => {
    const { admin, company: acme } = await companyWithAdmin('Reminder Ltd');
    await call(staff, 'PUT', `/api/admin/companies/${acme.id}/account`, {
      termsDays: 15,
      creditLimit: 1000,
    });
    const tool = await insertTool(t.app.db, { priceCents: 5000, minOrderQuantity: 1, inStock: 5 });
    const placed = (await checkoutOnAccount(admin, tool.id, 1)).json<Order>();
    const dueAt = new Date(placed.invoice!.dueAt!);
    const reminders = async () =>
      (
        await t.app.db
          .select({ subject: mailOutbox.subject, to: mailOutbox.to })
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, 'invoice_reminder'))
      ).filter((m) => m.subject.includes(placed.invoice!.number));
    const publicUrl = 'http://localhost:3000';
    await remindOpenInvoices(t.app.db, {
      publicUrl,
      now: new Date(dueAt.getTime() - 10 * 86_400_000),
    });
    expect(await reminders()).toHaveLength(0);
    await remindOpenInvoices(t.app.db, {
      publicUrl,
      now: new Date(dueAt.getTime() - 2 * 86_400_000),
    });
    await remindOpenInvoices(t.app.db, {
      publicUrl,
      now: new Date(dueAt.getTime() - 1 * 86_400_000),
    });
    const before = await reminders();
    expect(before.map((m) => m.to)).toEqual([admin.email.toLowerCase()]);
    expect(before[0]?.subject).toContain('is due on');
    await remindOpenInvoices(t.app.db, { publicUrl, now: new Date(dueAt.getTime() + 86_400_000) });
    await remindOpenInvoices(t.app.db, {
      publicUrl,
      now: new Date(dueAt.getTime() + 2 * 86_400_000),
    });
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toContain('is overdue');
    const [row] = await t.app.db.select().from(invoice).where(eq(invoice.orderId, placed._id));
    expect(row?.remindedAfterAt).not.toBeNull();
  });

  it('places exactly as many orders on account as the credit covers, however many check out at once', async () => {
    const { company: acme } = await companyWithAdmin('Race Ltd');
    const tool = await insertTool(t.app.db, {
      priceCents: 10_000,
      minOrderQuantity: 1,
      inStock: 100,
    });
    const buyers: TestUser[] = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await registerUser(t.app);
      await t.app.db
        .insert(companyMember)
        .values({ userId: buyer.id, companyId: acme.id, role: 'buyer' });
      await call(buyer, 'POST', '/api/cart/lines', { lines: [{ toolId: tool.id, quantity: 1 }] });
      buyers.push(buyer);
    }
    const cart = (await call(buyers[0]!, 'GET', '/api/cart')).json<Cart>();
    await call(staff, 'PUT', `/api/admin/companies/${acme.id}/account`, {
      termsDays: 30,
      creditLimit: cart.total * 10,
    });
    const results = await Promise.all(
      buyers.map((b) =>
        call(b, 'POST', '/api/checkout', {
          phone: '+1 555 010 2030',
          address: '1 Main St',
          expectedTotal: cart.total,
          paymentMethod: 'account',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect(await ledgerOwed(t.app.db, acme.id)).toBe(cart.total * 10 * 100);
  });
});

// Only a real PostgreSQL database can be shared by two processes (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));

describe('payment on account across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    '20 checkouts on account against a credit that fits 10: exactly 10 placed, the ledger balanced',
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));
        const db = database.db;
        const tool = await insertTool(db, {
          priceCents: 10_000,
          minOrderQuantity: 1,
          inStock: 100,
        });
        const [acme] = await db.insert(company).values({ name: 'Two Process Ltd' }).returning();
        const send = (i: number, cookie: string, path: string, body?: object) =>
          fetch(`${servers[i % 2]!.url}${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
        const cookies: string[] = [];
        for (let i = 0; i < 20; i += 1) {
          const cookie = await signUpOn(
            servers[i % 2]!,
            publicUrl,
            `Buyer ${i}`,
            `race.${i}@example.com`,
          );
          const me = (await (await send(i, cookie, '/api/auth/get-session')).json()) as {
            user: { id: string };
          };
          await db
            .insert(companyMember)
            .values({ userId: me.user.id, companyId: acme!.id, role: 'buyer' });
          const added = await send(i, cookie, '/api/cart/lines', {
            lines: [{ toolId: tool.id, quantity: 1 }],
          });
          expect(added.status).toBe(200);
          cookies.push(cookie);
        }
        const cart = (await (await send(0, cookies[0]!, '/api/cart')).json()) as Cart;
        await db
          .update(company)
          .set({ termsDays: 30, creditLimitCents: Math.round(cart.total * 100) * 10 })
          .where(eq(company.id, acme!.id));

        const statuses = await Promise.all(
          cookies.map(async (cookie, i) => {
            const res = await send(i, cookie, '/api/checkout', {
              phone: '+1 555 010 2030',
              address: '1 Main St',
              expectedTotal: cart.total,
              paymentMethod: 'account',
            });
            await res.arrayBuffer();
            return res.status;
          }),
        );
        expect(statuses.filter((s) => s === 201)).toHaveLength(10);
        expect(statuses.filter((s) => s === 409)).toHaveLength(10);
        const placed = await db.select().from(order).where(eq(order.companyId, acme!.id));
        expect(placed).toHaveLength(10);
        const invoices = await db
          .select({ total: invoice.totalCents })
          .from(invoice)
          .innerJoin(order, eq(order.id, invoice.orderId))
          .where(eq(order.companyId, acme!.id));
        expect(invoices).toHaveLength(10);
        const heldTotal = placed.reduce((sum, o) => sum + o.totalCents, 0);
        expect(await ledgerOwed(db, acme!.id)).toBe(heldTotal);
        expect(heldTotal).toBe(Math.round(cart.total * 100) * 10);
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    180_000,
  );
});
