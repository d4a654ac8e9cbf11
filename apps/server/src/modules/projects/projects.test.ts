import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@voltforge/contract/cart';
import { eq } from 'drizzle-orm';
import { invoice } from '../../db/schema/order.ts';
import { tool } from '../../db/schema/tool.ts';
import type {
  OrderAgain,
  BomPreview,
  Project,
  ProjectDiff,
  ProjectInput,
  ProjectPrice,
  ProjectSummary,
  ProjectToCart,
} from '@voltforge/contract/project';
import type { Order } from '@voltforge/contract/order';
import { projectMessages, roundedUpMessage } from '@voltforge/contract/project-rules';
import { bomMessages } from '@voltforge/contract/project-bom';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { payWithTestCard } from '../../../test/payment-test-orders.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
const meter = { id: '', partNumber: 'PJ-METER' };
const relay = { id: '', partNumber: 'PJ-RELAY' };
const leads = { id: '', partNumber: 'PJ-LEADS' };

beforeAll(async () => {
  t = await createShopTestApp();
  // $1.00 each from 1, $0.80 from 100: 90 cost $90.00, 100 cost $80.00.
  meter.id = (
    await insertTool(t.app.db, {
      partNumber: meter.partNumber,
      priceCents: 100,
      minOrderQuantity: 1,
      inStock: 1000,
      priceBreaks: [{ quantity: 100, unitPriceCents: 80 }],
    })
  ).id;
  relay.id = (
    await insertTool(t.app.db, {
      partNumber: relay.partNumber,
      priceCents: 890,
      minOrderQuantity: 20,
      orderMultiple: 20,
      inStock: 2400,
    })
  ).id;
  leads.id = (
    await insertTool(t.app.db, {
      partNumber: leads.partNumber,
      priceCents: 1990,
      minOrderQuantity: 1,
      inStock: 12,
    })
  ).id;
  await insertTool(t.app.db, { partNumber: 'PJ-GONE', archivedAt: new Date() });
});
afterAll(() => t.close());

const board: ProjectInput = {
  name: 'Controller board',
  notes: 'Rev C',
  lines: [
    { part: 'pj-meter', quantityPerBuild: 18, designators: 'R1-R18', customerRef: 'ACME-100' },
    { part: 'PJ-RELAY', quantityPerBuild: 3, designators: 'K1, K2', attritionBasisPoints: 1_000 },
    { part: 'LM358-NOT-OURS', quantityPerBuild: 2 },
    { part: 'PJ-LEADS', quantityPerBuild: 1, doNotInstall: true },
    { part: 'PJ-METER', quantityPerBuild: 2, designators: 'R19 R20' },
  ],
};

async function create(as: TestUser, input: ProjectInput = board) {
  const res = await request(t.app, { method: 'POST', url: '/api/projects', payload: input, as });
  expect(res.statusCode).toBe(201);
  return res.json<Project>();
}

