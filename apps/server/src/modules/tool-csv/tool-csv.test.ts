import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  toolCsvColumns,
  toolImportMessages,
  type ToolImportPlan,
  type ToolImportResult,
} from '@voltforge/contract/tool-csv';
import { toolFieldMessages } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { parseCsv } from '../../csv.ts';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;

beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const BOM = '\uFEFF';
const HEADER = 'partNumber,name,category,price,minOrderQuantity,inStock,lowStockThreshold,img,desc';

async function exportTools(): Promise<string> {
  const res = await request(t.app, { method: 'GET', url: '/api/tool/export.csv', as: t.admin });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="voltforge-tools-/);
  return res.body;
}

async function preview(csv: string): Promise<ToolImportPlan> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/tool/import/preview',
    payload: { csv },
    as: t.admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json<ToolImportPlan>();
}

const apply = (csv: string, planHash: string) =>
  request(t.app, {
    method: 'POST',
    url: '/api/tool/import',
    payload: { csv, planHash },
    as: t.admin,
  });

async function toolByPart(partNumber: string) {
  const [row] = await t.app.db.select().from(tool).where(eq(tool.partNumber, partNumber));
  return row;
}

describe('GET /api/tool/export.csv', () => {
  it('writes UTF-8 with a header row and RFC 4180 quoting of commas, quotes, line breaks and non-ASCII', async () => {
    await insertTool(t.app.db, {
      partNumber: 'ESC-1',
      name: 'Crimper, "Pro" – Größe 2',
      description: 'Line one\nLine two, with "quotes"',
      priceCents: 123456,
      minOrderQuantity: 2,
      inStock: 7,
      category: 'Hand Tools',
    });
    const csv = await exportTools();
    expect(csv.startsWith(BOM + toolCsvColumns.join(',') + '\r\n')).toBe(true);
    expect(csv).toContain(
      'ESC-1,"Crimper, ""Pro"" – Größe 2",Hand Tools,1234.56,2,1,,7,,/images/tools/vf-dm200-digital-multimeter.svg,"Line one\nLine two, with ""quotes"""\r\n',
    );
    const records = parseCsv(csv, { unterminatedQuote: 'x' });
    const row = records.find((r) => r.cells[0] === 'ESC-1');
    expect(row?.cells[1]).toBe('Crimper, "Pro" – Größe 2');
    expect(row?.cells[toolCsvColumns.indexOf('desc')]).toBe('Line one\nLine two, with "quotes"');
  });

  it('leaves deleted tools out', async () => {
    await insertTool(t.app.db, { partNumber: 'GONE-1', archivedAt: new Date() });
    expect(await exportTools()).not.toContain('GONE-1');
  });
});

