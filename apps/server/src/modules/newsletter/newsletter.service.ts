import { newsletterMessages, type NewsletterResult } from '@voltforge/contract/content';
import type { Db, Tx } from '../../db/client.ts';
import { newsletterSubscriber } from '../../db/schema/newsletter.ts';

/**
 * Idempotent: the unique email decides, so two simultaneous subscribes of one address still
 * store a single row, and the second learns it was already on the list.
 */
export async function subscribe(db: Db | Tx, email: string): Promise<NewsletterResult> {
  const inserted = await db
    .insert(newsletterSubscriber)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriber.email })
    .returning({ id: newsletterSubscriber.id });
  const alreadySubscribed = inserted.length === 0;
  return {
    email,
    alreadySubscribed,
    message: alreadySubscribed
      ? newsletterMessages.alreadySubscribed
      : newsletterMessages.subscribed,
  };
}
