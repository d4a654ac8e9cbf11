import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@voltforge/contract/money';
import type { Order, OrderStatus } from '@voltforge/contract/order';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { order } from '../../db/schema/order.ts';
import { containsPattern } from '../tools/tools.service.ts';

export type OrderRow = typeof order.$inferSelect;

export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** The one place an order row becomes the API's JSON; the orders and payments services use it. */
export function orderToJson(row: OrderRow): Order {
  return {
    _id: row.id,
    name: row.customerName,
    email: row.email,
    order: row.toolName,
    partNumber: row.partNumber,
    toolId: row.toolId,
    price: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    total: centsToDollars(row.totalCents),
    phone: row.phone,
    address: row.address,
    status: row.status,
    paid: PAID_STATUSES.includes(row.status),
    transactionId: row.transactionId,
    delivered: row.status === 'delivered',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Manage All Orders' filters, shared by its list and its CSV export. */
export interface OrderFilters {
  status?: OrderStatus;
  /** Part of the part number, tool name, customer name or email, in any letter case. */
  search?: string;
}

/** The WHERE of Manage All Orders' filters (undefined: every order). */
export function orderFiltersWhere(filters: OrderFilters): SQL | undefined {
  const search = filters.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  return and(
    filters.status ? eq(order.status, filters.status) : undefined,
    pattern
      ? or(
          ilike(order.partNumber, pattern),
          ilike(order.toolName, pattern),
          ilike(order.customerName, pattern),
          ilike(order.email, pattern),
        )
      : undefined,
  );
}

/** The one order lookup by id; a malformed id is an order that does not exist (not a SQL error). */
export async function findOrderRow(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(order).where(eq(order.id, id));
  return row;
}