describe('tools CSV import', () => {
  it('previews row by row, then applies creates and updates in one go, booking stock as import', async () => {
    const existing = await insertTool(t.app.db, {
      partNumber: 'IMP-UPD',
      name: 'Update Me',
      priceCents: 1000,
      inStock: 10,
    });
    const csv = [
      HEADER,
      'IMP-NEW,Fresh Probe,Measurement & Test,19.90,1,25,,/images/tools/vf-tl100-test-leads.svg,A new probe.',
      // Matched case-insensitively; only the price and stock change.
      `imp-upd,Update Me,Measurement & Test,12.50,3,4,,/images/tools/vf-dm200-digital-multimeter.svg,A true-RMS bench multimeter.`,
    ].join('\r\n');
    const plan = await preview(csv);
    expect(plan.errors).toEqual([]);
    expect(plan.summary).toEqual({ create: 1, update: 1, unchanged: 0 });
    expect(plan.rows[0]).toMatchObject({ row: 2, partNumber: 'IMP-NEW', action: 'create' });
    expect(plan.rows[1]).toMatchObject({
      row: 3,
      action: 'update',
      changes: [
        { column: 'price', from: '10.00', to: '12.50' },
        { column: 'inStock', from: '10', to: '4' },
      ],
    });
    // The preview changed nothing.
    expect(await toolByPart('IMP-NEW')).toBeUndefined();

    const res = await apply(csv, plan.planHash);
    expect(res.statusCode).toBe(200);
    expect(res.json<ToolImportResult>()).toMatchObject({ created: 1, updated: 1 });
    const created = await toolByPart('IMP-NEW');
    expect(created).toMatchObject({ name: 'Fresh Probe', priceCents: 1990, inStock: 25 });
    expect(await toolByPart('IMP-UPD')).toMatchObject({ priceCents: 1250, inStock: 4 });
    const movements = await t.app.db
      .select({
        delta: stockMovement.delta,
        reason: stockMovement.reason,
        actorId: stockMovement.actorId,
      })
      .from(stockMovement)
      .where(eq(stockMovement.toolId, existing.id));
    expect(movements).toEqual([{ delta: -6, reason: 'import', actorId: t.admin.id }]);

    // The new tool is for sale.
    const list = await request(t.app, { method: 'GET', url: '/api/tool?search=Fresh%20Probe' });
    expect(list.json<Tool[]>().map((x) => x.name)).toEqual(['Fresh Probe']);
  });

  it('names every bad cell by row and column, and a file with a bad row changes nothing', async () => {
    const csv = [
      HEADER,
      'BAD-OK,Good Row,Hand Tools,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Fine.',
      'BAD-2,,Hand Tools,abc,0,-1,x,ftp://nope,Broken.',
      'bad-ok,Twice,Hand Tools,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Same part.',
      'BAD-4,Short row',
    ].join('\n');
    const plan = await preview(csv);
    expect(plan.errors).toEqual([
      { row: 3, column: 'name', message: 'Required for a new tool' },
      { row: 3, column: 'price', message: 'Must be a number' },
      {
        row: 3,
        column: 'minOrderQuantity',
        message: 'Minimum order quantity must be a whole number from 1 to 1,000,000',
      },
      {
        row: 3,
        column: 'inStock',
        message: 'Available quantity must be a whole number from 0 to 1,000,000',
      },
      {
        row: 3,
        column: 'lowStockThreshold',
        message: 'Low-stock threshold must be a whole number from 0 or be left empty',
      },
      {
        row: 3,
        column: 'img',
        message:
          'Photo URL must start with http:// or https:// (or be a site image under /images/, or a picture uploaded here)',
      },
      { row: 4, column: 'partNumber', message: 'The same part number is already on row 2' },
      { row: 5, column: null, message: 'This row has 2 values; the first row names 9 columns.' },
    ]);
    expect(plan.rows.map((r) => r.action)).toEqual(['create', 'error', 'error', 'error']);

    const res = await apply(csv, plan.planHash);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        message: 'The file has 8 errors; nothing was imported. Fix them and try again.',
        fields: {
          'row 3, price': 'Must be a number',
          'row 5': 'This row has 2 values; the first row names 9 columns.',
        },
      },
    });
    expect(await toolByPart('BAD-OK')).toBeUndefined();
  });

  it('tells a negative or zero price that it must be more than 0, not that it is no number', async () => {
    const csv = [
      HEADER,
      'NEG-1,Negative,Hand Tools,-3,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Minus three.',
      'NEG-2,Zero,Hand Tools,0.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Free.',
      'NEG-3,Words,Hand Tools,three,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Words.',
    ].join('\n');
    const plan = await preview(csv);
    expect(plan.errors.filter((e) => e.column === 'price')).toEqual([
      { row: 2, column: 'price', message: toolFieldMessages.pricePositive },
      { row: 3, column: 'price', message: toolFieldMessages.pricePositive },
      { row: 4, column: 'price', message: 'Must be a number' },
    ]);
  });

  it('refuses a category differing from one in use, or one earlier in the file, only by case or spaces', async () => {
    await insertTool(t.app.db, { partNumber: 'CAT-OLD', category: 'Hand Tools' });
    const csv = [
      HEADER,
      'CAT-1,Same Category,Hand Tools,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Fine.',
      'CAT-2,Case Clash,hand  tools,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Clash.',
      'CAT-3,New Category,Cable Reels,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,New.',
      'CAT-4,New Again,CABLE REELS,5.00,1,3,,/images/tools/vf-ws12-wire-stripper.svg,Clash.',
    ].join('\n');
    const plan = await preview(csv);
    expect(plan.errors).toEqual([
      { row: 3, column: 'category', message: toolFieldMessages.categoryClash('Hand Tools') },
      { row: 5, column: 'category', message: toolFieldMessages.categoryClash('Cable Reels') },
    ]);
  });

  it('refuses to apply when the catalogue changed since the preview', async () => {
    await insertTool(t.app.db, { partNumber: 'STALE-1', inStock: 10 });
    const csv = `${HEADER}\nSTALE-1,,,,,20,,,`;
    const plan = await preview(csv);
    expect(plan.summary.update).toBe(1);
    await t.app.db.update(tool).set({ inStock: 9 }).where(eq(tool.partNumber, 'STALE-1'));
    const res = await apply(csv, plan.planHash);
    expect(res.statusCode).toBe(409);
    expect((await toolByPart('STALE-1'))?.inStock).toBe(9);
  });

  it('reports a file that is not CSV, a missing part number column and unknown columns', async () => {
    expect((await preview('partNumber,name\n"open,quote')).errors).toEqual([
      { row: 2, column: null, message: 'A quoted value is never closed.' },
    ]);
    expect((await preview('name,colour\nX,red')).errors).toEqual([
      {
        row: 1,
        column: 'colour',
        message:
          'Unknown column "colour"; the columns are partNumber, name, category, price, minOrderQuantity, orderMultiple, priceBreaks, inStock, lowStockThreshold, img, desc.',
      },
      { row: 1, column: 'partNumber', message: 'The first row must name the column "partNumber".' },
    ]);
    expect((await preview('')).errors).toEqual([
      { row: 1, column: null, message: 'The file is empty: the first row must name the columns.' },
    ]);
  });

  it('exporting and importing the same file changes nothing', async () => {
    await insertTool(t.app.db, {
      partNumber: 'RT-1',
      name: 'Ünïcode, "quoted"\nname',
      lowStockThreshold: 7,
    });
    await insertTool(t.app.db, {
      partNumber: 'RT-2',
      name: "=cmd|' /C calc'!A0",
      category: '+Formulas',
      description: '@SUM(1,2)',
    });
    const csv = await exportTools();
    // A spreadsheet opening the export shows these as text instead of running them.
    const line = csv.split('\r\n').find((l) => l.startsWith('RT-2,'));
    expect(line).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(line).toContain(`'+Formulas`);
    expect(line).toContain(`"'@SUM(1,2)"`);
    const before = await t.app.db.select().from(tool).orderBy(tool.id);
    const movementsBefore = await t.app.db.select().from(stockMovement);
    const plan = await preview(csv);
    expect(plan.errors).toEqual([]);
    expect(plan.summary.create + plan.summary.update).toBe(0);
    expect(plan.summary.unchanged).toBeGreaterThan(3);
    const res = await apply(csv, plan.planHash);
    expect(res.json<ToolImportResult>()).toMatchObject({ created: 0, updated: 0 });
    expect(await t.app.db.select().from(tool).orderBy(tool.id)).toEqual(before);
    expect(await t.app.db.select().from(stockMovement)).toHaveLength(movementsBefore.length);
  });
});