describe('projects', () => {
  it('keeps the lines, matching part numbers to tools and keeping the rest as text', async () => {
    const project = await create(t.customerA);
    expect(project.revision).toBe(1);
    expect(project.lines.map((l) => [l.part, l.partNumber])).toEqual([
      ['pj-meter', meter.partNumber],
      ['PJ-RELAY', relay.partNumber],
      ['LM358-NOT-OURS', null],
      ['PJ-LEADS', leads.partNumber],
      ['PJ-METER', meter.partNumber],
    ]);
    // 2 designators for 3 per board: said, not refused.
    expect(project.lines[1]?.designatorWarning).toBe(projectMessages.designatorCount(2, 3));
    expect(project.lines[0]?.designatorWarning).toBeNull();

    const list = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerA });
    expect(list.json<Array<{ id: string; lineCount: number }>>()).toContainEqual(
      expect.objectContaining({ id: project.id, lineCount: 5 }),
    );
  });

  it('prices N builds: lines of one tool summed, rounded to the minimum and multiple, breaks offered', async () => {
    const project = await create(t.customerA);
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/projects/${project.id}/price?builds=4`,
      as: t.customerA,
    });
    expect(res.statusCode).toBe(200);
    const price = res.json<ProjectPrice>();
    const [meterLine, relayLine, unmatched, dnp, meterAgain] = price.lines;
    // 18 × 4 + 2 × 4 = 80 meters on the first line; 90 would cost more than 100 does.
    expect(meterLine).toMatchObject({ quantity: 80, unitPrice: 1, lineTotal: 80, status: 'ready' });
    expect(meterLine?.suggestion).toMatchObject({ quantity: 100, lineTotal: 80, saving: 0 });
    expect(meterAgain).toMatchObject({ mergedInto: 1, lineTotal: null, quantity: 0 });
    // ceil(3 × 4 × 1.1) = 14, rounded up to the minimum of 20.
    expect(relayLine).toMatchObject({ needed: 14, quantity: 20, lineTotal: 178 });
    expect(relayLine?.roundedUp).toEqual({ rule: 'minimum', by: 20 });
    expect(relayLine && roundedUpMessage(relayLine)).toBe(
      '20 for 14 needed: Minimum Order Quantity 20 pcs.',
    );
    expect(unmatched?.status).toBe('unmatched');
    expect(dnp?.status).toBe('do_not_install');
    // Σ lines = total, in cents.
    expect(price.total).toBe(258);
    expect(price.perBoard).toBe(64.5);
  });

  it('My Projects shows the last pricing: priced again alike, for other boards, after a price change', async () => {
    const project = await create(t.customerB);
    const last = async () => {
      const list = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerB });
      const mine = list.json<ProjectSummary[]>().find((p) => p.id === project.id);
      return [mine?.lastPricedTotal, mine?.lastPricedBuilds];
    };
    const price = async (builds: number) => {
      const res = await request(t.app, {
        method: 'GET',
        url: `/api/projects/${project.id}/price?builds=${builds}`,
        as: t.customerB,
      });
      expect(res.statusCode).toBe(200);
      return res.json<ProjectPrice>().total;
    };
    expect(await last()).toEqual([null, null]);
    expect(await price(4)).toBe(258);
    expect(await price(4)).toBe(258);
    expect(await last()).toEqual([258, 4]);
    const forOne = await price(1);
    expect(await last()).toEqual([forOne, 1]);
    // The relay's price changes: the same 4 boards cost more, and the list says so.
    await t.app.db.update(tool).set({ priceCents: 990 }).where(eq(tool.id, relay.id));
    try {
      expect(await price(4)).toBe(278);
      expect(await last()).toEqual([278, 4]);
    } finally {
      await t.app.db.update(tool).set({ priceCents: 890 }).where(eq(tool.id, relay.id));
    }
  });

  it('exports the priced project as CSV, with the page’s figures', async () => {
    const project = await create(t.customerA);
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/projects/${project.id}/export.csv?builds=4`,
      as: t.customerA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Controller-board-4-boards.csv"',
    );
    const rows = res.body.replace(/^\ufeff/, '').split('\r\n');
    expect(rows[1]).toBe(
      `1,pj-meter,${meter.partNumber},${project.lines[0]?.name},ACME-100,R1-R18,18,0,,72,80,1.00,80.00,Ready,`,
    );
    expect(rows).toContain('Total,258.00');
    expect(rows).toContain('Per board,64.50');
  });

  it('adds N builds to the cart with a verdict per line, never saying a skipped line was added', async () => {
    const project = await create(t.customerB, {
      name: 'Short board',
      lines: [
        { part: 'PJ-LEADS', quantityPerBuild: 5 },
        { part: 'PJ-RELAY', quantityPerBuild: 1 },
        { part: 'NOPE-1', quantityPerBuild: 1 },
        { part: 'PJ-METER', quantityPerBuild: 1, doNotInstall: true },
      ],
    });
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/projects/${project.id}/cart`,
      payload: { builds: 3 },
      as: t.customerB,
    });
    expect(res.statusCode).toBe(200);
    const { verdicts } = res.json<ProjectToCart>();
    // 15 leads wanted, 12 in stock: not added, and says so.
    expect(verdicts.map((v) => [v.status, v.added])).toEqual([
      ['short', 0],
      ['rounded_up', 20],
      ['unmatched', 0],
      ['do_not_install', 0],
    ]);
    expect(verdicts[0]?.message).toBe('Not added: only 12 in stock.');
    const cart = await request(t.app, { method: 'GET', url: '/api/cart', as: t.customerB });
    expect(cart.json<Cart>().lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      [relay.partNumber, 20],
    ]);
    // The project is as it was.
    const again = await request(t.app, {
      method: 'GET',
      url: `/api/projects/${project.id}`,
      as: t.customerB,
    });
    expect(again.json<Project>()).toEqual(project);
  });

  it('takes a suggested break when asked', async () => {
    const project = await create(t.customerA, {
      name: 'Break',
      lines: [{ part: 'PJ-METER', quantityPerBuild: 9 }],
    });
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/projects/${project.id}/cart`,
      payload: { builds: 10, takeSuggestions: [1] },
      as: t.customerA,
    });
    expect(res.json<ProjectToCart>().verdicts[0]).toMatchObject({
      status: 'rounded_up',
      added: 100,
      message: 'Added 100 for 90 needed, at the price break.',
    });
  });

  it('keeps every revision, and says what changed between two', async () => {
    const project = await create(t.customerA);
    const changed: ProjectInput = {
      ...board,
      lines: [
        { part: 'PJ-METER', quantityPerBuild: 20 },
        { part: 'PJ-RELAY', quantityPerBuild: 3 },
        { part: 'NEW-PART', quantityPerBuild: 1 },
      ],
    };
    const res = await request(t.app, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: changed,
      as: t.customerA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Project>().revision).toBe(2);
    const old = await request(t.app, {
      method: 'GET',
      url: `/api/projects/${project.id}/revisions/1`,
      as: t.customerA,
    });
    expect(old.json<Project>().lines).toHaveLength(5);
    const diff = await request(t.app, {
      method: 'GET',
      url: `/api/projects/${project.id}/diff?from=1&to=2`,
      as: t.customerA,
    });
    expect(diff.json<ProjectDiff>()).toEqual({
      from: 1,
      to: 2,
      added: [{ part: 'NEW-PART', quantityPerBuild: 1 }],
      removed: [
        { part: 'LM358-NOT-OURS', quantityPerBuild: 2 },
        { part: 'PJ-LEADS', quantityPerBuild: 1 },
      ],
      changed: [],
    });
  });

  it('reads a KiCad bill of materials without saving it: a verdict per row, unknown parts offered the closest', async () => {
    const before = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerA });
    const text = [
      'Reference,Value,Footprint,Qty,DNP,MPN',
      '"R1-R4",10k,R_0603,4,,PJ-METER',
      'K1,relay,RELAY,1,,PJ-RELAI',
      'C9,100n,C_0603,x,,PJ-LEADS',
    ].join('\n');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/projects/import/preview',
      payload: { text },
      as: t.customerA,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json<BomPreview>();
    expect(preview.rows.map((r) => [r.part, r.partNumber, r.problems.length])).toEqual([
      ['PJ-METER', meter.partNumber, 0],
      ['PJ-RELAI', null, 0],
      ['PJ-LEADS', leads.partNumber, 1],
    ]);
    expect(preview.rows[1]?.closest).toContain(relay.partNumber);
    expect(preview.rows[2]?.problems[0]).toBe(`Row 4, Qty: ${projectMessages.quantityPerBuild}`);
    const after = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerA });
    expect(after.json<unknown[]>()).toHaveLength(before.json<unknown[]>().length);
  });

  it('refuses a file too large or not text, saying so', async () => {
    const huge = await request(t.app, {
      method: 'POST',
      url: '/api/projects/import/preview',
      payload: { text: 'x'.repeat(10 * 1024 * 1024) },
      as: t.customerA,
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).message).toBe(bomMessages.tooLong);
    const utf16 = await request(t.app, {
      method: 'POST',
      url: '/api/projects/import/preview',
      // A UTF-16 file read as UTF-8 (a NUL is refused for any text, by the API's own check).
      payload: { text: '\ufffd\ufffdM P N' },
      as: t.customerA,
    });
    expect(utf16.statusCode).toBe(400);
    expect(errorOf(utf16).message).toBe(bomMessages.notText);
  });

  it('puts an earlier order in the cart again at today’s price, and saves it as a project', async () => {
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: leads.id, quantity: 2, phone: '+1 555 010 2030', address: '1 Main St' },
      as: t.admin,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ _id: string }>()._id;
    await t.app.db.update(tool).set({ priceCents: 2190 }).where(eq(tool.id, leads.id));
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/order/${orderId}/again`,
      as: t.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderAgain>().verdicts).toEqual([
      {
        line: 1,
        partNumber: leads.partNumber,
        status: 'added',
        message: 'Added 2.',
        added: 2,
        unitPriceThen: 19.9,
        unitPriceNow: 21.9,
      },
    ]);
    const saved = await request(t.app, {
      method: 'POST',
      url: `/api/order/${orderId}/project`,
      as: t.admin,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const project = saved.json<Project>();
    expect(project.name).toMatch(/^From order VF-\d+$/);
    expect(project.lines.map((l) => [l.part, l.quantityPerBuild])).toEqual([[leads.partNumber, 2]]);
    for (const url of [`/api/order/${orderId}/again`, `/api/order/${orderId}/project`]) {
      const other = await request(t.app, { method: 'POST', url, as: t.customerB });
      expect(other.statusCode, url).toBe(404);
    }
  });

  it('an order placed from a revision keeps that revision and the buyer’s references', async () => {
    const buyer = await registerUser(t.app);
    const project = await create(buyer, {
      name: 'Sensor board',
      lines: [
        { part: 'PJ-METER', quantityPerBuild: 2, customerRef: 'ACME-R1' },
        { part: 'PJ-RELAY', quantityPerBuild: 1 },
        { part: 'PJ-METER', quantityPerBuild: 1, customerRef: 'ACME-R9' },
      ],
    });
    const added = await request(t.app, {
      method: 'POST',
      url: `/api/projects/${project.id}/cart`,
      payload: { builds: 5 },
      as: buyer,
    });
    expect(added.statusCode).toBe(200);
    const cart = (
      await request(t.app, { method: 'GET', url: '/api/cart', as: buyer })
    ).json<Cart>();
    const from = { id: project.id, name: 'Sensor board', revision: 1 };
    expect(cart.lines.map((l) => [l.partNumber, l.customerRef, l.project])).toEqual([
      [meter.partNumber, 'ACME-R1, ACME-R9', from],
      [relay.partNumber, null, from],
    ]);
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/checkout',
      payload: { phone: '+1 555 010 2030', address: '1 Main St', expectedTotal: cart.total },
      as: buyer,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<Order>()._id;
    await payWithTestCard(t.app, buyer, orderId);

    // The project changes: revision 2, renamed, the meter's reference gone.
    const changed = await request(t.app, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Sensor board v2', lines: [{ part: 'PJ-METER', quantityPerBuild: 4 }] },
      as: buyer,
    });
    expect(changed.json<Project>().revision).toBe(2);

    const order = (
      await request(t.app, { method: 'GET', url: `/api/order/${orderId}`, as: buyer })
    ).json<Order>();
    expect(order.lines.map((l) => [l.partNumber, l.quantity, l.customerRef, l.project])).toEqual([
      [meter.partNumber, 15, 'ACME-R1, ACME-R9', from],
      [relay.partNumber, 20, null, from],
    ]);
    const lines = (
      await request(t.app, {
        method: 'GET',
        url: `/api/projects/${project.id}/revisions/${order.lines[0]!.project!.revision}`,
        as: buyer,
      })
    ).json<Project>().lines;
    expect(lines.map((l) => [l.part, l.quantityPerBuild])).toEqual([
      ['PJ-METER', 2],
      ['PJ-RELAY', 1],
      ['PJ-METER', 1],
    ]);
    // The invoice line carries the reference; My Projects knows when it was last ordered.
    const [issued] = await t.app.db
      .select({ snapshot: invoice.snapshot })
      .from(invoice)
      .where(eq(invoice.orderId, orderId));
    expect(issued?.snapshot.lines.map((l) => l.customerRef)).toEqual(['ACME-R1, ACME-R9', null]);
    const mine = (await request(t.app, { method: 'GET', url: '/api/projects', as: buyer })).json<
      ProjectSummary[]
    >();
    expect(mine[0]?.lastOrderedAt).toBe(order.createdAt);
    // Order again carries the references, not the old revision.
    await request(t.app, { method: 'POST', url: `/api/order/${orderId}/again`, as: buyer });
    const again = (
      await request(t.app, { method: 'GET', url: '/api/cart', as: buyer })
    ).json<Cart>();
    expect(again.lines.map((l) => [l.customerRef, l.project])).toEqual([
      ['ACME-R1, ACME-R9', null],
      [null, null],
    ]);
  });

  it("is its owner's alone: 404 for another account on every route", async () => {
    const project = await create(t.customerA);
    for (const [method, url, payload] of [
      ['GET', `/api/projects/${project.id}`, undefined],
      ['PUT', `/api/projects/${project.id}`, board],
      ['DELETE', `/api/projects/${project.id}`, undefined],
      ['GET', `/api/projects/${project.id}/price?builds=1`, undefined],
      ['POST', `/api/projects/${project.id}/cart`, { builds: 1 }],
      ['GET', `/api/projects/${project.id}/revisions/1`, undefined],
      ['GET', `/api/projects/${project.id}/diff?from=1&to=1`, undefined],
      ['GET', '/api/projects/not-a-uuid', undefined],
    ] as const) {
      const res = await request(t.app, { method, url, payload, as: t.customerB });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerB });
    expect(list.json<Array<{ id: string }>>().map((p) => p.id)).not.toContain(project.id);
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerB });
    const bad: Array<[object, string]> = [
      [{ ...board, name: '' }, projectMessages.name],
      [
        { ...board, lines: [{ part: '=HYPERLINK("x")', quantityPerBuild: 1 }] },
        projectMessages.formula,
      ],
      [
        { ...board, lines: [{ part: 'R', quantityPerBuild: -1 }] },
        projectMessages.quantityPerBuild,
      ],
      [
        { ...board, lines: [{ part: 'R', quantityPerBuild: 1.5 }] },
        projectMessages.quantityPerBuild,
      ],
      [
        { ...board, lines: [{ part: 'R', quantityPerBuild: 1, designators: 'R7-R4' }] },
        projectMessages.designatorRange('R7-R4'),
      ],
      [
        { ...board, lines: [{ part: 'R', quantityPerBuild: 1, designators: 'R1-R100000' }] },
        projectMessages.designatorRangeTooLong('R1-R100000'),
      ],
      [
        {
          ...board,
          lines: Array.from({ length: 5_001 }, () => ({ part: 'R', quantityPerBuild: 1 })),
        },
        projectMessages.tooManyLines,
      ],
    ];
    for (const [payload, message] of bad) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/projects',
        payload,
        as: t.customerB,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toContain(message);
    }
    const project = await create(t.customerB);
    for (const builds of [0, 1_000_000_000, 2.5]) {
      const res = await request(t.app, {
        method: 'GET',
        url: `/api/projects/${project.id}/price?builds=${builds}`,
        as: t.customerB,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toContain(projectMessages.builds);
    }
    const after = await request(t.app, { method: 'GET', url: '/api/projects', as: t.customerB });
    expect(after.json<unknown[]>().length).toBe(before.json<unknown[]>().length + 1);
  });
});
