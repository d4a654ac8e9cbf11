import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { projectRevision } from './project.ts';
import { tool } from './tool.ts';

/**
 * A signed-in buyer's cart: one line per tool. The price is not kept, it is always the tool's
 * now; `seen_unit_price_cents` is what the buyer saw when they last set the quantity, so a change
 * since can be pointed out. Removing the account removes its cart. A line added from a project
 * names the project revision and carries the buyer's own reference for the part, which the order
 * line then keeps (docs/architecture.md, "Projects"); removing the project forgets which it was.
 */
export const cartLine = pgTable(
  'cart_line',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tool.id),
    quantity: integer('quantity').notNull(),
    /** The order lines were first added in, one add's lines in the order given. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    seenUnitPriceCents: integer('seen_unit_price_cents').notNull(),
    projectId: uuid('project_id'),
    projectRevision: integer('project_revision'),
    /** The buyer's own part number / reference, or null. */
    customerRef: text('customer_ref'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    check('cart_line_quantity_positive', sql`${t.quantity} >= 1`),
    index('cart_line_tool_id_idx').on(t.toolId),
    foreignKey({
      name: 'cart_line_project_revision_fk',
      columns: [t.projectId, t.projectRevision],
      foreignColumns: [projectRevision.projectId, projectRevision.revision],
    }).onDelete('set null'),
  ],
);
