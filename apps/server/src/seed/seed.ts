import { randomUUID } from 'node:crypto';
import type { App } from '../app.ts';
import type { Tx } from '../db/client.ts';
import { demoAccounts } from '../db/demo-accounts.ts';
import { account, user } from '../db/schema/auth.ts';
import { appMeta } from '../db/schema/app-meta.ts';
import { review } from '../db/schema/review.ts';
import { stockMovement, tool } from '../db/schema/tool.ts';
import { seedReviews, seedTools } from './seed-data/catalogue.ts';

const SEED_MARKER = 'demo_seeded_at';
const DEMO_ACCOUNTS_MARKER = 'demo_accounts_created_at';

/**
 * Creates the demo accounts, once per database, inside the seed's transaction: their rows are
 * written here (password hashed with better-auth's own hasher) because better-auth writes through
 * the outer connection, which PGlite cannot serve while this transaction holds it. An email that
 * already has an account is left exactly as it is: a person who registered the demo admin's
 * address after the operator removed it stays a customer.
 */
async function createDemoAccounts(app: App, tx: Tx): Promise<void> {
  const marked = await tx
    .insert(appMeta)
    .values({ key: DEMO_ACCOUNTS_MARKER, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  if (marked.length === 0) return;
  const { password } = await app.auth.$context;
  const wanted = [
    { ...demoAccounts.admin, role: 'admin' },
    { ...demoAccounts.customer, role: 'user' },
  ] as const;
  for (const demo of wanted) {
    const id = randomUUID();
    const [created] = await tx
      .insert(user)
      .values({
        id,
        name: demo.name,
        email: demo.email,
        role: demo.role,
        // The demo addresses have no mailbox to confirm them from: they count as confirmed.
        emailVerified: true,
      })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (!created) continue;
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await password.hash(demo.password),
    });
  }
}

/**
 * Seeds the demo catalogue and reviews once per database: a marker row, written in the same
 * transaction, makes a second start (or a second instance) skip it. The demo accounts have their
 * own marker, so they too are created at most once. Returns whether the catalogue was seeded.
 */
export async function seedDemo(app: App, opts: { withDemoAccounts: boolean }): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    if (opts.withDemoAccounts) await createDemoAccounts(app, tx);
    const marked = await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return false;

    const now = Date.now();
    const tools = await tx
      .insert(tool)
      .values(
        seedTools.map((t, i) => ({
          name: t.name,
          // The catalogue's slugs start with the part number: vf-dm200-digital-multimeter.
          partNumber: t.slug.split('-').slice(0, 2).join('-').toUpperCase(),
          description: t.description,
          imageUrl: `/images/tools/${t.slug}.webp`,
          category: t.category,
          priceCents: t.priceCents,
          minOrderQuantity: t.minOrderQuantity,
          orderMultiple: t.orderMultiple ?? 1,
          priceBreaks: (t.priceBreaks ?? []).map(([quantity, unitPriceCents]) => ({
            quantity,
            unitPriceCents,
          })),
          inStock: t.inStock,
          // Spread creation times so "newest" sorting is meaningful.
          createdAt: new Date(now - i * 86_400_000),
        })),
      )
      .returning({ id: tool.id, inStock: tool.inStock });
    const stocked = tools.filter((t) => t.inStock > 0);
    if (stocked.length > 0) {
      await tx
        .insert(stockMovement)
        .values(
          stocked.map((t) => ({ toolId: t.id, delta: t.inStock, reason: 'restock' as const })),
        );
    }
    await tx.insert(review).values(
      seedReviews.map((r) => ({
        userName: r.userName,
        rating: r.rating,
        comment: r.comment,
        photoUrl: r.avatar,
        createdAt: new Date(now - r.daysAgo * 86_400_000),
      })),
    );
    return true;
  });
}
