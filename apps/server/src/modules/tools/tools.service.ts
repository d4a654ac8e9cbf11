import { and, asc, count, eq, isNull, max, min, sql, sum } from 'drizzle-orm';
import { adminMessages } from '@voltforge/contract/admin';
import { centsToDollars } from '@voltforge/contract/money';
import type { ShopSummary } from '@voltforge/contract/content';
import type { Pricing } from '@voltforge/contract/pricing';
import type { Tool, ToolCategory } from '@voltforge/contract/tool';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { review } from '../../db/schema/review.ts';
import { tool, toolColumns } from '../../db/schema/tool.ts';
import { notFound } from '../../http-error.ts';

/**
 * A tool row as the shop reads it (`toolColumns`: without the search's stored columns and the
 * back-order queue's running total, which only placement and supply read).
 */
export type ToolRow = Omit<
  typeof tool.$inferSelect,
  'searchDocument' | 'partNumberKey' | 'backlog'
>;

/** The one place a tool row becomes the API's JSON; the admin module reuses it. */
export function toolToJson(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    partNumber: row.partNumber,
    img: row.imageUrl,
    price: centsToDollars(row.priceCents),
    minOrderQuantity: row.minOrderQuantity,
    orderMultiple: row.orderMultiple,
    priceBreaks: row.priceBreaks.map((b) => ({
      quantity: b.quantity,
      price: centsToDollars(b.unitPriceCents),
    })),
    inStock: row.inStock,
    backorderable: row.backorderable,
    leadTimeWeeks: row.leadTimeWeeks,
    desc: row.description,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the contract's pricing function takes of a tool row. */
export function pricingOfRow(row: ToolRow): Pricing {
  return {
    priceCents: row.priceCents,
    minOrderQuantity: row.minOrderQuantity,
    orderMultiple: row.orderMultiple,
    priceBreaks: row.priceBreaks,
  };
}

/** The visitor's ILIKE pattern: the typed text matches literally, `%` and `_` included. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A tool that is for sale: archived tools are gone for visitors. */
export async function getTool(db: Db | Tx, id: string): Promise<Tool> {
  if (!isUuid(id)) throw notFound(adminMessages.toolNotFound);
  const [row] = await db
    .select(toolColumns)
    .from(tool)
    .where(and(eq(tool.id, id), isNull(tool.archivedAt)));
  if (!row) throw notFound(adminMessages.toolNotFound);
  return toolToJson(row);
}

export async function listCategories(db: Db | Tx): Promise<ToolCategory[]> {
  return db
    .select({ category: tool.category, count: count() })
    .from(tool)
    .where(isNull(tool.archivedAt))
    .groupBy(tool.category)
    .orderBy(asc(tool.category));
}

/** Three aggregate queries, whatever the size of the catalogue. */
export async function shopSummary(db: Db | Tx): Promise<ShopSummary> {
  const [categories, [prices], [reviews]] = await Promise.all([
    db
      .select({
        category: tool.category,
        toolCount: count(),
        stockOnHand: sql<number>`coalesce(${sum(tool.inStock)}, 0)::int`,
        outOfStock: sql<number>`count(*) filter (where ${tool.inStock} = 0)::int`,
      })
      .from(tool)
      .where(isNull(tool.archivedAt))
      .groupBy(tool.category)
      .orderBy(asc(tool.category)),
    db
      .select({ min: min(tool.priceCents), max: max(tool.priceCents) })
      .from(tool)
      .where(isNull(tool.archivedAt)),
    db
      .select({
        reviewCount: count(),
        averageRating: sql<string | null>`round(avg(${review.rating}), 1)`,
      })
      .from(review)
      // A review an admin has hidden no longer counts.
      .where(isNull(review.hiddenAt)),
  ]);
  const total = (pick: (c: (typeof categories)[number]) => number) =>
    categories.reduce((acc, c) => acc + Number(pick(c)), 0);
  return {
    toolCount: total((c) => c.toolCount),
    categoryCount: categories.length,
    stockOnHand: total((c) => c.stockOnHand),
    outOfStockCount: total((c) => c.outOfStock),
    priceRange:
      prices?.min != null && prices.max != null
        ? { min: centsToDollars(prices.min), max: centsToDollars(prices.max) }
        : null,
    categories: categories.map((c) => ({
      category: c.category,
      toolCount: Number(c.toolCount),
      stockOnHand: Number(c.stockOnHand),
    })),
    reviewCount: reviews?.reviewCount ?? 0,
    averageRating: reviews?.averageRating == null ? null : Number(reviews.averageRating),
    generatedAt: new Date().toISOString(),
  };
}
