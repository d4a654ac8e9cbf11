import { sql } from 'drizzle-orm';
import {
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
  (t) => [index('stock_movement_tool_id_idx').on(t.toolId)],
);
