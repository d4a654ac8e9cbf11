import { randomUUID } from 'node:crypto';
import type { Env } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { tool } from '../src/db/schema/tool.ts';
import type { ToolRow } from '../src/modules/tools/tools.service.ts';
import { createTestApp, registerUser, type TestApp, type TestUser } from './test-app.ts';

export interface ShopTestApp extends TestApp {
  customerA: TestUser;
  customerB: TestUser;
  admin: TestUser;
}

type ShopUserNames = Partial<Record<'customerA' | 'customerB' | 'admin', string>>;

/**
 * A fresh app with the three people most tests need: customer A (who owns things), customer B
 * (who must not reach A's things) and an admin. Registered in that order, through the real sign-up.
 */
export async function createShopTestApp(
  opts: { env?: Env; names?: ShopUserNames } = {},
): Promise<ShopTestApp> {
  const t = await createTestApp(opts.env);
  const customerA = await registerUser(t.app, { name: opts.names?.customerA ?? 'Alice Ampere' });
  const customerB = await registerUser(t.app, { name: opts.names?.customerB ?? 'Bob Volta' });
  const admin = await registerUser(t.app, {
    name: opts.names?.admin ?? 'Ada Admin',
    role: 'admin',
  });
  return { ...t, customerA, customerB, admin };
}

/**
 * Inserts a tool for sale straight into the database (no admin request needed); `overrides` set
 * whatever the test is about. Takes a Db so tests that open their own database can use it too.
 */
export async function insertTool(
  db: Db,
  overrides: Partial<typeof tool.$inferInsert> = {},
): Promise<ToolRow> {
  const [row] = await db
    .insert(tool)
    .values({
      name: `Bench Multimeter ${randomUUID().slice(0, 6)}`,
      partNumber: `T-${randomUUID().slice(0, 13)}`,
      description: 'A true-RMS bench multimeter.',
      imageUrl: '/images/tools/vf-dm200-digital-multimeter.svg',
      category: 'Measurement & Test',
      priceCents: 1250,
      minOrderQuantity: 3,
      inStock: 10,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('tool insert failed');
  return row;
}
