import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type * as FastifyModule from 'fastify';
import type { InjectOptions, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { review } from '../src/db/schema/review.ts';
import { contactMessage } from '../src/db/schema/contact.ts';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { newsletterSubscriber } from '../src/db/schema/newsletter.ts';
import { company, companyMember } from '../src/db/schema/company.ts';
import { registerUser, request, type TestUser } from './test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from './shop-fixtures.ts';

/*
 * Every route the app registers is recorded by an onRoute hook added the moment the Fastify
 * instance is created, before any plugin, so no route can be registered without being seen.
 */
const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const factory = ((opts?: object) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.add(`${method} ${route.url}`);
    });
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: factory };
});

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'admin';
const callers: readonly Caller[] = ['anonymous', 'customerA', 'customerB', 'admin'];

interface Row {
  /** "METHOD /url" as registered. */
  route: string;
  /** Who may use it, in words. */
  who: string;
  /** Expected status for anonymous, customer A (the owner), customer B (on A's objects), admin. */
  expected: readonly [number, number, number, number];
  /** What one call sends; called once per caller, so destructive rows can use fresh objects. */
  call: (caller: Caller) => Promise<Omit<InjectOptions, 'method'>>;
  /** What the call is made on, for the table. */
  on: string;
}

let t: ShopTestApp;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;
let toolId: string;
let orderOfA: string;
let pictureUrl: string;

const users = (): Record<Caller, TestUser | null> => ({
  anonymous: null,
  customerA,
  customerB,
  admin,
});

const enc = encodeURIComponent;
const validTool = () => ({
  partNumber: `MXP-${randomUUID().slice(0, 8)}`,
  name: `Matrix Probe ${randomUUID().slice(0, 6)}`,
  inStock: 10,
  minOrderQuantity: 1,
  price: 9.99,
  desc: 'A tool made by the authorization matrix.',
  img: 'https://images.example.com/probe.png',
  category: 'Test',
});
/** A tools CSV that adds one new tool. */
const importCsv = () =>
  [
    'partNumber,name,category,price,minOrderQuantity,inStock,img,desc',
    `MX-${randomUUID().slice(0, 8)},Matrix Import,Test,4.50,1,3,/images/tools/vf-tl100-test-leads.svg,Imported.`,
  ].join('\n');
/** A small PNG, different on every call (a new picture each time, not one stored before). */
const pngFile = () =>
  sharp({
    create: { width: 40, height: 30, channels: 3, background: `#${randomUUID().slice(0, 6)}` },
  })
    .png()
    .toBuffer();
const validProfile = {
  name: 'Alice Ampere',
  profession: 'Electrician',
  address: '1 Circuit Road',
  phone: '5550102030',
  linkedin: 'https://www.linkedin.com/in/alice',
};
const addressInput = () => ({
  label: 'Matrix plant',
  recipient: 'Goods In',
  address: '1 Matrix Way',
  phone: '+1 555 010 2030',
});

/** An address in A's address book, saved through the API; returns its id. */
async function addressOfA(): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/addresses',
    payload: addressInput(),
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`address failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A's company (A its admin), made the first time it is asked for; returns its id. */
async function companyOfA(): Promise<string> {
  const mine = await request(t.app, { method: 'GET', url: '/api/company', as: customerA });
  const found = mine.json<{ id: string } | null>();
  if (found) return found.id;
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/company',
    payload: { name: 'Matrix Controls Ltd' },
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`company failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** An open invoice on A's company's account (terms granted here): A checks out on account. */
async function invoiceOnAccountOfA(): Promise<string> {
  const companyId = await companyOfA();
  await t.app.db
    .update(company)
    .set({ termsDays: 30, creditLimitCents: 100_000_000 })
    .where(eq(company.id, companyId));
  await request(t.app, {
    method: 'POST',
    url: '/api/cart/lines',
    payload: { lines: [{ toolId, quantity: 1 }] },
    as: customerA,
  });
  const cart = await request(t.app, { method: 'GET', url: '/api/cart', as: customerA });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/checkout',
    payload: {
      phone: '+1 555 010 2030',
      address: '1 Matrix Way',
      expectedTotal: cart.json<{ total: number }>().total,
      paymentMethod: 'account',
    },
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`checkout on account failed: ${res.body}`);
  return res.json<{ invoice: { number: string } }>().invoice.number;
}

/** A shared address in A's company's book, saved through the API; returns its id. */
async function companyAddressOfA(): Promise<string> {
  await companyOfA();
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/company/addresses',
    payload: addressInput(),
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`company address failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A fresh buyer in A's company; returns their user id. */
async function colleagueOfA(): Promise<string> {
  const companyId = await companyOfA();
  const colleague = await registerUser(t.app);
  await t.app.db.insert(companyMember).values({ userId: colleague.id, companyId, role: 'buyer' });
  return colleague.id;
}

/** A fresh request for approval in A's company: a buyer with an order limit of 0 checks out. */
async function approvalOfA(): Promise<string> {
  const companyId = await companyOfA();
  const buyer = await registerUser(t.app);
  await t.app.db
    .insert(companyMember)
    .values({ userId: buyer.id, companyId, role: 'buyer', orderLimitCents: 0 });
  await request(t.app, {
    method: 'POST',
    url: '/api/cart/lines',
    payload: { lines: [{ toolId, quantity: 1 }] },
    as: buyer,
  });
  const cart = await request(t.app, { method: 'GET', url: '/api/cart', as: buyer });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/checkout',
    payload: {
      phone: '+1 555 010 2030',
      address: '1 Matrix Way',
      expectedTotal: cart.json<{ total: number }>().total,
    },
    as: buyer,
  });
  if (res.statusCode !== 202) throw new Error(`no request for approval: ${res.body}`);
  return res.json<{ id: string }>().id;
}

const quoteRequest = () => ({
  requestKey: randomUUID(),
  source: 'tool',
  lines: [{ toolId, partText: 'Matrix Multimeter', quantities: [10] }],
});

/** A fresh quote asked for by A; answered by staff (one offer of 10 at $15.00) when asked. */
async function quoteOfA(answered = false): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/quotes',
    payload: quoteRequest(),
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`no quote: ${res.body}`);
  const { id } = res.json<{ id: string }>();
  if (answered) {
    const sent = await request(t.app, {
      method: 'POST',
      url: `/api/admin/quotes/${id}/revisions`,
      payload: quoteAnswer(),
      as: admin,
    });
    if (sent.statusCode !== 201) throw new Error(`no answer: ${sent.body}`);
  }
  return id;
}

const quoteAnswer = () => ({
  revision: 1,
  validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  freight: 0,
  taxRate: 0,
  lines: [{ lineNo: 1, offers: [{ toolId, quantity: 10, unitPrice: 15, leadTimeWeeks: 0 }] }],
});

/** A fresh batch expected for the matrix's tool. */
async function batchOfTool(): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/admin/tools/${toolId}/batches`,
    payload: batchInput(),
    as: admin,
  });
  if (res.statusCode !== 201) throw new Error(`no batch: ${res.body}`);
  return res.json<{ id: string }>().id;
}

