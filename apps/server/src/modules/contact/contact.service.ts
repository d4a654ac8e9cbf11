import type { ContactResult } from '@voltforge/contract/content';
import { contactMessages, type ContactTopic } from '@voltforge/contract/contact-rules';
import type { Db } from '../../db/client.ts';
import { queueContactMails } from '../../mail/contact-notices.ts';
import { contactMessage } from '../../db/schema/contact.ts';

/**
 * Stores the message with, in the same transaction, an acknowledgement to its sender and a
 * notice to every admin (read and marked on the Inbox page).
 */
export async function saveContactMessage(
  db: Db,
  input: { topic: ContactTopic; name: string; email: string; message: string },
  settings: { publicUrl: string },
): Promise<ContactResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessage)
      .values(input)
      .returning({ id: contactMessage.id, topic: contactMessage.topic });
    if (!row) throw new Error('contact message insert returned no row');
    await queueContactMails(tx, settings.publicUrl, input);
    return { _id: row.id, topic: row.topic, message: contactMessages.sent[row.topic] };
  });
}
