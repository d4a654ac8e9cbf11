import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { enqueueMail } from './outbox.ts';
import { lowStockMail, type LowStockMailTool } from './templates/stock-mails.ts';

/**
 * The low-stock step handed to the stock-changing modules by app.ts: one mail to every admin,
 * written in the transaction that took the tools low, so a change that rolls back tells nobody.
 */
export function lowStockNotifier(publicUrl: string) {
  return async (tx: Db | Tx, tools: LowStockMailTool[]): Promise<void> => {
    if (tools.length === 0) return;
    const admins = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      // A banned admin can no longer act on it.
      .where(and(eq(user.role, 'admin'), sql`coalesce(${user.banned}, false) = false`));
    const mail = lowStockMail({ publicUrl, tools });
    await enqueueMail(
      tx,
      admins.map((admin) => ({
        to: admin.email,
        kind: 'low_stock' as const,
        userId: admin.id,
        ...mail,
      })),
    );
  };
}