const batchInput = () => ({
  quantity: 5,
  expectedOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
});

/** The token of a fresh invitation from A's company to an address none of the callers has. */
async function invitationToken(): Promise<string> {
  await companyOfA();
  const email = `invitee-${randomUUID()}@example.com`;
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/company/invitations',
    payload: { email, role: 'buyer' },
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.body}`);
  const [mail] = await t.app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email));
  const token = /join=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  return token;
}

const projectInput = () => ({
  name: 'Matrix board',
  lines: [
    { part: 'MATRIX-PART', quantityPerBuild: 1 },
    { part: 'NOT-SOLD-HERE', quantityPerBuild: 2 },
  ],
});
const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

async function placeOrderOfA(): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity: 1, phone: '+1 555 010 2030', address: '1 Main St' },
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

async function intentOfA(orderId: string): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
    as: customerA,
  });
  if (res.statusCode !== 200) throw new Error(`intent failed: ${res.body}`);
  return res.json<{ clientSecret: string }>().clientSecret;
}

/** A's order, paid through the test provider; returns the order id and the transaction id. */
async function paidOrderOfA(): Promise<{ orderId: string; transactionId: string }> {
  const orderId = await placeOrderOfA();
  const clientSecret = await intentOfA(orderId);
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, ...testCard },
    as: customerA,
  });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.body}`);
  return { orderId, transactionId: res.json<{ paymentIntentId: string }>().paymentIntentId };
}

/** A's paid order, shipped whole by the admin in shipment 1; returns the order id. */
async function shippedOrderOfA(): Promise<string> {
  const { orderId } = await paidOrderOfA();
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    payload: { lines: [{ lineNo: 1, quantity: 1 }], carrier: 'DHL' },
    as: admin,
  });
  if (res.statusCode !== 201) throw new Error(`shipment failed: ${res.body}`);
  return orderId;
}

