import type { Db } from '../../../db/client.ts';
import { MAIL_QUEUED, outboxSignal } from '../../../mail/outbox.ts';
import { syncLowStock, type OnLowStock } from '../../../stock/low-stock.service.ts';

/*
 * Step 7 of placing an order (place-order.ts), once step 6 has committed: the order's mail is
 * signalled to this instance's sender, and the tools it took to their low-stock threshold are
 * marked (once, however many orders did it) and the admins told.
 */
export async function afterCommit(
  db: Db,
  wentLow: readonly string[] | null,
  onLowStock: OnLowStock,
): Promise<void> {
  outboxSignal.emit(MAIL_QUEUED);
  if (wentLow && wentLow.length > 0) {
    await db.transaction((tx) => syncLowStock(tx, wentLow, onLowStock));
  }
}
