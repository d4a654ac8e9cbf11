import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceBreak } from '@voltforge/contract/pricing';
import { user } from './auth.ts';

/*
 * Catalogue search (docs/architecture.md, "Catalogue search"). These two expressions are indexed
 * and the search query uses these same functions, so the planner finds the indexes: an
 * expression index is only used for a query that repeats its expression.
 */

/**
 * The words of a tool: name and part number first (weight A), then category (B), then description
 * (C). `english` stems ("multimeters" and "multimeter" are one word); `simple` keeps a part number's
 * words as typed ("vf-dm200"), which the English stemmer would not touch either but may split.
 */
export function toolDocument(t: {
  name: AnyPgColumn;
  partNumber: AnyPgColumn;
  category: AnyPgColumn;
  description: AnyPgColumn;
}) {
  return sql`(setweight(to_tsvector('english'::regconfig, ${t.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${t.partNumber}), 'A') || setweight(to_tsvector('english'::regconfig, ${t.category}), 'B') || setweight(to_tsvector('english'::regconfig, ${t.description}), 'C'))`;
}

/**
 * A part number as it is compared: lower case, letters and digits only, so "dm 200", "DM-200" and
 * "vf-dm200" all find VF-DM200. The same rule in the search text is `partNumberSearchKey`.
 */
export function partNumberKeySql(partNumber: AnyPgColumn | SQL) {
  return sql`regexp_replace(lower(${partNumber}), '[^a-z0-9]+', '', 'g')`;
}

export const tool = pgTable(
  'tool',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The SKU staff and customers quote; unique whatever its letter case. */
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    category: text('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** Only multiples of this can be ordered (packaging); 1 for any quantity. */
    orderMultiple: integer('order_multiple').notNull().default(1),
    /**
     * Lower unit prices from a quantity on, beyond the base price at the minimum order quantity:
     * `[{ "quantity": 25, "unitPriceCents": 8400 }, …]`, rising quantities, falling prices
     * (checked by the contract's `pricingProblem` before every write).
     */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    inStock: integer('in_stock').notNull().default(0),
    /** At or below this stock the tool is "low"; null means twice its minimum order quantity. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set when admins were told the tool ran low; cleared once it is restocked above the threshold. */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('tool_in_stock_non_negative', sql`${t.inStock} >= 0`),
    check('tool_min_order_quantity_positive', sql`${t.minOrderQuantity} >= 1`),
    check('tool_order_multiple_positive', sql`${t.orderMultiple} >= 1`),
    check('tool_price_positive', sql`${t.priceCents} > 0`),
    check('tool_low_stock_threshold_non_negative', sql`${t.lowStockThreshold} >= 0`),
    uniqueIndex('tool_part_number_lower_idx').on(sql`lower(${t.partNumber})`),
    index('tool_category_idx').on(t.category),
    index('tool_created_at_idx').on(t.createdAt),
    // Case-insensitive partial-name search (ILIKE '%term%') uses this trigram index.
    index('tool_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Full-text search over the tool's words.
    index('tool_search_idx').using('gin', toolDocument(t)),
    // Part numbers typed with spaces, hyphens or a typo: LIKE and similarity on the key.
    index('tool_part_number_key_trgm_idx').using(
      'gin',
      sql`${partNumberKeySql(t.partNumber)} gin_trgm_ops`,
    ),
  ],
);

export const stockMovementReasons = [
  'order',
  'cancel',
  'restock',
  'adjust',
  'import',
  'refund',
] as const;

/** Every change of tool.in_stock writes one row, in the same transaction. */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tool.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    orderId: uuid('order_id'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movement_tool_id_idx').on(t.toolId),
    // What an order's cancel and refunds returned already (stock/stock-returns.ts).
    index('stock_movement_order_id_idx').on(t.orderId),
  ],
);
