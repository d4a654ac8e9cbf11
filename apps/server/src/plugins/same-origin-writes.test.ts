import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopTestApp, type ShopTestApp } from '../../test/shop-fixtures.ts';
import { request } from '../../test/test-app.ts';
import { foreignOriginMessage } from './same-origin-writes.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

describe("writes to the shop's API from another site", () => {
  it('are refused with 403, while the same write from the shop itself goes through', async () => {
    const foreign = await request(t.app, {
      method: 'POST',
      url: '/api/cart/lines',
      as: t.customerA,
      headers: { origin: 'https://evil.example' },
      payload: { lines: [{ toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      error: { code: 'forbidden', message: foreignOriginMessage },
    });

    // The same request from the shop's own pages reaches the route (which knows no such tool).
    const own = await request(t.app, {
      method: 'POST',
      url: '/api/cart/lines',
      as: t.customerA,
      payload: { lines: [{ toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    });
    expect(own.statusCode).toBe(404);
  });

  it('lets reads from anywhere and writes without an Origin (not a browser) through', async () => {
    const read = await request(t.app, {
      method: 'GET',
      url: '/api/tool',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        topic: 'support',
        name: 'Curl',
        email: 'curl@example.com',
        message: 'Hello from a script, long enough.',
      },
    });
    expect(noOrigin.statusCode).toBe(201);
  });
});
