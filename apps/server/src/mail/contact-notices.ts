import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { enqueueMail } from './outbox.ts';
import {
  contactAckMail,
  contactNoticeMail,
  type ContactMailData,
} from './templates/contact-mails.ts';

/**
 * Queues, in the transaction that stores a contact message, the acknowledgement to its sender
 * and a notice to every admin.
 */
export async function queueContactMails(
  tx: Db | Tx,
  publicUrl: string,
  contact: ContactMailData,
): Promise<void> {
  const admins = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.role, 'admin'));
  const notice = contactNoticeMail({ publicUrl, contact });
  await enqueueMail(tx, [
    { to: contact.email, kind: 'contact_ack', ...contactAckMail({ publicUrl, contact }) },
    ...admins.map((admin) => ({
      to: admin.email,
      kind: 'contact_notice' as const,
      userId: admin.id,
      ...notice,
    })),
  ]);
}
