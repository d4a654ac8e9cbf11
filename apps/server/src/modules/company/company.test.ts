import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@voltforge/contract/cart';
import type { SavedAddress } from '@voltforge/contract/address-book';
import type { Company } from '@voltforge/contract/company';
import { companyMessages } from '@voltforge/contract/company-rules';
import type { Order } from '@voltforge/contract/order';
import { companyInvitation } from '../../db/schema/company.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { payWithTestCard } from '../../../test/payment-test-orders.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const call = (
  as: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => request(t.app, { method, url, payload, as });

async function createCompany(as: TestUser, name = 'Acme Controls Ltd'): Promise<Company> {
  const res = await call(as, 'POST', '/api/company', { name, taxId: 'DE123456789' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Company>();
}

/** Invites `email` as `role`; answers the token from the mail's link. */
async function invite(as: TestUser, email: string, role = 'buyer'): Promise<string> {
  const res = await call(as, 'POST', '/api/company/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  // The newest mail to the address (a registered address was first sent its confirmation).
  const mails = await t.app.db
    .select({ text: mailOutbox.text, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  const mail = mails.at(-1);
  expect(mail?.kind).toBe('company_invitation');
  const token = /join=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no link in the invitation');
  return token;
}

describe('company accounts', () => {
  it('a buyer creates a company as its admin, invites a colleague by mail, who joins once', async () => {
    const admin = await registerUser(t.app);
    const colleague = await registerUser(t.app);
    const created = await createCompany(admin);
    expect(created).toMatchObject({
      name: 'Acme Controls Ltd',
      taxId: 'DE123456789',
      role: 'admin',
      members: [{ userId: admin.id, role: 'admin' }],
    });
    expect((await call(admin, 'POST', '/api/company', { name: 'Second' })).statusCode).toBe(409);

    const token = await invite(admin, colleague.email.toUpperCase(), 'approver');
    expect((await call(admin, 'GET', '/api/company')).json<Company>().invitations).toEqual([
      expect.objectContaining({ email: colleague.email.toLowerCase(), role: 'approver' }),
    ]);
    // Someone else with the link cannot use it.
    const stranger = await registerUser(t.app);
    const wrong = await call(stranger, 'POST', '/api/company/join', { token });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).message).toBe(
      companyMessages.invitationOtherEmail(colleague.email.toLowerCase()),
    );
    const joined = await call(colleague, 'POST', '/api/company/join', { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json<Company>()).toMatchObject({ id: created.id, role: 'approver' });
    // Used once.
    const again = await call(colleague, 'POST', '/api/company/join', { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(companyMessages.invitationInvalid);
    // Members see each other; only admins see invitations and may invite.
    const seen = (await call(colleague, 'GET', '/api/company')).json<Company>();
    expect(seen.members.map((m) => m.role).sort()).toEqual(['admin', 'approver']);
    expect(seen.invitations).toEqual([]);
    const notAdmin = await call(colleague, 'POST', '/api/company/invitations', {
      email: 'x@example.com',
      role: 'buyer',
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(errorOf(notAdmin).message).toBe(companyMessages.adminOnly);
  });

  it('refuses an expired link, an address already in a company, and leaving it without an admin', async () => {
    const admin = await registerUser(t.app);
    const other = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    await createCompany(admin, 'First Ltd');
    await createCompany(other, 'Other Ltd');
    const inOther = await call(admin, 'POST', '/api/company/invitations', {
      email: other.email,
      role: 'buyer',
    });
    expect(inOther.statusCode).toBe(409);
    expect(errorOf(inOther).fields?.email).toBe(companyMessages.inviteeInCompany(other.email));

    const token = await invite(admin, buyer.email);
    await t.app.db
      .update(companyInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitation.email, buyer.email.toLowerCase()));
    const expired = await call(buyer, 'POST', '/api/company/join', { token });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toBe(companyMessages.invitationInvalid);
    expect((await call(buyer, 'GET', '/api/company')).json()).toBeNull();

    // The only admin can neither step down nor leave; with a second admin, they can.
    const stepDown = await call(admin, 'PUT', `/api/company/members/${admin.id}`, {
      role: 'buyer',
    });
    expect(stepDown.statusCode).toBe(409);
    expect(errorOf(stepDown).message).toBe(companyMessages.lastAdmin);
    expect((await call(admin, 'DELETE', `/api/company/members/${admin.id}`)).statusCode).toBe(409);
    const joined = await call(buyer, 'POST', '/api/company/join', {
      token: await invite(admin, buyer.email),
    });
    expect(joined.statusCode).toBe(200);
    expect(
      (await call(admin, 'PUT', `/api/company/members/${buyer.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    const left = await call(admin, 'DELETE', `/api/company/members/${admin.id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toBeNull();
    // A member of another company is not found from this one.
    expect((await call(buyer, 'DELETE', `/api/company/members/${other.id}`)).statusCode).toBe(404);
  });

  it('sends at most 3 invitations to one address and 50 a company in 24 hours, then refuses and mails nothing', async () => {
    const admin = await registerUser(t.app);
    const { id: companyId } = await createCompany(admin, 'Mailer Ltd');
    const mailsTo = async (email: string) =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

    const address = 'pestered@example.com';
    for (let i = 0; i < 3; i++) await invite(admin, address);
    const fourth = await call(admin, 'POST', '/api/company/invitations', {
      email: address,
      role: 'buyer',
    });
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth).message).toBe(companyMessages.tooManyToAddress(address));
    expect(await mailsTo(address)).toBe(3);

    // Invitations older than a day no longer count.
    await t.app.db
      .update(companyInvitation)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(companyInvitation.email, address));
    await invite(admin, address);

    // 49 more to other addresses make 50 in the last day: the next is refused, to any address.
    await t.app.db.insert(companyInvitation).values(
      Array.from({ length: 49 }, (_, i) => ({
        companyId,
        email: `colleague-${i}@example.com`,
        role: 'buyer' as const,
        tokenHash: `test-hash-${companyId}-${i}`,
        invitedBy: admin.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const over = await call(admin, 'POST', '/api/company/invitations', {
      email: 'one-more@example.com',
      role: 'buyer',
    });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).message).toBe(companyMessages.tooManyInvitations);
    expect(await mailsTo('one-more@example.com')).toBe(0);
    // Another company's admin is not held back by this one's.
    const elsewhere = await registerUser(t.app);
    await createCompany(elsewhere, 'Quiet Ltd');
    await invite(elsewhere, 'one-more@example.com');
  });

  it("bills a member's orders to the company, and asks for a PO number when the company does", async () => {
    const admin = await registerUser(t.app);
    await createCompany(admin, 'PO Works Ltd');
    const saved = await call(admin, 'PUT', '/api/company', {
      name: 'PO Works Ltd',
      taxId: 'GB123456789',
      poRequired: true,
    });
    expect(saved.json<Company>().poRequired).toBe(true);
    const tool = await insertTool(t.app.db, { priceCents: 1000, minOrderQuantity: 1, inStock: 10 });
    await call(admin, 'POST', '/api/cart/lines', { lines: [{ toolId: tool.id, quantity: 1 }] });
    const cart = (await call(admin, 'GET', '/api/cart')).json<Cart>();
    const where = { phone: '+1 555 010 2030', address: '1 Main St', expectedTotal: cart.total };
    const refused = await call(admin, 'POST', '/api/checkout', where);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.poNumber).toBe(companyMessages.poRequired);
    const placed = await call(admin, 'POST', '/api/checkout', { ...where, poNumber: 'PO-77' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Order>()).toMatchObject({
      company: 'PO Works Ltd',
      taxId: 'GB123456789',
      poNumber: 'PO-77',
    });
  });

  it("keeps a member's orders with the company, billed to its address, seen by its admins", async () => {
    const admin = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    await createCompany(admin, 'Billing Ltd');
    await call(admin, 'PUT', '/api/company', {
      name: 'Billing Ltd',
      billingAddress: 'Accounts Payable\n1 Ledger Lane',
    });
    const joined = await call(buyer, 'POST', '/api/company/join', {
      token: await invite(admin, buyer.email),
    });
    expect(joined.statusCode).toBe(200);
    const tool = await insertTool(t.app.db, { priceCents: 1000, minOrderQuantity: 1, inStock: 10 });
    await call(buyer, 'POST', '/api/cart/lines', { lines: [{ toolId: tool.id, quantity: 2 }] });
    const cart = (await call(buyer, 'GET', '/api/cart')).json<Cart>();
    const placed = (
      await call(buyer, 'POST', '/api/checkout', {
        phone: '+1 555 010 2030',
        address: 'Goods In\n9 Dock Road',
        expectedTotal: cart.total,
      })
    ).json<Order>();
    expect(placed).toMatchObject({
      company: 'Billing Ltd',
      billingAddress: 'Accounts Payable\n1 Ledger Lane',
      address: 'Goods In\n9 Dock Road',
    });
    await payWithTestCard(t.app, buyer, placed._id);
    const pdf = await call(buyer, 'GET', `/api/order/${placed._id}/invoice.pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text.indexOf('Bill to')).toBeLessThan(text.indexOf('1 Ledger Lane'));
    expect(text.indexOf('1 Ledger Lane')).toBeLessThan(text.indexOf('Ship to'));
    expect(text.indexOf('Ship to')).toBeLessThan(text.indexOf('9 Dock Road'));

    // The company's shared addresses: members read them, only admins change them.
    const shared = await call(admin, 'POST', '/api/company/addresses', {
      label: 'Plant 2',
      recipient: 'Goods In',
      address: '9 Dock Road',
      phone: '+1 555 010 2030',
    });
    expect(shared.statusCode).toBe(201);
    const read = (await call(buyer, 'GET', '/api/company/addresses')).json<SavedAddress[]>();
    expect(read.map((a) => [a.label, a.isDefault])).toEqual([['Plant 2', true]]);
    const refusedChange = await call(buyer, 'DELETE', `/api/company/addresses/${read[0]!.id}`);
    expect(refusedChange.statusCode).toBe(403);
    // Not in the buyer's own book, and not reachable through it.
    expect((await call(buyer, 'GET', '/api/addresses')).json()).toEqual([]);
    expect((await call(buyer, 'DELETE', `/api/addresses/${read[0]!.id}`)).statusCode).toBe(404);

    // The admin sees it with who placed it; the buyer leaves, and the order stays the company's.
    const seen = (await call(admin, 'GET', '/api/company/orders')).json<Order[]>();
    expect(seen.map((o) => [o._id, o.name])).toEqual([[placed._id, buyer.name]]);
    // A second buyer sees only their own (none) until the company lets buyers see all.
    const second = await registerUser(t.app);
    await call(second, 'POST', '/api/company/join', { token: await invite(admin, second.email) });
    expect((await call(second, 'GET', '/api/company/orders')).json()).toEqual([]);
    await call(admin, 'PUT', '/api/company', {
      name: 'Billing Ltd',
      billingAddress: 'Accounts Payable\n1 Ledger Lane',
      buyersSeeAllOrders: true,
    });
    expect(
      (await call(second, 'GET', '/api/company/orders')).json<Order[]>().map((o) => o._id),
    ).toEqual([placed._id]);
    expect((await call(buyer, 'DELETE', `/api/company/members/${buyer.id}`)).statusCode).toBe(200);
    expect(
      (await call(admin, 'GET', '/api/company/orders')).json<Order[]>().map((o) => o._id),
    ).toEqual([placed._id]);
    expect((await call(buyer, 'GET', '/api/company/orders')).statusCode).toBe(404);
  });
});
