import { existsSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, request, type TestApp } from '../../test/test-app.ts';
import { demoAccounts } from '../db/demo-accounts.ts';
import { seedDemo } from './seed.ts';
import { pricingProblem } from '@voltforge/contract/pricing';
import { pricingOfRow } from '../modules/tools/tools.service.ts';
import { loadConfig } from '../config.ts';
import { user } from '../db/schema/auth.ts';
import { review } from '../db/schema/review.ts';
import { stockMovement, tool } from '../db/schema/tool.ts';

/** Whether a picture the seed names ships with the shop (scripts/generate-images.ts makes it). */
const ships = (url: string) => existsSync(new URL(`../../../web/public${url}`, import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('seeds a realistic catalogue, reviews and the demo accounts once', async () => {
    expect(await seedDemo(t.app, { withDemoAccounts: true })).toBe(true);
    const tools = await t.app.db.select().from(tool);
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(new Set(tools.map((x) => x.category)).size).toBeGreaterThanOrEqual(4);
    expect(tools.filter((x) => x.description.length > 100).length).toBeGreaterThanOrEqual(3);
    for (const x of tools) {
      expect(x.imageUrl).toMatch(/^\/images\/tools\/[a-z0-9-]+\.webp$/);
      expect(ships(x.imageUrl)).toBe(true);
      expect(x.priceCents).toBeGreaterThan(0);
      expect(x.minOrderQuantity).toBeGreaterThanOrEqual(1);
      // Every demo tool's breaks and multiple are ones an admin could have entered.
      expect(pricingProblem(pricingOfRow(x))).toBeNull();
    }
    expect(tools.filter((x) => x.priceBreaks.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(tools.filter((x) => x.orderMultiple > 1).length).toBeGreaterThanOrEqual(3);
    const [{ reviews }] = (await t.app.db.select({ reviews: count() }).from(review)) as [
      { reviews: number },
    ];
    expect(reviews).toBeGreaterThanOrEqual(6);
    for (const r of await t.app.db.select({ photoUrl: review.photoUrl }).from(review)) {
      if (r.photoUrl) expect(ships(r.photoUrl)).toBe(true);
    }

    // Stock on hand is explained by stock movements.
    const movements = await t.app.db.select().from(stockMovement);
    const stockTotal = tools.reduce((sum, x) => sum + x.inStock, 0);
    expect(movements.reduce((sum, m) => sum + m.delta, 0)).toBe(stockTotal);

    const [admin] = await t.app.db
      .select()
      .from(user)
      .where(eq(user.email, demoAccounts.admin.email));
    expect(admin?.role).toBe('admin');
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: demoAccounts.customer.email, password: demoAccounts.customer.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('does nothing the second time', async () => {
    const before = await t.app.db.select({ n: count() }).from(tool);
    expect(await seedDemo(t.app, { withDemoAccounts: true })).toBe(false);
    const after = await t.app.db.select({ n: count() }).from(tool);
    expect(after).toEqual(before);
    const admins = await t.app.db
      .select()
      .from(user)
      .where(eq(user.email, demoAccounts.admin.email));
    expect(admins).toHaveLength(1);
  });
});

describe('the demo admin after the operator removed it', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it('is never re-created or promoted: whoever registers its email stays a customer', async () => {
    await seedDemo(fresh.app, { withDemoAccounts: true });
    await fresh.app.db.delete(user).where(eq(user.email, demoAccounts.admin.email));
    const squatter = await registerUser(fresh.app, {
      name: 'Mallory',
      email: demoAccounts.admin.email,
    });

    // The next start seeds again.
    await seedDemo(fresh.app, { withDemoAccounts: true });

    const [row] = await fresh.app.db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, demoAccounts.admin.email));
    expect(row).toEqual({ id: squatter.id, role: 'user' });
    const users = await request(fresh.app, { method: 'GET', url: '/api/user', as: squatter });
    expect(users.statusCode).toBe(403);
  });

  it('is not created over an account that already had its email', async () => {
    const other = await createTestApp();
    try {
      const early = await registerUser(other.app, { email: demoAccounts.customer.email });
      await seedDemo(other.app, { withDemoAccounts: true });
      const rows = await other.app.db
        .select({ id: user.id, role: user.role })
        .from(user)
        .where(eq(user.email, demoAccounts.customer.email));
      expect(rows).toEqual([{ id: early.id, role: 'user' }]);
      const signIn = await request(other.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: demoAccounts.customer.email, password: demoAccounts.customer.password },
      });
      expect(signIn.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('demo seed on PostgreSQL deployments', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it('creates no account with a published password', async () => {
    expect(
      await seedDemo(fresh.app, {
        withDemoAccounts: loadConfig({
          DATABASE_URL: 'postgres://localhost/x',
          BETTER_AUTH_SECRET: 'a'.repeat(32),
          PUBLIC_URL: 'https://shop.example.com',
          SEED_DEMO: 'true',
        }).seedDemoAccounts,
      }),
    ).toBe(true);
    expect(await fresh.app.db.select().from(user)).toHaveLength(0);
    expect((await fresh.app.db.select().from(tool)).length).toBeGreaterThanOrEqual(12);
  });
});