describe('price breaks and order multiples in the CSV', () => {
  it('carries them out and in: an imported break prices like one entered in the admin', async () => {
    await insertTool(t.app.db, {
      partNumber: 'PB-1',
      priceCents: 1000,
      minOrderQuantity: 10,
      orderMultiple: 10,
      priceBreaks: [
        { quantity: 100, unitPriceCents: 900 },
        { quantity: 1000, unitPriceCents: 750 },
      ],
    });
    const csv = await exportTools();
    const header = csv.slice(BOM.length).split('\r\n')[0];
    expect(header).toContain('minOrderQuantity,orderMultiple,priceBreaks');
    const line = csv.split('\r\n').find((l) => l.startsWith('PB-1,'));
    expect(line).toContain(',10,10,100:9.00;1000:7.50,');

    const columns =
      'partNumber,name,category,price,minOrderQuantity,orderMultiple,priceBreaks,inStock,img,desc';
    const file = `${columns}\r\nPB-2,Imported Relay,Components,10.00,10,10,100:9.00;1000:7.50,500,/images/tools/relay.svg,A relay.\r\n`;
    const plan = await preview(file);
    expect(plan.errors).toEqual([]);
    expect((await apply(file, plan.planHash)).statusCode).toBe(200);
    const [imported, entered] = [await toolByPart('PB-2'), await toolByPart('PB-1')];
    expect(imported).toMatchObject({
      orderMultiple: entered?.orderMultiple,
      priceBreaks: entered?.priceBreaks,
    });
  });

  it('names a breaks cell it cannot read and breaks that do not fall, importing nothing', async () => {
    const columns = 'partNumber,name,category,price,minOrderQuantity,priceBreaks,inStock,img,desc';
    const file = [
      columns,
      'PB-3,Relay,Components,10.00,1,100=9,5,/images/tools/relay.svg,A relay.',
      'PB-4,Relay,Components,10.00,1,100:11.00,5,/images/tools/relay.svg,A relay.',
      'PB-5,Relay,Components,10.00,1,100:9.999,5,/images/tools/relay.svg,A relay.',
      '',
    ].join('\r\n');
    const plan = await preview(file);
    expect(plan.errors).toEqual([
      { row: 2, column: 'priceBreaks', message: toolImportMessages.breaksFormat },
      {
        row: 3,
        column: 'priceBreaks',
        message: 'Price break 1 (100+): the price must be less than the base price ($10.00).',
      },
      { row: 4, column: 'priceBreaks', message: toolFieldMessages.priceCents },
    ]);
    expect(await toolByPart('PB-3')).toBeUndefined();
  });
});

describe('part numbers', () => {
  it('are unique whatever their letter case', async () => {
    await insertTool(t.app.db, { partNumber: 'UNQ-1' });
    await expect(insertTool(t.app.db, { partNumber: 'unq-1' })).rejects.toThrow();
  });
});
