import type { OrderCancelReason } from '@voltforge/contract/order-timeline';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import type { Db, Tx } from '../../db/client.ts';
import { orderEvent } from '../../db/schema/order-event.ts';

export interface OrderStatusChange {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  /** The signed-in person who made the change; null for the payment provider or the shop itself. */
  actorId: string | null;
  cancelReason?: OrderCancelReason;
}

/**
 * Books a status change for the order's timeline. Call it in the transaction (or right after the
 * conditional UPDATE) that made the change, only when that UPDATE changed a row, so a change
 * that lost a race is never recorded.
 */
export async function recordOrderEvent(db: Db | Tx, change: OrderStatusChange): Promise<void> {
  await db.insert(orderEvent).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actorId: change.actorId,
    cancelReason: change.cancelReason ?? null,
  });
}
