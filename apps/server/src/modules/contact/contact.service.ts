import {
  contactMessages,
  type ContactResult,
  type ContactTopic,
} from '@voltforge/contract/content';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessage } from '../../db/schema/contact.ts';

export async function saveContactMessage(
  db: Db | Tx,
  input: { topic: ContactTopic; name: string; email: string; message: string },
): Promise<ContactResult> {
  const [row] = await db
    .insert(contactMessage)
    .values(input)
    .returning({ id: contactMessage.id, topic: contactMessage.topic });
  if (!row) throw new Error('contact message insert returned no row');
  return { _id: row.id, topic: row.topic, message: contactMessages.sent[row.topic] };
}
