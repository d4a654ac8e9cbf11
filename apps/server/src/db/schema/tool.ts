import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
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
 * Catalogue search (docs/architecture.md, "Catalogue search"; decision 020). A tool's words and
 * its part-number key are stored, computed by PostgreSQL from these two expressions on every
 * write (generated columns), and indexed; the search reads the columns, so no row's words are
 * computed again at query time.
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
 * "vf-dm200" all find VF-DM200. Stored for the catalogue's part numbers (`partNumberKey`), and
 * applied to typed text in the query.
 */
export function partNumberKeySql(partNumber: AnyPgColumn | SQL) {
  return sql`regexp_replace(lower(${partNumber}), '[^a-z0-9]+', '', 'g')`;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /**
     * Whether a quantity beyond stock may be sold, shipped from the incoming batches and then within
     * the lead time (docs/payments.md, "Back-orders"); false: sold from stock only.
     */
    backorderable: boolean('backorderable').notNull().default(false),
    /** Weeks to make a quantity no incoming batch covers (1–104); null: none stated. */
    leadTimeWeeks: integer('lead_time_weeks'),
    /**
     * The pieces its waiting back-orders owe (Σ of its order lines' `backordered`), kept by every
     * write that changes one: a placement queues behind it without summing the queue
     * (docs/payments.md, "Back-orders").
     */
    backlog: integer('backlog').notNull().default(0),
    /** At or below this stock the tool is "low"; null means twice its minimum order quantity. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set when admins were told the tool ran low; cleared once it is restocked above the threshold. */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The tool's words for full-text search (`toolDocument`), kept by PostgreSQL. */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs((): SQL => toolDocument(tool)),
    /** The part number as compared (`partNumberKeySql`), kept by PostgreSQL. */
    partNumberKey: text('part_number_key')
      .notNull()
      .generatedAlwaysAs((): SQL => partNumberKeySql(tool.partNumber)),
  },
  (t) => [
    check('tool_in_stock_non_negative', sql`${t.inStock} >= 0`),
    check('tool_min_order_quantity_positive', sql`${t.minOrderQuantity} >= 1`),
    check('tool_order_multiple_positive', sql`${t.orderMultiple} >= 1`),
    check('tool_price_positive', sql`${t.priceCents} > 0`),
    check('tool_low_stock_threshold_non_negative', sql`${t.lowStockThreshold} >= 0`),
    check('tool_lead_time_weeks_range', sql`${t.leadTimeWeeks} between 1 and 104`),
    check('tool_backlog_non_negative', sql`${t.backlog} >= 0`),
    uniqueIndex('tool_part_number_lower_idx').on(sql`lower(${t.partNumber})`),
    index('tool_category_idx').on(t.category),
    index('tool_created_at_idx').on(t.createdAt),
    /*
     * The search's GIN indexes take each write at once (fastupdate off) rather than in a pending
     * list merged by VACUUM: PGlite never vacuums, and after a bulk import PostgreSQL's planner,
     * pricing an index by its pending list, read the whole table for every typed part number
     * (decision 020). The catalogue is written rarely; stock changes leave these columns alone.
     */
    // Case-insensitive partial-name search (ILIKE '%term%') and typos (word similarity).
    index('tool_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    // Full-text search over the tool's words.
    index('tool_search_idx').using('gin', t.searchDocument).with({ fastupdate: 'off' }),
    // Part numbers typed with spaces, hyphens or a typo: LIKE and similarity on the key.
    index('tool_part_number_key_trgm_idx')
      .using('gin', t.partNumberKey.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
  ],
);

/**
 * A tool's columns but the two the search keeps for itself and the back-order queue's running
 * total (read by placement and supply only): what the shop reads of a tool row. The stored words
 * are several times the size of the rest of a row and nothing but the search reads them
 * (decision 020).
 */
export const toolColumns = (() => {
  const {
    searchDocument: _words,
    partNumberKey: _key,
    backlog: _owed,
    ...columns
  } = getTableColumns(tool);
  return columns;
})();

export const stockMovementReasons = [
  'order',
  'cancel',
  'restock',
  'adjust',
  'import',
  'refund',
  'receipt',
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
    /** The batch a `receipt` took in. */
    batchId: uuid('batch_id'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movement_tool_id_idx').on(t.toolId),
    // What an order's cancel and refunds returned already (stock/stock-returns.ts).
    index('stock_movement_order_id_idx').on(t.orderId),
    // A batch is taken into stock once.
    uniqueIndex('stock_movement_batch_id_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
  ],
);

/**
 * A batch staff expect from the line: its quantity and the day it is due (moved as plans change),
 * until it is received, which adds what arrived to the tool's stock (a `receipt` movement) once
 * (docs/payments.md, "Supply and availability").
 */
export const supplyBatch = pgTable(
  'supply_batch',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tool.id),
    quantity: integer('quantity').notNull(),
    expectedOn: date('expected_on').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedQuantity: integer('received_quantity'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('supply_batch_tool_id_idx').on(t.toolId, t.expectedOn),
    check('supply_batch_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'supply_batch_received_whole',
      sql`(${t.receivedAt} is null) = (${t.receivedQuantity} is null) and (${t.receivedQuantity} is null or ${t.receivedQuantity} between 1 and ${t.quantity})`,
    ),
  ],
);