/** A's paid order with $1.00 refunded by the admin: the order, the refund and its credit note. */
async function refundedOrderOfA(): Promise<{ orderId: string; refundId: string; note: string }> {
  const { orderId } = await paidOrderOfA();
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/order/${orderId}/refunds`,
    payload: { amount: 1, reason: 'Matrix' },
    as: admin,
  });
  if (res.statusCode !== 201) throw new Error(`refund failed: ${res.body}`);
  const [made] = res.json<{ refunds: Array<{ id: string; creditNote: { number: string } }> }>()
    .refunds;
  return { orderId, refundId: made!.id, note: made!.creditNote.number };
}

/** A tool in A's cart (a new tool each time, so the line is A's alone); returns its id. */
async function cartLineOfA(): Promise<string> {
  const { id } = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 5 });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/cart/lines',
    payload: { lines: [{ toolId: id, quantity: 1 }] },
    as: customerA,
  });
  if (res.statusCode !== 200) throw new Error(`cart add failed: ${res.body}`);
  return id;
}

/** A two-line project of A's, saved through the API; returns its id. */
async function projectOfA(): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/projects',
    payload: projectInput(),
    as: customerA,
  });
  if (res.statusCode !== 201) throw new Error(`project failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A review by A, written straight to the table (A may post only one a day). */
async function reviewOfA(): Promise<string> {
  const [row] = await t.app.db
    .insert(review)
    .values({
      userId: customerA.id,
      userName: customerA.name,
      rating: 4,
      comment: 'Matrix review.',
    })
    .returning({ id: review.id });
  if (!row) throw new Error('review insert failed');
  return row.id;
}

async function newsletterToken(): Promise<string> {
  const [row] = await t.app.db
    .insert(newsletterSubscriber)
    .values({ email: `news-${randomUUID()}@example.com`, token: randomUUID() })
    .returning({ token: newsletterSubscriber.token });
  if (!row?.token) throw new Error('subscriber insert failed');
  return row.token;
}

async function mailToA(): Promise<string> {
  const [row] = await t.app.db
    .insert(mailOutbox)
    .values({
      to: customerA.email,
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
      kind: 'order_placed',
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail insert failed');
  return row.id;
}

async function messageFromA(): Promise<string> {
  const [row] = await t.app.db
    .insert(contactMessage)
    .values({ topic: 'support', name: 'A', email: customerA.email, message: 'Help me please.' })
    .returning({ id: contactMessage.id });
  if (!row) throw new Error('contact insert failed');
  return row.id;
}

async function newTool(): Promise<string> {
  const row = await insertTool(t.app.db, {
    name: `Matrix Tool ${randomUUID().slice(0, 6)}`,
    description: 'Archived by the matrix.',
    imageUrl: '/images/tools/vf-si25-soldering-iron.svg',
    category: 'Test',
    priceCents: 500,
    minOrderQuantity: 1,
    inStock: 5,
  });
  return row.id;
}

/** Admins act on a throwaway account, so that A and B stay customers for the other rows. */
async function targetEmail(caller: Caller): Promise<string> {
  return caller === 'admin' ? (await registerUser(t.app)).email : customerA.email;
}

const PUBLIC = [200, 200, 200, 200] as const;
const SIGNED_IN = [401, 200, 200, 200] as const;
const ADMIN = [401, 403, 403, 200] as const;
/** The owner's alone: anyone else, an admin too, is told it does not exist. */
const OWNER_ONLY = [401, 200, 404, 404] as const;

/** A public GET with no object: every caller reads it. */
const publicGet = (path: string): Row => ({
  route: `GET ${path}`,
  who: 'public',
  expected: PUBLIC,
  on: '—',
  call: async () => ({ url: path }),
});

const matrix: Row[] = [
  publicGet('/api/health'),
  publicGet('/api/ready'),
  publicGet('/api/auth-providers'),
  publicGet('/api/tool'),
  publicGet('/api/tool/search'),
  publicGet('/api/tool/categories'),
  {
    route: 'GET /api/tool/:id',
    who: 'public',
    expected: PUBLIC,
    on: 'a tool',
    call: async () => ({ url: `/api/tool/${toolId}` }),
  },
  {
    route: 'GET /api/tool-image/:file',
    who: 'public',
    expected: PUBLIC,
    on: 'an uploaded picture',
    call: async () => ({ url: pictureUrl }),
  },
  publicGet('/api/summary'),
  publicGet('/api/review'),
  publicGet('/api/payments/config'),
  publicGet('/api/shop/terms'),
  {
    route: 'POST /api/quick-order/preview',
    who: "public (a visitor's cart uses it too)",
    expected: PUBLIC,
    on: 'a two-line list',
    call: async () => ({ url: '/api/quick-order/preview', payload: { text: 'VF-DM200, 2\nX, 1' } }),
  },
  {
    route: 'POST /api/newsletter',
    who: 'public',
    expected: [200, 200, 200, 200],
    on: 'a new email',
    call: async () => ({
      url: '/api/newsletter',
      payload: { email: `news-${randomUUID()}@example.com` },
    }),
  },
  {
    route: 'POST /api/newsletter/confirm',
    who: 'public (the token from the mail)',
    expected: [200, 200, 200, 200],
    on: "a new sign-up's token",
    call: async () => ({
      url: '/api/newsletter/confirm',
      payload: { token: await newsletterToken() },
    }),
  },
  {
    route: 'POST /api/newsletter/unsubscribe',
    who: 'public (the token from the mail)',
    expected: [200, 200, 200, 200],
    on: "a new sign-up's token",
    call: async () => ({
      url: '/api/newsletter/unsubscribe',
      payload: { token: await newsletterToken() },
    }),
  },
  {
    route: 'POST /api/contact',
    who: 'public',
    expected: [201, 201, 201, 201],
    on: 'a support message',
    call: async () => ({
      url: '/api/contact',
      payload: {
        topic: 'support',
        name: 'Sam',
        email: 'sam@example.com',
        message: 'My meter reads zero.',
      },
    }),
  },
  {
    route: 'POST /api/payments/webhook',
    who: 'the card provider (Stripe signature); 404 with the test provider',
    expected: [404, 404, 404, 404],
    on: 'an unsigned event',
    call: async () => ({
      url: '/api/payments/webhook',
      payload: { id: 'evt_1', type: 'payment_intent.succeeded' },
    }),
  },
  {
    route: 'POST /api/review',
    who: 'signed in',
    expected: [401, 201, 201, 201],
    on: 'a new review',
    call: async () => ({ url: '/api/review', payload: { ratings: 5, comment: 'Works well.' } }),
  },
  {
    route: 'GET /api/profile',
    who: 'signed in (own)',
    expected: SIGNED_IN,
    on: '—',
    call: async () => ({ url: '/api/profile' }),
  },
  {
    route: 'POST /api/order',
    who: 'signed in',
    expected: [401, 201, 201, 201],
    on: 'a new order',
    call: async () => ({
      url: '/api/order',
      payload: { toolId, quantity: 1, phone: '+1 555 010 2030', address: '1 Main St' },
    }),
  },
  {
    route: 'GET /api/order',
    who: 'owner or admin',
    expected: [401, 200, 403, 200],
    on: "?email= A's email",
    call: async () => ({ url: `/api/order?email=${enc(customerA.email)}` }),
  },
  {
    route: 'GET /api/order/:id',
    who: 'owner or admin',
    expected: [401, 200, 404, 200],
    on: "A's order",
    call: async () => ({ url: `/api/order/${orderOfA}` }),
  },
  {
    route: 'DELETE /api/order/:id',
    who: 'owner (unpaid) or admin',
    expected: [401, 200, 404, 200],
    on: "a new unpaid order of A's",
    call: async () => ({ url: `/api/order/${await placeOrderOfA()}` }),
  },
  {
    route: 'GET /api/cart',
    who: 'signed in (the cart of the session, never another)',
    expected: SIGNED_IN,
    on: '—',
    call: async () => ({ url: '/api/cart' }),
  },
  {
    route: 'POST /api/cart/lines',
    who: 'signed in (adds to the own cart)',
    expected: SIGNED_IN,
    on: 'one unit of a tool',
    call: async () => ({ url: '/api/cart/lines', payload: { lines: [{ toolId, quantity: 1 }] } }),
  },
  {
    route: 'PUT /api/cart/lines/:toolId',
    who: 'owner of the line',
    expected: [401, 200, 404, 404],
    on: "a line of A's cart",
    call: async () => ({ url: `/api/cart/lines/${await cartLineOfA()}`, payload: { quantity: 1 } }),
  },
  {
    route: 'DELETE /api/cart/lines/:toolId',
    who: 'signed in (removes from the own cart only)',
    expected: SIGNED_IN,
    on: "a line of A's cart",
    call: async () => ({ url: `/api/cart/lines/${await cartLineOfA()}` }),
  },
  {
    route: 'POST /api/cart/merge',
    who: 'signed in (merges into the own cart)',
    expected: SIGNED_IN,
    on: 'one unit of a tool',
    call: async () => ({ url: '/api/cart/merge', payload: { lines: [{ toolId, quantity: 1 }] } }),
  },
  {
    route: 'POST /api/cart/price',
    who: "public (prices the lines sent: a visitor's cart kept in the browser)",
    expected: PUBLIC,
    on: 'one unit of a tool',
    call: async () => ({ url: '/api/cart/price', payload: { lines: [{ toolId, quantity: 1 }] } }),
  },
  {
    route: 'GET /api/addresses',
    who: 'signed in (the own address book only)',
    expected: SIGNED_IN,
    on: '—',
    call: async () => ({ url: '/api/addresses' }),
  },
  {
    route: 'POST /api/addresses',
    who: 'signed in (saves an address of the own)',
    expected: [401, 201, 201, 201],
    on: 'an address',
    call: async () => ({ url: '/api/addresses', payload: addressInput() }),
  },
  {
    route: 'PUT /api/addresses/:id',
    who: 'owner (an admin too gets 404)',
    expected: OWNER_ONLY,
    on: "A's address",
    call: async () => ({ url: `/api/addresses/${await addressOfA()}`, payload: addressInput() }),
  },
  {
    route: 'DELETE /api/addresses/:id',
    who: 'owner',
    expected: [401, 204, 404, 404],
    on: "A's address",
    call: async () => ({ url: `/api/addresses/${await addressOfA()}` }),
  },
  {
    route: 'GET /api/projects',
    who: 'signed in (the own projects only)',
    expected: SIGNED_IN,
    on: '—',
    call: async () => ({ url: '/api/projects' }),
  },
  {
    route: 'POST /api/projects',
    who: 'signed in (saves a project of the own)',
    expected: [401, 201, 201, 201],
    on: 'a two-line project',
    call: async () => ({ url: '/api/projects', payload: projectInput() }),
  },
  {
    route: 'POST /api/projects/import/preview',
    who: 'signed in (reads the file sent, saves nothing)',
    expected: SIGNED_IN,
    on: 'a two-row bill of materials',
    call: async () => ({
      url: '/api/projects/import/preview',
      payload: { text: 'MPN,Qty\nMATRIX-PART,2\n' },
    }),
  },
  {
    route: 'GET /api/projects/:id',
    who: 'owner (an admin too gets 404: projects are private)',
    expected: OWNER_ONLY,
    on: "A's project",
    call: async () => ({ url: `/api/projects/${await projectOfA()}` }),
  },
  {
    route: 'PUT /api/projects/:id',
    who: 'owner',
    expected: OWNER_ONLY,
    on: "A's project",
    call: async () => ({ url: `/api/projects/${await projectOfA()}`, payload: projectInput() }),
  },
  {
    route: 'DELETE /api/projects/:id',
    who: 'owner',
    expected: [401, 204, 404, 404],
    on: "A's project",
    call: async () => ({ url: `/api/projects/${await projectOfA()}` }),
  },
  {
    route: 'GET /api/projects/:id/revisions/:revision',
    who: 'owner',
    expected: OWNER_ONLY,
    on: "A's project's first revision",
    call: async () => ({ url: `/api/projects/${await projectOfA()}/revisions/1` }),
  },
  {
    route: 'GET /api/projects/:id/diff',
    who: 'owner',
    expected: OWNER_ONLY,
    on: "A's project, revision 1 against itself",
    call: async () => ({ url: `/api/projects/${await projectOfA()}/diff?from=1&to=1` }),
  },
  {
    route: 'GET /api/projects/:id/price',
    who: 'owner',
    expected: OWNER_ONLY,
    on: "A's project, 2 boards",
    call: async () => ({ url: `/api/projects/${await projectOfA()}/price?builds=2` }),
  },
  {
    route: 'GET /api/projects/:id/export.csv',
    who: 'owner',
    expected: OWNER_ONLY,
    on: "A's project, 3 boards",
    call: async () => ({ url: `/api/projects/${await projectOfA()}/export.csv?builds=3` }),
  },
  {
    route: 'POST /api/order/:id/again',
    who: 'owner (into the own cart; an admin too gets 404)',
    expected: OWNER_ONLY,
    on: "A's order",
    call: async () => ({ url: `/api/order/${orderOfA}/again` }),
  },
  {
    route: 'POST /api/order/:id/project',
    who: 'owner (a project of the own)',
    expected: [401, 201, 404, 404],
    on: "A's order",
    call: async () => ({ url: `/api/order/${orderOfA}/project` }),
  },
  {
    route: 'POST /api/projects/:id/cart',
    who: 'owner (adds to the own cart)',
    expected: OWNER_ONLY,
    on: "A's project, 1 board",
    call: async () => ({
      url: `/api/projects/${await projectOfA()}/cart`,
      payload: { builds: 1 },
    }),
  },
  {
    route: 'POST /api/checkout',
    who: "signed in (checks out the own cart only: B's and the admin's carts are empty)",
    expected: [401, 201, 409, 409],
    on: "A's cart with one line",
    call: async () => {
      await cartLineOfA();
      const cart = await request(t.app, { method: 'GET', url: '/api/cart', as: customerA });
      return {
        url: '/api/checkout',
        payload: {
          phone: '+1 555 010 2030',
          address: '1 Main St',
          expectedTotal: cart.json<{ total: number }>().total,
        },
      };
    },
  },
  {
    route: 'POST /api/create-payment-intent',
    who: 'owner',
    expected: [401, 200, 403, 403],
    on: "a new unpaid order of A's",
    call: async () => ({
      url: '/api/create-payment-intent',
      payload: { orderId: await placeOrderOfA() },
    }),
  },
  {
    route: 'POST /api/payments/test/confirm',
    who: 'owner (registered only with the test provider)',
    expected: [401, 200, 404, 404],
    on: "the payment of a new order of A's",
    call: async () => ({
      url: '/api/payments/test/confirm',
      payload: { clientSecret: await intentOfA(await placeOrderOfA()), ...testCard },
    }),
  },
  {
    route: 'PATCH /api/order/:id',
    who: 'owner or admin',
    expected: [401, 200, 403, 200],
    on: "a paid order of A's, its transaction id",
    call: async () => {
      const { orderId, transactionId } = await paidOrderOfA();
      return { url: `/api/order/${orderId}`, payload: { transactionId } };
    },
  },
  {
    route: 'POST /api/user/:email',
    who: 'self',
    expected: [401, 200, 403, 403],
    on: "A's email",
    call: async () => ({ url: `/api/user/${enc(customerA.email)}`, payload: validProfile }),
  },
  {
    route: 'GET /api/admin/:email',
    who: 'self or admin',
    expected: [401, 200, 403, 200],
    on: "A's email",
    call: async () => ({ url: `/api/admin/${enc(customerA.email)}` }),
  },
  {
    route: 'PUT /api/users/:email',
    who: 'self',
    expected: [401, 200, 403, 403],
    on: "A's email",
    call: async () => ({ url: `/api/users/${enc(customerA.email)}` }),
  },
  {
    route: 'POST /api/tool',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: 'a new tool',
    call: async () => ({ url: '/api/tool', payload: validTool() }),
  },
  {
    route: 'POST /api/tool-image',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: 'a PNG',
    call: async () => ({
      url: '/api/tool-image',
      headers: { 'content-type': 'image/png' },
      payload: await pngFile(),
    }),
  },
  {
    route: 'PATCH /api/tool/:id',
    who: 'admin',
    expected: ADMIN,
    on: 'a tool',
    call: async () => ({ url: `/api/tool/${toolId}`, payload: { price: 12.5 } }),
  },
  {
    route: 'POST /api/tool/:id/restock',
    who: 'admin',
    expected: ADMIN,
    on: 'a tool',
    call: async () => ({ url: `/api/tool/${toolId}/restock`, payload: { quantity: 5 } }),
  },
  {
    route: 'DELETE /api/tool/:id',
    who: 'admin',
    expected: ADMIN,
    on: 'a new tool',
    call: async () => ({ url: `/api/tool/${await newTool()}` }),
  },
  {
    route: 'GET /api/orders',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/orders' }),
  },
  {
    route: 'PATCH /api/order/:id/status',
    who: 'admin',
    expected: ADMIN,
    on: "a new unpaid order of A's → cancelled",
    call: async () => ({
      url: `/api/order/${await placeOrderOfA()}/status`,
      payload: { status: 'cancelled' },
    }),
  },
  {
    route: 'GET /api/reviews',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/reviews' }),
  },
  {
    route: 'PATCH /api/review/:id',
    who: 'admin',
    expected: ADMIN,
    on: "a review of A's → hidden",
    call: async () => ({ url: `/api/review/${await reviewOfA()}`, payload: { hidden: true } }),
  },
  {
    route: 'GET /api/user',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/user' }),
  },
  {
    route: 'GET /api/mail',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/mail' }),
  },
  {
    route: 'GET /api/mail/:id',
    who: 'admin',
    expected: ADMIN,
    on: 'a mail to A',
    call: async () => ({ url: `/api/mail/${await mailToA()}` }),
  },
  {
    route: 'GET /api/contact',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/contact' }),
  },
  {
    route: 'PATCH /api/contact/:id',
    who: 'admin',
    expected: ADMIN,
    on: 'a message from A',
    call: async () => ({
      url: `/api/contact/${await messageFromA()}`,
      payload: { read: true },
    }),
  },
  {
    route: 'PUT /api/user/admin/:email',
    who: 'admin',
    expected: ADMIN,
    on: "A's email (admin: a new account)",
    call: async (caller) => ({ url: `/api/user/admin/${enc(await targetEmail(caller))}` }),
  },
  {
    route: 'DELETE /api/user/admin/:email',
    who: 'admin (not themself)',
    expected: ADMIN,
    on: "A's email (admin: a new admin's)",
    call: async (caller) => ({
      url: `/api/user/admin/${enc(caller === 'admin' ? (await registerUser(t.app, { role: 'admin' })).email : customerA.email)}`,
    }),
  },
  {
    route: 'PUT /api/user/ban/:email',
    who: 'admin (not themself)',
    expected: ADMIN,
    on: "A's email (admin: a new account)",
    call: async (caller) => ({
      url: `/api/user/ban/${enc(await targetEmail(caller))}`,
      payload: { reason: 'Matrix check' },
    }),
  },
  {
    route: 'DELETE /api/user/ban/:email',
    who: 'admin',
    expected: ADMIN,
    on: "A's email (admin: a new account)",
    call: async (caller) => ({ url: `/api/user/ban/${enc(await targetEmail(caller))}` }),
  },
  {
    route: 'DELETE /api/user/:email',
    who: 'admin (not themself)',
    expected: ADMIN,
    on: "A's email (admin: a new account)",
    call: async (caller) => ({ url: `/api/user/${enc(await targetEmail(caller))}` }),
  },
  {
    route: 'GET /api/order/:id/invoice.pdf',
    who: 'owner or admin',
    expected: [401, 200, 404, 200],
    on: "A's paid order",
    call: async () => ({ url: `/api/order/${(await paidOrderOfA()).orderId}/invoice.pdf` }),
  },
  {
    route: 'POST /api/order/:id/refunds',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: "A's paid order: $1.00",
    call: async () => ({
      url: `/api/order/${(await paidOrderOfA()).orderId}/refunds`,
      payload: { amount: 1, reason: 'Matrix' },
    }),
  },
  {
    route: 'POST /api/order/:id/refunds/:refundId/retry',
    who: 'admin (only a pending refund: 409 for this settled one)',
    expected: [401, 403, 403, 409],
    on: "A's settled refund",
    call: async () => {
      const { orderId, refundId } = await refundedOrderOfA();
      return { url: `/api/order/${orderId}/refunds/${refundId}/retry` };
    },
  },
  {
    route: 'GET /api/order/:id/credit-notes/:number',
    who: 'owner or admin',
    expected: [401, 200, 404, 200],
    on: "A's credit note",
    call: async () => {
      const { orderId, note } = await refundedOrderOfA();
      return { url: `/api/order/${orderId}/credit-notes/${note}.pdf` };
    },
  },
  {
    route: 'GET /api/admin/documents.csv',
    who: 'admin',
    expected: ADMIN,
    on: 'today',
    call: async () => {
      const today = new Date().toISOString().slice(0, 10);
      return { url: `/api/admin/documents.csv?from=${today}&to=${today}` };
    },
  },
  {
    route: 'GET /api/order/:id/timeline',
    who: 'owner or admin',
    expected: [401, 200, 404, 200],
    on: "A's order",
    call: async () => ({ url: `/api/order/${orderOfA}/timeline` }),
  },
  {
    route: 'GET /api/admin/tools',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/admin/tools?lowStock=true' }),
  },
  {
    route: 'GET /api/admin/tools/:id',
    who: 'admin',
    expected: ADMIN,
    on: 'a tool',
    call: async () => ({ url: `/api/admin/tools/${toolId}` }),
  },
  {
    route: 'GET /api/admin/overview',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/admin/overview?days=30' }),
  },
  {
    route: 'GET /api/orders/export.csv',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/orders/export.csv' }),
  },
  {
    route: 'GET /api/tool/export.csv',
    who: 'admin',
    expected: ADMIN,
    on: '—',
    call: async () => ({ url: '/api/tool/export.csv' }),
  },
  {
    route: 'POST /api/tool/import/preview',
    who: 'admin',
    expected: ADMIN,
    on: 'a one-tool CSV',
    call: async () => ({ url: '/api/tool/import/preview', payload: { csv: importCsv() } }),
  },
  {
    route: 'POST /api/tool/import',
    who: 'admin',
    expected: ADMIN,
    on: 'a previewed one-tool CSV',
    call: async () => {
      const csv = importCsv();
      const preview = await request(t.app, {
        method: 'POST',
        url: '/api/tool/import/preview',
        payload: { csv },
        as: admin,
      });
      const { planHash } = preview.json<{ planHash: string }>();
      return { url: '/api/tool/import', payload: { csv, planHash } };
    },
  },
  // Company routes find the company from the session: there is no id of A's to try. B and the
  // admin belong to none until the last row, where they create their own.
  {
    route: 'GET /api/company',
    who: 'signed in (the own company, or null)',
    expected: SIGNED_IN,
    on: "A's company",
    call: async () => {
      await companyOfA();
      return { url: '/api/company' };
    },
  },
  {
    route: 'PUT /api/company',
    who: "the company's admins",
    expected: [401, 200, 404, 404],
    on: "A's company",
    call: async () => {
      await companyOfA();
      return { url: '/api/company', payload: { name: 'Matrix Controls Ltd', poRequired: false } };
    },
  },
  {
    route: 'POST /api/company/invitations',
    who: "the company's admins",
    expected: [401, 201, 404, 404],
    on: 'a new address',
    call: async () => {
      await companyOfA();
      return {
        url: '/api/company/invitations',
        payload: { email: `colleague-${randomUUID()}@example.com`, role: 'buyer' },
      };
    },
  },
  {
    route: 'PUT /api/company/members/:userId',
    who: "the company's admins, on its members",
    expected: [401, 200, 404, 404],
    on: "a buyer in A's company",
    call: async () => ({
      url: `/api/company/members/${await colleagueOfA()}`,
      payload: { role: 'approver' },
    }),
  },
  {
    route: 'DELETE /api/company/members/:userId',
    who: "the company's admins, on its members (anyone on themselves)",
    expected: [401, 200, 404, 404],
    on: "a buyer in A's company",
    call: async () => ({ url: `/api/company/members/${await colleagueOfA()}` }),
  },
  {
    route: 'POST /api/company/join',
    who: 'signed in as the address invited',
    expected: [401, 403, 403, 403],
    on: "an invitation from A's company to another address",
    call: async () => ({ url: '/api/company/join', payload: { token: await invitationToken() } }),
  },
  {
    route: 'GET /api/company/addresses',
    who: "the company's members",
    expected: [401, 200, 404, 404],
    on: "A's company's book",
    call: async () => {
      await companyOfA();
      return { url: '/api/company/addresses' };
    },
  },
  {
    route: 'POST /api/company/addresses',
    who: "the company's admins",
    expected: [401, 201, 404, 404],
    on: "A's company's book",
    call: async () => {
      await companyOfA();
      return { url: '/api/company/addresses', payload: addressInput() };
    },
  },
  {
    route: 'PUT /api/company/addresses/:id',
    who: "the company's admins",
    expected: [401, 200, 404, 404],
    on: "an address in A's company's book",
    call: async () => ({
      url: `/api/company/addresses/${await companyAddressOfA()}`,
      payload: addressInput(),
    }),
  },
  {
    route: 'DELETE /api/company/addresses/:id',
    who: "the company's admins",
    expected: [401, 204, 404, 404],
    on: "an address in A's company's book",
    call: async () => ({ url: `/api/company/addresses/${await companyAddressOfA()}` }),
  },
  {
    route: 'GET /api/company/orders',
    who: "the company's members (buyers: their own orders)",
    expected: [401, 200, 404, 404],
    on: "A's company",
    call: async () => {
      await companyOfA();
      return { url: '/api/company/orders' };
    },
  },
  {
    route: 'PUT /api/company/members/:userId/limits',
    who: "the company's admins, on its members",
    expected: [401, 200, 404, 404],
    on: "a buyer in A's company",
    call: async () => ({
      url: `/api/company/members/${await colleagueOfA()}/limits`,
      payload: { orderLimit: 500, monthlyLimit: null },
    }),
  },
  {
    route: 'GET /api/company/approvals',
    who: "the company's approvers and admins (buyers: their own)",
    expected: [401, 200, 404, 404],
    on: "A's company",
    call: async () => {
      await companyOfA();
      return { url: '/api/company/approvals' };
    },
  },
  {
    route: 'POST /api/company/approvals/:id/approve',
    who: "the company's approvers and admins",
    expected: [401, 200, 404, 404],
    on: "a request for approval in A's company",
    call: async () => ({ url: `/api/company/approvals/${await approvalOfA()}/approve` }),
  },
  {
    route: 'POST /api/company/approvals/:id/reject',
    who: "the company's approvers and admins",
    expected: [401, 200, 404, 404],
    on: "a request for approval in A's company",
    call: async () => ({
      url: `/api/company/approvals/${await approvalOfA()}/reject`,
      payload: { reason: 'Not this quarter' },
    }),
  },
  {
    route: 'GET /api/tool/:id/supply',
    who: 'anyone',
    expected: [200, 200, 200, 200],
    on: 'a tool for sale',
    call: async () => ({ url: `/api/tool/${toolId}/supply` }),
  },
  {
    route: 'GET /api/admin/batches',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'every batch',
    call: async () => ({ url: '/api/admin/batches' }),
  },
  {
    route: 'POST /api/admin/tools/:id/batches',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: 'a tool for sale',
    call: async () => ({ url: `/api/admin/tools/${toolId}/batches`, payload: batchInput() }),
  },
  {
    route: 'PATCH /api/admin/batches/:id',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'an expected batch',
    call: async () => ({
      url: `/api/admin/batches/${await batchOfTool()}`,
      payload: { expectedOn: batchInput().expectedOn },
    }),
  },
  {
    route: 'POST /api/admin/batches/:id/receive',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'an expected batch',
    call: async () => ({ url: `/api/admin/batches/${await batchOfTool()}/receive`, payload: {} }),
  },
  {
    route: 'PUT /api/admin/tools/:id/supply',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'a tool for sale',
    call: async () => ({
      url: `/api/admin/tools/${toolId}/supply`,
      payload: { backorderable: false, leadTimeWeeks: null },
    }),
  },
  {
    route: 'GET /api/admin/backorders',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'every tool owed',
    call: async () => ({ url: '/api/admin/backorders' }),
  },
  {
    route: 'POST /api/admin/orders/:id/shipments',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: "a paid order of A's, shipped whole",
    call: async () => ({
      url: `/api/admin/orders/${(await paidOrderOfA()).orderId}/shipments`,
      payload: { lines: [{ lineNo: 1, quantity: 1 }], carrier: 'DHL' },
    }),
  },
  {
    route: 'POST /api/admin/orders/:id/shipments/:number/cancel',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: "a shipment of a paid order of A's",
    call: async () => ({
      url: `/api/admin/orders/${await shippedOrderOfA()}/shipments/1/cancel`,
    }),
  },
  {
    route: 'GET /api/admin/shipping/ready',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'every order that can ship now',
    call: async () => ({ url: '/api/admin/shipping/ready' }),
  },
  {
    route: 'POST /api/quotes',
    who: 'signed in',
    expected: [401, 201, 201, 201],
    on: 'a new request for quotation',
    call: async () => ({ url: '/api/quotes', payload: quoteRequest() }),
  },
  {
    route: 'GET /api/quotes',
    who: "signed in (their own, and their company's where they see its orders)",
    expected: [401, 200, 200, 200],
    on: 'their own quotes',
    call: async () => ({ url: '/api/quotes' }),
  },
  {
    route: 'GET /api/quotes/:id',
    who: "its requester, their company's members who see its orders, and admin",
    expected: [401, 200, 404, 200],
    on: "A's quote",
    call: async () => ({ url: `/api/quotes/${await quoteOfA()}` }),
  },
  {
    route: 'GET /api/quotes/:id/revisions/:revision/pdf',
    who: "its requester, their company's members who see its orders, and admin",
    expected: [401, 200, 404, 200],
    on: "A's answered quote",
    call: async () => ({ url: `/api/quotes/${await quoteOfA(true)}/revisions/1/pdf` }),
  },
  {
    route: 'POST /api/quotes/:id/messages',
    who: "its requester, their company's members who see its orders, and admin",
    expected: [401, 200, 404, 200],
    on: "A's quote",
    call: async () => ({
      url: `/api/quotes/${await quoteOfA()}/messages`,
      payload: { body: 'Any news?' },
    }),
  },
  {
    route: 'POST /api/quotes/:id/decline',
    who: 'its buyer side (not staff)',
    expected: [401, 200, 404, 403],
    on: "A's answered quote",
    call: async () => ({
      url: `/api/quotes/${await quoteOfA(true)}/decline`,
      payload: { reason: 'Too dear' },
    }),
  },
  {
    route: 'POST /api/quotes/:id/accept',
    who: 'its buyer side (not staff)',
    expected: [401, 201, 404, 403],
    on: "A's answered quote",
    call: async () => ({
      url: `/api/quotes/${await quoteOfA(true)}/accept`,
      payload: {
        revision: 1,
        choices: [{ lineNo: 1, offerNo: 1 }],
        expectedTotal: 150,
        phone: '+1 555 010 2030',
        address: '1 Matrix Way',
      },
    }),
  },
  {
    route: 'GET /api/admin/quotes',
    who: 'admin',
    expected: [401, 403, 403, 200],
    on: 'every quote',
    call: async () => ({ url: '/api/admin/quotes' }),
  },
  {
    route: 'POST /api/admin/quotes/:id/revisions',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: "A's quote",
    call: async () => ({
      url: `/api/admin/quotes/${await quoteOfA()}/revisions`,
      payload: quoteAnswer(),
    }),
  },
  {
    route: 'GET /api/company/statement',
    who: "the company's admins",
    expected: [401, 200, 404, 404],
    on: "A's company's account",
    call: async () => {
      await companyOfA();
      return { url: '/api/company/statement' };
    },
  },
  {
    route: 'GET /api/admin/companies',
    who: 'admin',
    expected: ADMIN,
    on: 'every company',
    call: async () => {
      await companyOfA();
      return { url: '/api/admin/companies' };
    },
  },
  {
    route: 'GET /api/admin/companies/:id',
    who: 'admin',
    expected: ADMIN,
    on: "A's company",
    call: async () => ({ url: `/api/admin/companies/${await companyOfA()}` }),
  },
  {
    route: 'PUT /api/admin/companies/:id/account',
    who: 'admin',
    expected: ADMIN,
    on: "A's company's terms and credit limit",
    call: async () => ({
      url: `/api/admin/companies/${await companyOfA()}/account`,
      payload: { termsDays: 30, creditLimit: 100_000 },
    }),
  },
  {
    route: 'POST /api/admin/invoices/:number/payments',
    who: 'admin',
    expected: [401, 403, 403, 201],
    on: "an open invoice on A's company's account",
    call: async () => ({
      url: `/api/admin/invoices/${await invoiceOnAccountOfA()}/payments`,
      payload: { amount: 0.01, receivedOn: '2026-11-20', reference: 'MATRIX' },
    }),
  },
  {
    route: 'POST /api/company',
    who: 'signed in, in no company (becomes its admin)',
    expected: [401, 409, 201, 201],
    on: 'a new company',
    call: async () => {
      await companyOfA();
      return { url: '/api/company', payload: { name: 'Another Company Ltd' } };
    },
  },
];

/** better-auth's own endpoints and the API reference are outside the shop API's table. */
const isShopApi = (route: string) => {
  const url = route.slice(route.indexOf(' ') + 1);
  return url.startsWith('/api') && !url.startsWith('/api/auth/') && !url.startsWith('/api/docs');
};

/** HEAD routes that Fastify adds for every GET answer as the GET does. */
function apiRoutes(): string[] {
  return [...registered]
    .filter(isShopApi)
    .filter((r) => !(r.startsWith('HEAD ') && registered.has(`GET ${r.slice(5)}`)))
    .sort();
}

const COLUMNS = [
  'Route',
  'Who may call it',
  'Called on',
  'Anonymous',
  'Customer A (owner)',
  'Customer B (on A’s objects)',
  'Admin',
];

/** The table as cells, so the markdown's column padding does not matter. */
function tableCells(rows: Row[]): string[][] {
  return [COLUMNS, ...rows.map((r) => [`\`${r.route}\``, r.who, r.on, ...r.expected.map(String)])];
}

const MARK_START = '<!-- authorization-matrix:start -->';
const MARK_END = '<!-- authorization-matrix:end -->';

function cellsOf(markdown: string): string[][] {
  const from = markdown.indexOf(MARK_START);
  const to = markdown.indexOf(MARK_END);
  if (from < 0 || to < from) return [];
  return markdown
    .slice(from + MARK_START.length, to)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

beforeAll(async () => {
  // Customer A places an order for nearly every row; the unpaid-order limit has its own tests.
  t = await createShopTestApp({ env: { MAX_UNPAID_ORDERS: '1000' } });
  ({ customerA, customerB, admin } = t);
  const row = await insertTool(t.app.db, {
    name: 'Matrix Multimeter',
    description: 'The tool every row orders.',
    imageUrl: '/images/tools/vf-dm200-digital-multimeter.svg',
    category: 'Test',
    priceCents: 1999,
    minOrderQuantity: 1,
    inStock: 100_000,
  });
  toolId = row.id;
  orderOfA = await placeOrderOfA();
  const picture = await request(t.app, {
    method: 'POST',
    url: '/api/tool-image',
    headers: { 'content-type': 'image/png' },
    payload: await pngFile(),
    as: admin,
  });
  if (picture.statusCode !== 201) throw new Error(`upload failed: ${picture.body}`);
  pictureUrl = picture.json<{ img: string }>().img;
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has exactly one row for every /api route the app registers', () => {
    const inTable = matrix.map((r) => r.route).sort();
    expect(new Set(inTable).size).toBe(inTable.length);
    const routes = apiRoutes();
    const missing = routes.filter((r) => !inTable.includes(r));
    const stale = inTable.filter((r) => !routes.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(matrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const [method] = row.route.split(' ') as [InjectOptions['method']];
    const got: Record<Caller, number> = { anonymous: 0, customerA: 0, customerB: 0, admin: 0 };
    // B and anonymous go before A and the admin, who may use up the object they act on.
    for (const caller of ['anonymous', 'customerB', 'customerA', 'admin'] as const) {
      const res = await request(t.app, {
        method,
        ...(await row.call(caller)),
        as: users()[caller],
      });
      got[caller] = res.statusCode;
    }
    expect(callers.map((c) => `${c} ${got[c]}`)).toEqual(
      callers.map((c, i) => `${c} ${row.expected[i]}`),
    );
  });

  it('lists in the API reference every error status the matrix sees', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/docs/json' });
    const { paths } = res.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const undocumented = matrix.flatMap((row) => {
      const [method = '', url = ''] = row.route.split(' ');
      const path = url.replace(/:(\w+)/g, '{$1}');
      const responses = paths[path]?.[method.toLowerCase()]?.responses ?? {};
      return [...new Set(row.expected)]
        .filter((status) => status >= 400 && !(String(status) in responses))
        .map((status) => `${row.route} ${status}`);
    });
    expect(undocumented).toEqual([]);
  });

  it('is written out in docs/authorization.md', () => {
    const doc = readFileSync(new URL('../../../docs/authorization.md', import.meta.url), 'utf8');
    expect(cellsOf(doc)).toEqual(tableCells(matrix));
  });
});
