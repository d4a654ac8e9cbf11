import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { newsletterMessages, type NewsletterResult } from '@voltforge/contract/content';
import { newsletterLinkMessages, type NewsletterLinkResult } from '@voltforge/contract/mail';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { newsletterSubscriber } from '../../db/schema/newsletter.ts';
import { notFound } from '../../http-error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { newsletterConfirmMail } from '../../mail/templates/newsletter-mails.ts';

/** A second sign-up of an unconfirmed address re-sends the link, but not more often than this. */
const RESEND_AFTER_MS = 15 * 60_000;

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Double opt-in: the address is stored unconfirmed and gets a confirmation link; only a
 * confirmed address receives the newsletter. The answer is the same for a new address, an
 * unconfirmed one and a confirmed one, so the form cannot be used to learn who is subscribed.
 */
export async function subscribe(
  db: Db,
  settings: { publicUrl: string },
  email: string,
): Promise<NewsletterResult> {
  await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscriber)
      .values({ email, token: newToken() })
      .onConflictDoNothing({ target: newsletterSubscriber.email })
      .returning({ token: newsletterSubscriber.token });
    let token = inserted?.token ?? null;
    if (!token) {
      // Already on the list: a confirmed address gets nothing; an unconfirmed one the link again.
      const [existing] = await tx
        .update(newsletterSubscriber)
        .set({ token: sql`coalesce(${newsletterSubscriber.token}, ${newToken()})` })
        .where(and(eq(newsletterSubscriber.email, email), isNull(newsletterSubscriber.confirmedAt)))
        .returning({ token: newsletterSubscriber.token });
      if (!existing?.token) return;
      const [recent] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, email),
            eq(mailOutbox.kind, 'newsletter_confirm'),
            gt(mailOutbox.createdAt, new Date(Date.now() - RESEND_AFTER_MS)),
          ),
        )
        .limit(1);
      if (recent) return;
      token = existing.token;
    }
    await enqueueMail(tx, {
      to: email,
      kind: 'newsletter_confirm',
      ...newsletterConfirmMail({ publicUrl: settings.publicUrl, token }),
    });
  });
  return { email, message: newsletterMessages.confirmationSent };
}

/** The link in the confirmation mail; following it again changes nothing. */
export async function confirmSubscription(db: Db, token: string): Promise<NewsletterLinkResult> {
  const [row] = await db
    .update(newsletterSubscriber)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriber.confirmedAt}, now())` })
    .where(eq(newsletterSubscriber.token, token))
    .returning({ id: newsletterSubscriber.id });
  if (!row) throw notFound(newsletterLinkMessages.invalidLink);
  return { message: newsletterLinkMessages.confirmed };
}

/**
 * The unsubscribe link: removes the address. The answer is the same for a token that is no
 * longer on the list, so a second click (or a guess) learns nothing.
 */
export async function unsubscribe(db: Db, token: string): Promise<NewsletterLinkResult> {
  await db.delete(newsletterSubscriber).where(eq(newsletterSubscriber.token, token));
  return { message: newsletterLinkMessages.unsubscribed };
}
