import type { Db, Tx } from '../db/client.ts';
import { mailAdmins } from './admin-mail.ts';
import { lowStockMail, type LowStockMailTool } from './templates/stock-mails.ts';

/**
 * The low-stock step handed to the stock-changing modules by app.ts: one mail to every admin,
 * written in the transaction that took the tools low, so a change that rolls back tells nobody.
 */
export function lowStockNotifier(publicUrl: string) {
  return async (tx: Db | Tx, tools: LowStockMailTool[]): Promise<void> => {
    if (tools.length === 0) return;
    await mailAdmins(tx, 'low_stock', lowStockMail({ publicUrl, tools }));
  };
}
