import { eq } from 'drizzle-orm';
import { centsToDollars } from '@voltforge/contract/money';
import type { Order, OrderStatus } from '@voltforge/contract/order';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { order } from '../../db/schema/order.ts';

export type OrderRow = typeof order.$inferSelect;

export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** The one place an order row becomes the API's JSON; the orders and payments services use it. */
export function orderToJson(row: OrderRow): Order {
  return {
    _id: row.id,
    name: row.customerName,
    email: row.email,
    order: row.toolName,
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

/** The one order lookup by id; a malformed id is an order that does not exist (not a SQL error). */
export async function findOrderRow(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(order).where(eq(order.id, id));
  return row;
}
