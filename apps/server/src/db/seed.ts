import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { demoAccounts } from './demo-accounts.ts';
import { user } from './schema/auth.ts';
import { appMeta } from './schema/app-meta.ts';
import { review } from './schema/review.ts';
import { stockMovement, tool } from './schema/tool.ts';
import { seedReviews, seedTools } from './seed-data/catalogue.ts';

const SEED_MARKER = 'demo_seeded_at';

async function ensureAccount(
  app: App,
  account: { name: string; email: string; password: string },
  role: 'admin' | 'user',
) {
  const [existing] = await app.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, account.email));
  if (!existing) await app.auth.api.signUpEmail({ body: account });
  // The demo addresses have no mailbox to confirm them from: they count as confirmed.
  await app.db
    .update(user)
    .set({ emailVerified: true, ...(role === 'admin' ? { role } : {}) })
    .where(eq(user.email, account.email));
}

/**
 * Seeds the demo catalogue and reviews once per database: a marker row, written in the same
 * transaction, makes a second start (or a second instance) skip it. Returns whether it seeded.
 */
export async function seedDemo(app: App, opts: { withDemoAccounts: boolean }): Promise<boolean> {
  // Accounts go through better-auth (password hashing), which uses the outer connection, so they
  // are created before the transaction: PGlite would deadlock on a query inside it.
  if (opts.withDemoAccounts) {
    await ensureAccount(app, demoAccounts.admin, 'admin');
    await ensureAccount(app, demoAccounts.customer, 'user');
  }
  return app.db.transaction(async (tx) => {
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
          description: t.description,
          imageUrl: `/images/tools/${t.slug}.svg`,
          category: t.category,
          priceCents: t.priceCents,
          minOrderQuantity: t.minOrderQuantity,
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
