import { and, eq, sql } from 'drizzle-orm';
import type { MailKind } from '@voltforge/contract/mail';
import type { Db, Tx } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { enqueueMail, type RenderedMail } from './outbox.ts';

/**
 * Queues `mail` to every admin who can still act on it (not banned), in the caller's transaction
 * (so a change that rolls back tells nobody).
 */
export async function mailAdmins(
  tx: Db | Tx,
  kind: MailKind,
  mail: RenderedMail,
  about: { orderId?: string } = {},
): Promise<void> {
  const admins = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(eq(user.role, 'admin'), sql`coalesce(${user.banned}, false) = false`));
  await enqueueMail(
    tx,
    admins.map((admin) => ({ to: admin.email, kind, userId: admin.id, ...about, ...mail })),
  );
}
