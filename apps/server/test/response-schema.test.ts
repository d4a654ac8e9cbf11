import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toolSchema, type Tool } from '@voltforge/contract/tool';
import { buildApp, type App } from '../src/app.ts';
import { errorOf } from './error-body.ts';
import { openTestDatabase, request, testConfig } from './test-app.ts';

/*
 * The web app trusts the shape of every success body (it does not parse responses again:
 * docs/decisions/004-response-parsing.md). That holds because the server serializes each answer
 * through the route's contract schema: a body that does not match is never sent.
 */
const tool: Tool = {
  _id: '5b0c2d0e-3c55-4a43-9d0a-3c1f3c1b7a10',
  name: 'VF-DM200 Multimeter',
  partNumber: 'VF-DM200',
  img: '/images/tools/vf-dm200-digital-multimeter.svg',
  price: 89.5,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [{ quantity: 25, price: 84 }],
  inStock: 140,
  desc: 'A true-RMS multimeter.',
  category: 'Measurement & Test',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  app = await buildApp(testConfig(), { database, logger: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const response = { response: { 200: toolSchema } };
  // Stand-ins for a service that drifted from the contract.
  typed.get('/api/test/drifted', { schema: response }, async () => ({
    ...tool,
    price: 'cheap' as unknown as number,
  }));
  typed.get('/api/test/leaky', { schema: response }, async () => ({
    ...tool,
    passwordHash: 'secret',
  }));
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(() => close());

describe('response schemas', () => {
  it('refuses to send a body that does not match the contract: a 500, never the bad body', async () => {
    const res = await request(app, { method: 'GET', url: '/api/test/drifted' });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res).code).toBe('internal');
    expect(res.body).not.toContain('cheap');
  });

  it('sends only the fields the contract names', async () => {
    const res = await request(app, { method: 'GET', url: '/api/test/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(tool);
  });
});
